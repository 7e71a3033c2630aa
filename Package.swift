// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Syringe",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Syringe", targets: ["Syringe"]),
        .library(name: "SyringeTesting", targets: ["SyringeTesting"]),
        .executable(name: "syringe-demo", targets: ["SyringeDemo"]),
    ],
    targets: [
        .target(name: "Syringe", dependencies: ["SyringeShims"]),
        // C11 atomics for the lock-free read path (and runtime declarations Swift code cannot name).
        .target(name: "SyringeShims"),
        .target(name: "SyringeTesting", dependencies: ["Syringe"]),
        .executableTarget(name: "SyringeDemo", dependencies: ["Syringe"]),
        .testTarget(name: "SyringeTests", dependencies: ["Syringe"]),
        .testTarget(name: "SyringeTestingTests", dependencies: ["Syringe", "SyringeTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
