// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Syringe",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Syringe", targets: ["Syringe"]),
        .library(name: "SyringeTesting", targets: ["SyringeTesting"]),
        .executable(name: "syringe-demo", targets: ["SyringeDemo"]),
        .executable(name: "keys-example", targets: ["KeysExample"]),
        .executable(name: "container-properties-example", targets: ["ContainerPropertiesExample"]),
        .executable(name: "modules-example", targets: ["ModulesExample"]),
        .executable(name: "injection-patterns-example", targets: ["InjectionPatternsExample"]),
        .executable(name: "components-example", targets: ["ComponentsExample"]),
    ],
    targets: [
        .target(name: "Syringe", dependencies: ["SyringeShims"]),
        // C11 atomics for the lock-free read path (and runtime declarations Swift code cannot name).
        .target(name: "SyringeShims"),
        .target(name: "SyringeTesting", dependencies: ["Syringe"]),
        .executableTarget(name: "SyringeDemo", dependencies: ["Syringe"]),
        // One small program per seed article (see Examples/README.md), each checked by ExamplesTests.
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
