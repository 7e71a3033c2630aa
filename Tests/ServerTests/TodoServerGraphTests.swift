#if Hummingbird
import Foundation
import Syringe
import Testing
@testable import TodoServer

/// The example server's graph, checked as the server checks it at start: declared where a registration is a
/// function of its dependencies, opaque where it reads the request or the configuration, and nothing built.
@Suite("TodoServer graph")
struct TodoServerGraphTests {
    @Test func theServersGraphVerifiesWithoutOpeningTheDatabase() throws {
        // A database path that cannot be opened: verify() would fail if it built the database.
        let path = "/nonexistent-\(UUID().uuidString)/todos.sqlite"
        let configuration = try TodoServerConfiguration(arguments: ["--port", "0", "--database", path, "--quiet"])
        let stats = Stats()
        let container = SyringeWiring.container(configuration: configuration, stats: stats)

        let report = try container.verify()

        #expect(report.registrations == 7)
        #expect(report.verified == 3)  // the repository, the unit of work and the request's service
        #expect(
            Set(report.opaque.map(\.description)) == [
                "Stats", "TodoDatabase", "RequestLog", "Application<RouterResponder<BasicRequestContext>>",
            ])
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
#endif
