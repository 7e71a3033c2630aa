#if Macros
import Observation
import SyringeMacros
import Testing

// App code in Xcode 26's default mode: every declaration here is main-actor isolated unless it says otherwise.
// The macros cannot see that default; the initializers they hand over carry the isolation the compiler gives
// them (a main-actor class's synchronous init here is nonisolated, an explicit `@MainActor init` is not), and
// the registrations follow.

@Injectable(scope: .singleton)
final class APIService {
    let host = "api.example.com"
    init() {}
}

@Injectable
final class Catalog {
    let api: APIService
    init(api: APIService) { self.api = api }
}

@Injectable
@MainActor final class Screen {
    let catalog: Catalog
    @MainActor init(catalog: Catalog) { self.catalog = catalog }
}

@Injectable(scope: .singleton)
nonisolated final class Clock: Sendable {
    init() {}
}

@Injectable
final class Session {
    let api: APIService
    let clock: Clock
    init(api: APIService, clock: Clock) async {
        self.api = api
        self.clock = clock
    }
}

@Observable @InjectionConsumer
final class CatalogModel {
    @Inject @ObservationIgnored var catalog: Catalog
    @Inject @ObservationIgnored var clock: Clock
    var query = ""
}

// A container property declared in app code is main-actor, so its key path is not `Sendable`: `@Inject(\.catalogHost)`
// required one and did not compile here, while `@Injected(\.catalogHost)` did.
extension Container {
    var catalogHost: String { provide(.singleton) { "catalog.example.com" } }
}

final class HostReader {
    @Inject(\.catalogHost) var host: String
}

func appContainer() -> Container {
    let container = Container()
    container.register(APIService.self)
    container.register(Catalog.self)
    container.register(Clock.self)
    container.register(Session.self)
    container.register(Screen.self)
    return container
}

@Suite("Macros: @Injectable and @Inject in a module that is main-actor isolated by default")
nonisolated struct MainActorUsageTests {
    @MainActor @Test func isolationComesFromTheInitializerNotFromTheSyntax() throws {
        let container = appContainer()
        let executions = Dictionary(
            uniqueKeysWithValues: container.registrations.map { ("\($0.key)", $0.execution) })
        #expect(executions["APIService"] == .synchronous)
        #expect(executions["Catalog"] == .synchronous)
        #expect(executions["Screen"] == .mainActor)
        #expect(executions["Clock"] == .synchronous)
        #expect(executions["Session"] == .async)
        #expect(try container.verify().description == "verified 5 of 5 registrations; 0 opaque")
    }

    @MainActor @Test func mainActorAndAsyncRegistrationsResolve() async throws {
        let container = appContainer()
        let catalog = try container.resolve(Catalog.self)
        let api = try container.resolve(APIService.self)
        let clock = try container.resolve(Clock.self)
        #expect(catalog.api === api)
        let session = try await container.resolveAsync(Session.self)
        #expect(session.api === api && session.clock === clock)
        #expect(try container.resolve(Screen.self).catalog.api === api)
    }

    @MainActor @Test func anObservableViewModelInjectsAndIsVerifiedAsAConsumer() async throws {
        let container = appContainer()
        try container.verify(consumers: [CatalogModel.self])
        await Container.withOverrides {
            $0.register(APIService.self)
            $0.register(Catalog.self)
            $0.register(Clock.self)
        } operation: {
            let model = CatalogModel()
            #expect(model.catalog.api.host == "api.example.com")
            let (changes, change) = AsyncStream<String>.makeStream()
            withObservationTracking {
                _ = model.query
            } onChange: {
                change.yield("query")
            }
            model.query = "tea"
            change.finish()
            var seen: [String] = []
            for await name in changes { seen.append(name) }
            #expect(seen == ["query"])
        }
        let empty = Container()
        #expect(throws: ResolutionError.self) { try empty.verify(consumers: [CatalogModel.self]) }
    }

    @MainActor @Test func aKeyPathOfAMainActorPropertyInjects() {
        Container.withOverrides {
            $0.override(\.catalogHost) { "mock.example.com" }
        } operation: {
            #expect(HostReader().host == "mock.example.com")
        }
        #expect(HostReader().host == "catalog.example.com")
    }
}
#endif
