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
        // C11 atomics, the reclamation of the lock-free read path, thread-locals and one runtime declaration.
        .target(name: "SyringeShims"),
        .target(name: "SyringeTesting", dependencies: ["Syringe"]),
        .executableTarget(name: "SyringeDemo", dependencies: ["Syringe"]),
        // One small program per idiom (see Examples/README.md), each checked by ExamplesTests. Targets only:
        // `swift run KeysExample` finds them, and packages that depend on Syringe do not see them.
        .executableTarget(name: "KeysExample", dependencies: ["Syringe"], path: "Examples/Keys"),
        .executableTarget(
            name: "ContainerPropertiesExample", dependencies: ["Syringe"], path: "Examples/ContainerProperties"),
        .executableTarget(name: "ModulesExample", dependencies: ["Syringe"], path: "Examples/Modules"),
        .executableTarget(
            name: "InjectionPatternsExample", dependencies: ["Syringe"], path: "Examples/InjectionPatterns"),
        .executableTarget(name: "ComponentsExample", dependencies: ["Syringe"], path: "Examples/Components"),
        .testTarget(name: "SyringeTests", dependencies: ["Syringe"]),
        .testTarget(name: "SyringeTestingTests", dependencies: ["Syringe", "SyringeTesting"]),
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "KeysExample", "ContainerPropertiesExample", "ModulesExample", "InjectionPatternsExample",
                "ComponentsExample",
            ]),
    ],
    swiftLanguageModes: [.v6]
)
