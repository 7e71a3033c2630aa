// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

// The traits that turn on the optional integrations (`swift build --traits Hummingbird`).
let lifecycle: Set<String> = ["ServiceLifecycle"]
let hummingbird: Set<String> = ["Hummingbird"]
let serviceLifecycle = "swift-service-lifecycle"
let macros: Set<String> = ["Macros"]
// What the macros' implementation uses of swift-syntax: only with the trait, so that an app without it resolves
// and builds none of swift-syntax.
let syntax = [
    "SwiftSyntax", "SwiftSyntaxBuilder", "SwiftSyntaxMacros", "SwiftCompilerPlugin", "SwiftDiagnostics",
].map { Target.Dependency.product(name: $0, package: "swift-syntax", condition: .when(traits: macros)) }
// A module as Xcode 26 makes a new app target: default main-actor isolation and "approachable concurrency".
let appMode: [SwiftSetting] = [
    .defaultIsolation(MainActor.self),
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
    .enableUpcomingFeature("InferIsolatedConformances"),
]

let package = Package(
    name: "Syringe",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    products: [
        .library(name: "Syringe", targets: ["Syringe"]),
        .library(name: "SyringeTesting", targets: ["SyringeTesting"]),
        .executable(name: "syringe-demo", targets: ["SyringeDemo"]),
        // Optional integrations: each builds against its framework only when its trait is enabled (see README,
        // "Servers"); without the trait the product is an empty module and nothing new is resolved or built.
        .library(name: "SyringeServiceLifecycle", targets: ["SyringeServiceLifecycle"]),
        .library(name: "SyringeHummingbird", targets: ["SyringeHummingbird"]),
        // `@Injectable`, `@Inject`, `@InjectionConsumer`: with the trait "Macros" (see README, "Macros").
        .library(name: "SyringeMacros", targets: ["SyringeMacros"]),
    ],
    traits: [
        .trait(
            name: "ServiceLifecycle",
            description: "SyringeServiceLifecycle: the container's services as a ServiceGroup."),
        .trait(
            name: "Hummingbird", description: "SyringeHummingbird: a request scope per Hummingbird 2 request.",
            enabledTraits: ["ServiceLifecycle"]),
        .trait(
            name: "Macros",
            description: "SyringeMacros: @Injectable, @Inject and @InjectionConsumer (builds swift-syntax)."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        // Resolved only when a trait that uses them is enabled.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: []),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"605.0.0"),
        // The example server and its tests only (not reached from any product).
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/vapor/sqlite-nio", from: "1.13.2"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
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
        .target(
            name: "SyringeServiceLifecycle",
            dependencies: [
                "Syringe",
                .product(name: "ServiceLifecycle", package: serviceLifecycle, condition: .when(traits: lifecycle)),
                .product(name: "UnixSignals", package: serviceLifecycle, condition: .when(traits: lifecycle)),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: lifecycle)),
            ]),
        .target(
            name: "SyringeHummingbird",
            dependencies: [
                "Syringe",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: hummingbird)),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: hummingbird)),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: hummingbird)),
            ]),
        // The macros: declarations (SyringeMacros) and their implementation, a compiler plugin that shares no
        // module with the library. Without the trait both compile to nothing (the plugin to an empty program).
        .target(
            name: "SyringeMacros",
            dependencies: ["Syringe", .target(name: "SyringeMacrosPlugin", condition: .when(traits: macros))]),
        .macro(name: "SyringeMacrosPlugin", dependencies: syntax),
        // The example server (Hummingbird, SQLite through sqlite-nio); `swift run --traits Hummingbird TodoServer`.
        .executableTarget(
            name: "TodoServer",
            dependencies: [
                "Syringe", "SyringeServiceLifecycle", "SyringeHummingbird",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: hummingbird)),
                .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: hummingbird)),
                .product(name: "UnixSignals", package: serviceLifecycle, condition: .when(traits: hummingbird)),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio", condition: .when(traits: hummingbird)),
                .product(name: "HTTPTypes", package: "swift-http-types", condition: .when(traits: hummingbird)),
            ],
            path: "Examples/TodoServer"),
        .testTarget(name: "SyringeTests", dependencies: ["Syringe"]),
        .testTarget(name: "SyringeTestingTests", dependencies: ["Syringe", "SyringeTesting"]),
        // The code examples of DESIGN.md and the README, compiled as written (their type names are the ones
        // the other test targets use for fixtures, so they get a module of their own).
        .testTarget(name: "HostileExamplesTests", dependencies: ["Syringe", "SyringeTesting"]),
        // The same idioms written as app code in an app module (see `appMode`): compiled and run as written.
        .testTarget(name: "AppModeTests", dependencies: ["Syringe", "SyringeTesting"], swiftSettings: appMode),
        // The README's code in the same mode, copied as written (its type names clash with the seeds').
        .testTarget(name: "AppModeExamplesTests", dependencies: ["Syringe", "SyringeTesting"], swiftSettings: appMode),
        .testTarget(
            name: "ExamplesTests",
            dependencies: [
                "KeysExample", "ContainerPropertiesExample", "ModulesExample", "InjectionPatternsExample",
                "ComponentsExample",
            ]),
        // The usage of the macros, compiled and run in a plain module and in one that is main-actor isolated by
        // default. Their expansions are tested in Tests/Macros, a package of its own (a test target that links a
        // macro makes SwiftPM build every test target for the host, where the examples' modules are not).
        .testTarget(name: "SyringeMacrosTests", dependencies: ["Syringe", "SyringeMacros"]),
        .testTarget(
            name: "SyringeMacrosMainActorTests", dependencies: ["Syringe", "SyringeMacros"],
            swiftSettings: appMode),
        .testTarget(
            name: "SyringeServiceLifecycleTests",
            dependencies: [
                "Syringe", "SyringeServiceLifecycle",
                .product(name: "ServiceLifecycle", package: serviceLifecycle, condition: .when(traits: lifecycle)),
                .product(name: "Logging", package: "swift-log", condition: .when(traits: lifecycle)),
            ]),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "Syringe", "SyringeServiceLifecycle", "SyringeHummingbird", "TodoServer",
                .product(name: "Hummingbird", package: "hummingbird", condition: .when(traits: hummingbird)),
                .product(name: "HummingbirdTesting", package: "hummingbird", condition: .when(traits: hummingbird)),
                .product(name: "SQLiteNIO", package: "sqlite-nio", condition: .when(traits: hummingbird)),
                .product(name: "AsyncHTTPClient", package: "async-http-client", condition: .when(traits: hummingbird)),
                .product(name: "NIOHTTP1", package: "swift-nio", condition: .when(traits: hummingbird)),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
