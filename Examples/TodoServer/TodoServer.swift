#if Hummingbird
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// Where and how the server runs.
struct TodoServerConfiguration: Sendable {
    var host = "127.0.0.1"
    /// 0 picks a free port; `onServerRunning` learns which.
    var port = 8080
    var databasePath = "todos.sqlite"
    /// The load test's baseline: the same server without Syringe.
    var handWired = false
    var logger = Logger(label: "TodoServer")
    var onServerRunning: @Sendable (any Channel) async -> Void = { _ in }

    /// Reads `--port N`, `--database PATH`, `--hand-wired`, `--quiet` and `--verbose`.
    init(arguments: [String]) throws {
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--port": port = try Int(value(&rest, for: argument)) ?? { throw UsageError(argument) }()
            case "--database": databasePath = try value(&rest, for: argument)
            case "--host": host = try value(&rest, for: argument)
            case "--hand-wired": handWired = true
            case "--quiet": logger.logLevel = .warning
            case "--verbose": logger.logLevel = .debug
            default: throw UsageError(argument)
            }
        }
    }

    private func value(_ rest: inout ArraySlice<String>, for option: String) throws -> String {
        guard let value = rest.popFirst() else { throw UsageError(option) }
        return value
    }
}

struct UsageError: Error, CustomStringConvertible {
    let argument: String
    init(_ argument: String) { self.argument = argument }
    var description: String {
        """
        unexpected \(argument)
        usage: TodoServer [--port N] [--database PATH] [--host HOST] [--hand-wired] [--quiet | --verbose]
        """
    }
}

enum TodoServer {
    /// The server as one service that ends gracefully on `signals`: Syringe's container services (the
    /// application, then every singleton's `onDispose`, the database last), or the hand-wired equivalent.
    static func services(
        _ configuration: TodoServerConfiguration, stats: Stats, signals: [UnixSignal]
    ) async throws -> any Service {
        if configuration.handWired {
            let server = try await HandWiring.services(configuration: configuration, stats: stats)
            return ServiceGroup(
                configuration: .init(
                    services: [server], gracefulShutdownSignals: signals, logger: configuration.logger))
        }
        let container = SyringeWiring.container(configuration: configuration, stats: stats)
        // The graph is checked before anything is built: a missing or captive dependency stops the start.
        let report = try container.verify()
        configuration.logger.info("\(report)")
        return try await container.serviceGroup(logger: configuration.logger, gracefulShutdownSignals: signals)
    }
}
#endif
