#if Hummingbird
import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Syringe
import SyringeServiceLifecycle
@testable import TodoServer

/// The example server, started on 127.0.0.1 on a free port with a database file of its own.
struct RunningTodoServer {
    let container: Container
    let services: ContainerServiceGroup
    let run: Task<Void, any Error>
    let port: Int
    let stats: Stats
    let databasePath: String

    static func start() async throws -> RunningTodoServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("todo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("todos.sqlite").path
        var configuration = try TodoServerConfiguration(arguments: ["--port", "0", "--database", path, "--quiet"])
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        configuration.onServerRunning = { channel in port.yield(channel.localAddress?.port ?? 0) }
        let stats = Stats()
        let container = SyringeWiring.container(configuration: configuration, stats: stats)
        let services = try await container.serviceGroup(logger: configuration.logger)
        let run = Task { try await services.run() }
        guard let bound = await ports.first(where: { _ in true }), bound > 0 else { throw ServerDidNotStart() }
        return RunningTodoServer(
            container: container, services: services, run: run, port: bound, stats: stats, databasePath: path)
    }

    /// Stops the server gracefully and waits until it and its container are done.
    func stop() async throws {
        await services.triggerGracefulShutdown()
        try await run.value
    }

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }
}

struct ServerDidNotStart: Error {}

/// A real HTTP client with room for many connections at once.
func makeClient() -> HTTPClient {
    var configuration = HTTPClient.Configuration()
    configuration.connectionPool = .init(idleTimeout: .seconds(30), concurrentHTTP1ConnectionsPerHostSoftLimit: 256)
    return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
}

struct Reply {
    let status: Int
    let headers: [String: String]
    let body: String

    func decoded<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONDecoder().decode(T.self, from: Data(body.utf8))
    }
}

extension HTTPClient {
    func send(_ method: HTTPMethod, _ url: String, json: String? = nil) async throws -> Reply {
        var request = HTTPClientRequest(url: url)
        request.method = method
        if let json {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: json))
        }
        let response = try await execute(request, timeout: .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        var headers: [String: String] = [:]
        for header in response.headers { headers[header.name.lowercased()] = header.value }
        return Reply(status: Int(response.status.code), headers: headers, body: String(buffer: body))
    }
}
#endif
