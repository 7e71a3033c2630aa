// The todo server: Hummingbird 2, SQLite through sqlite-nio, wired by Syringe (or by hand, `--hand-wired`).
//
//     swift run --traits Hummingbird TodoServer --port 8080 --database todos.sqlite
//
// It stops gracefully on SIGTERM or SIGINT: the server drains, then the database closes.
#if Hummingbird
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import ServiceLifecycle
import UnixSignals

do {
    var configuration = try TodoServerConfiguration(arguments: Array(CommandLine.arguments.dropFirst()))
    let wiring = configuration.handWired ? "hand-wired" : "Syringe"
    configuration.onServerRunning = { channel in
        print("TodoServer (\(wiring)) listening on \(channel.localAddress.map { "\($0)" } ?? "?")")
    }
    let services = try await TodoServer.services(configuration, stats: Stats(), signals: [.sigterm, .sigint])
    try await services.run()
    print("TodoServer stopped; database closed")
} catch {
    print("TodoServer: \(error)")
    exit(1)
}
#else
print("TodoServer needs the Hummingbird trait: swift run --traits Hummingbird TodoServer")
#endif
