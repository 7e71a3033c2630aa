#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// What a process is launched as, for contexts (`.onPreview`, `.onTest`, `.onDebug`, `.onArgument`, a key's
/// `previewValue` and `testValue`): read once, from the environment and the launch arguments, and fixed for
/// the life of the process.
///
/// Package-visible so that the tests of this package can run code as if launched otherwise
/// (``with(_:operation:)``), for one task, without touching the real environment.
package struct ProcessContext: Sendable, Equatable {
    /// Xcode runs the process for a SwiftUI preview (`XCODE_RUNNING_FOR_PREVIEWS=1`).
    package var isPreview: Bool
    /// The process runs tests: XCTest or Swift Testing, in Xcode or through `swift test`.
    package var isTest: Bool
    /// Syringe was compiled with `DEBUG`: as SwiftPM and Xcode build a package, the configuration of the app.
    package var isDebug: Bool
    /// The launch arguments, without the executable's path.
    package var arguments: [String]

    package init(isPreview: Bool = false, isTest: Bool = false, isDebug: Bool = false, arguments: [String] = []) {
        self.isPreview = isPreview
        self.isTest = isTest
        self.isDebug = isDebug
        self.arguments = arguments
    }

    /// The context of a process with this environment (`environment(name)` is the variable's value) and these
    /// launch arguments (the first is the executable's path, as in `CommandLine.arguments`).
    package init(environment: (String) -> String?, arguments: [String], isDebug: Bool) {
        self.init(
            isPreview: environment("XCODE_RUNNING_FOR_PREVIEWS") == "1",
            isTest: ProcessContext.isTestProcess(environment: environment, arguments: arguments),
            isDebug: isDebug, arguments: Array(arguments.dropFirst()))
    }

    /// Whether a launch argument is exactly `argument`.
    func has(_ argument: String) -> Bool {
        arguments.contains(argument)
    }

    /// Xcode sets one of the variables in a test process and in the app that hosts its tests; `swift test` runs
    /// an `.xctest` bundle (Linux), `xctest` or `swiftpm-testing-helper` (macOS), with `--testing-library` when
    /// Swift Testing runs.
    static func isTestProcess(environment: (String) -> String?, arguments: [String]) -> Bool {
        let variables = ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"]
        if variables.contains(where: { environment($0) != nil }) { return true }
        if let executable = arguments.first?.split(separator: "/").last {
            if executable.hasSuffix(".xctest") || executable == "xctest" || executable == "swiftpm-testing-helper" {
                return true
            }
        }
        return arguments.contains("--testing-library")
    }

    /// The context this process was launched in.
    static let detected = ProcessContext(
        environment: { name in getenv(name).map { String(cString: $0) } }, arguments: CommandLine.arguments,
        isDebug: isDebugBuild)

    #if DEBUG
    static let isDebugBuild = true
    #else
    static let isDebugBuild = false
    #endif

    /// The context contexts are chosen by: the detected one, or the one a test of this package bound.
    static var current: ProcessContext {
        guard overridden.isSet else { return detected }
        return override ?? detected
    }

    @TaskLocal private static var override: ProcessContext?

    /// Set once a test bound a context: until then, ``current`` skips the task-local lookup.
    private static let overridden = AtomicFlag()

    /// Runs `operation` as if the process had been launched in `context`, for the current task only.
    package static func with<Result>(_ context: ProcessContext, operation: () throws -> Result) rethrows -> Result {
        if !overridden.isSet { overridden.set() }
        return try $override.withValue(context, operation: operation)
    }

    /// Runs an async `operation` as if the process had been launched in `context`, for the current task only.
    package static func with<Result>(
        _ context: ProcessContext, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        if !overridden.isSet { overridden.set() }
        return try await $override.withValue(context, operation: operation, isolation: isolation)
    }
}

/// The launch contexts an alternative factory can be chosen for, from the strongest: when several apply, the
/// strongest wins, whatever order they were written in.
enum LaunchContext: Sendable {
    /// A debug build (see ``ProcessContext/isDebug``).
    case debug
    /// A test process.
    case test
    /// An Xcode preview.
    case preview
    /// A launch argument was passed: the most specific request, made on purpose for this run.
    case argument(String)

    /// Whether the process was launched in this context.
    func applies(in process: ProcessContext) -> Bool {
        switch self {
        case .debug: return process.isDebug
        case .test: return process.isTest
        case .preview: return process.isPreview
        case .argument(let argument): return process.has(argument)
        }
    }

    /// Where it stands: a higher rank wins. Launch arguments are of one rank, so the first that applies wins.
    var rank: Int {
        switch self {
        case .debug: return 1
        case .test: return 2
        case .preview: return 3
        case .argument: return 4
        }
    }
}
