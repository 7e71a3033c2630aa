#if ServiceLifecycle
import Logging
import ServiceLifecycle
import Syringe
import SyringeServiceLifecycle
import Testing

@Suite("Container services as a ServiceGroup")
struct ServiceGroupTests {
    let logger = Logger(label: "test")
    let startOrder = ["Database", "Cache", "JobQueue", "HTTPServer"]

    /// Every service started, in dependency order: what each test waits for before ending the group.
    func allStarted(_ events: Events) async throws {
        try await events.waitFor("start HTTPServer")
        #expect(events.all == startOrder.map { "start \($0)" })
    }

    /// After the services: dependents stopped first, then every onDispose hook, newest first.
    var orderlyEnd: [String] {
        startOrder.reversed().map { "stop \($0)" } + ["dispose HTTPServer", "dispose ConnectionPool"]
    }

    @Test func servicesAreOrderedByTheirDependencies() async throws {
        let events = Events()
        let services = try await makeContainer(events: events).serviceGroup(logger: logger)
        #expect(services.serviceNames == startOrder)
    }

    @Test func gracefulShutdownStopsDependentsFirstThenDisposes() async throws {
        let events = Events()
        let services = try await makeContainer(events: events).serviceGroup(logger: logger)
        async let run: Void = services.run()
        try await allStarted(events)
        await services.triggerGracefulShutdown()
        try await run
        #expect(events.all == startOrder.map { "start \($0)" } + orderlyEnd)
    }

    @Test func cancellingTheTaskIsAGracefulShutdownInOrder() async throws {
        let events = Events()
        let container = makeContainer(events: events)
        let services = try await container.serviceGroup(logger: logger)
        let task = Task { try await services.run() }
        try await allStarted(events)
        task.cancel()
        try await task.value
        #expect(events.all == startOrder.map { "start \($0)" } + orderlyEnd)
        // The container was shut down: its singletons are gone for good.
        #expect(throws: ResolutionError.self) { try container.resolve(Database.self) }
    }

    @Test func aServiceThatFailsToStartStopsTheOthersInOrder() async throws {
        let events = Events()
        let services = try await makeContainer(events: events, queueFailsToStart: true).serviceGroup(logger: logger)
        await #expect(throws: StartFailed.self) { try await services.run() }
        let all = events.all
        // The queue failed once started; whatever had started stopped, dependents first, and every hook ran last.
        #expect(all.prefix(4) == ["start Database", "start Cache", "start JobQueue", "fail JobQueue"])
        let stops = all.filter { $0.hasPrefix("stop") }
        let started = all.filter { $0.hasPrefix("start") && $0 != "start JobQueue" }.map { $0.dropFirst(6) }
        #expect(stops == started.reversed().map { "stop \($0)" })
        #expect(all.suffix(2) == ["dispose HTTPServer", "dispose ConnectionPool"])
    }

    @Test func aFactoryThatFailsStartsNothing() async throws {
        let events = Events()
        let container = makeContainer(events: events)
        container.registerLifecycleService(Cache.self) { _ -> Cache in throw StartFailed() }
        await #expect(throws: ResolutionError.self) { _ = try await container.serviceGroup(logger: logger) }
        #expect(events.all.isEmpty)
        try await container.shutdown()
        #expect(events.all == ["dispose ConnectionPool"])
    }

    @Test func aServiceRegisteredWithPlainRegisterIsReported() async throws {
        let events = Events()
        let container = makeContainer(events: events)
        container.register(Metrics.self, scope: .singleton) { Metrics("Metrics", events: events) }
        let error = await #expect(throws: LifecycleServiceError.self) {
            _ = try await container.serviceGroup(logger: logger)
        }
        #expect(error?.unmarked == ["Metrics"])
        #expect(error?.description.contains("container.registerLifecycleService(Metrics.self)") == true)
    }

    @Test func aLifecycleServiceReplacedByAPlainRegistrationIsReported() async throws {
        let events = Events()
        let container = makeContainer(events: events)
        container.register(HTTPServer.self, scope: .singleton) { r async throws in
            HTTPServer(queue: try await r.resolveAsync(), cache: try await r.resolveAsync(), events: events)
        }
        let error = await #expect(throws: LifecycleServiceError.self) {
            _ = try await container.serviceGroup(logger: logger)
        }
        #expect(error?.unmarked == ["HTTPServer"])
    }

    @Test func theGroupRunsInsideALargerServiceGroup() async throws {
        let events = Events()
        let services = try await makeContainer(events: events).serviceGroup(logger: logger)
        let outer = ServiceGroup(services: [services], logger: logger)
        async let run: Void = outer.run()
        try await allStarted(events)
        await outer.triggerGracefulShutdown()
        try await run
        #expect(events.all == startOrder.map { "start \($0)" } + orderlyEnd)
    }
}
#endif
