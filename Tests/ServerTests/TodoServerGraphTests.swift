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

        // Seven registrations, and the mark that `registerLifecycleService` contributes for the application.
        #expect(report.registrations == 8)
        #expect(report.verified == 3)  // the repository, the unit of work and the request's service
        let opaque = report.opaque.map(\.description)
        #expect(
            Set(opaque.filter { !$0.hasPrefix("LifecycleServiceMark") }) == [
                "Stats", "TodoDatabase", "RequestLog", "Application<RouterResponder<BasicRequestContext>>",
            ])
        #expect(opaque.count { $0.hasPrefix("LifecycleServiceMark (contribution at") } == 1)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
#endif
