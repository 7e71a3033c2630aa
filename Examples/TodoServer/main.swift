// The todo server: Hummingbird 2, SQLite through sqlite-nio, wired by Syringe (or by hand, `--hand-wired`).
//
//     swift run --traits Hummingbird --scratch-path .build-server TodoServer --port 8080 --database todos.sqlite
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
        say("TodoServer (\(wiring)) listening on \(channel.localAddress.map { "\($0)" } ?? "?")")
    }
    let services = try await TodoServer.services(configuration, stats: Stats(), signals: [.sigterm, .sigint])
    try await services.run()
    say("TodoServer stopped; database closed")
} catch {
    say("TodoServer: \(error)")
    exit(1)
}

/// Prints a line at once, unbuffered: scripts wait for the "listening on" line through a pipe or a file.
func say(_ line: String) {
    let text = line + "\n"
    _ = text.withCString { write(1, $0, strlen($0)) }
}
#else
print("TodoServer needs the Hummingbird trait: swift run --traits Hummingbird TodoServer")
#endif
