// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Syringe",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Syringe", targets: ["Syringe"]),
        .executable(name: "syringe-demo", targets: ["SyringeDemo"]),
    ],
    targets: [
        .target(name: "Syringe"),
        .executableTarget(name: "SyringeDemo", dependencies: ["Syringe"]),
        .testTarget(name: "SyringeTests", dependencies: ["Syringe"]),
    ],
    swiftLanguageModes: [.v6]
)
