// swift-tools-version: 6.2
import CompilerPluginSupport
import PackageDescription

// The macros' tests on one version of swift-syntax, `exact:` (SYRINGE_SWIFT_SYNTAX, 600.0.1 by default: the
// oldest that Syringe accepts). `.ci/run` runs it for 603.0.1 and 600.0.1:
//
//     SYRINGE_SWIFT_SYNTAX=600.0.1 swift test --package-path Tests/Macros --scratch-path .build-macros-600.0.1
//
// Expansions: the plugin's sources (Plugin links to Sources/SyringeMacrosPlugin), expanded by swift-syntax's
// test support, exact output and every diagnostic. Usage and MainActorUsage: the root package's macro tests
// (links), compiled against Syringe with the trait "Macros", whose plugin is then built on this swift-syntax.
let version = Context.environment["SYRINGE_SWIFT_SYNTAX"].flatMap { Version($0) } ?? "600.0.1"
let syntax = ["SwiftSyntax", "SwiftSyntaxBuilder", "SwiftSyntaxMacros", "SwiftCompilerPlugin", "SwiftDiagnostics"]
let macros: [SwiftSetting] = [.define("Macros")]

let package = Package(
    name: "SyringeMacrosTests",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9)],
    dependencies: [
        .package(name: "Syringe", path: "../..", traits: ["Macros"]),
        .package(url: "https://github.com/swiftlang/swift-syntax", exact: version),
    ],
    targets: [
        .macro(
            name: "MacroPlugin", dependencies: syntax.map { .product(name: $0, package: "swift-syntax") },
            path: "Plugin", swiftSettings: macros),
        .testTarget(
            name: "MacroExpansionTests",
            dependencies: [
                "MacroPlugin",
                .product(name: "SwiftSyntaxMacroExpansion", package: "swift-syntax"),
                .product(name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax"),
            ],
            path: "Expansions", swiftSettings: macros),
        .testTarget(
            name: "MacroUsageTests", dependencies: [.product(name: "SyringeMacros", package: "Syringe")],
            path: "Usage", swiftSettings: macros),
        .testTarget(
            name: "MacroMainActorUsageTests", dependencies: [.product(name: "SyringeMacros", package: "Syringe")],
            path: "MainActorUsage",
            swiftSettings: macros + [
                .defaultIsolation(MainActor.self), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
                .enableUpcomingFeature("InferIsolatedConformances"),
            ]),
    ],
    swiftLanguageModes: [.v6]
)
