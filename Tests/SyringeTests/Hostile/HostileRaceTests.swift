import Foundation
import Syringe
import Testing

/// An instance whose disposal is recorded.
final class HResource: @unchecked Sendable {  // `disposed` is written by its one onDispose hook
    let id: Int
    var disposed = false
    init(id: Int) { self.id = id }
}

/// A gate a factory waits at until the test opens it (bounded, so a test bug cannot hang the run).
/// A gate a build waits at while the test acts. Its deadlines only guard against a hang: generous (30 s),
/// because a test whose task is starved for seconds by tests that block threads of the shared pool (a full run
/// beside a release build) must not see the gate give up and the build finish before the test has acted.
final class HGate: Sendable {
    private let open = HostileBox(false)
    private let arrived = HostileBox(false)

    func pass() {
        arrived.withLock { $0 = true }
        let deadline = Date().addingTimeInterval(30 * hangGuardScale)
        while !open.current && Date() < deadline { usleep(200) }
    }

    func passAsync() async {
        arrived.withLock { $0 = true }
        for _ in 0..<Int(30_000 * hangGuardScale) where !open.current { try? await Task.sleep(for: .milliseconds(1)) }
    }

    func waitForArrival() {
        let deadline = Date().addingTimeInterval(30 * hangGuardScale)
        while !arrived.current && Date() < deadline { usleep(200) }
    }

    func waitForArrivalAsync() async {
        for _ in 0..<Int(30_000 * hangGuardScale) where !arrived.current {
            try? await Task.sleep(for: .milliseconds(1))
        }
    }

    func openGate() { open.withLock { $0 = true } }
}

extension Scope {
    fileprivate static let hostileRequest = Scope("hostile-race-request")
}

/// Lifetimes that end while a build is under way, cancellation, and registrations racing resolves.
@Suite("Hostile: races with the end of a life", .timeLimit(.minutes(1)))
struct HostileRaceTests {
    /// `reset(.cached)` while another thread builds the cached instance: the reset wins, the next resolve
    /// builds anew. The overtaken instance goes to its caller and is disposed of once, as if it had been built just
    /// before the reset (until 2026-11-27 nobody disposed of it).
    @Test func aResetDuringABuildIsNotUndoneByIt() async throws {
        let container = Container()
        let gate = HGate()
        let built = HostileCounter()
        let disposed = HostileBox<[Int]>([])
        container.register(HResource.self, scope: .cached) {
            let id = built.increment()
            if id == 1 { gate.pass() }
            return HResource(id: id)
        }.onDispose { resource in disposed.withLock { $0.append(resource.id) } }
        let first = HostileBox<HResource?>(nil)
        let thread = Thread { first.withLock { $0 = try? container.resolve(HResource.self) } }
        thread.start()
        gate.waitForArrival()
        container.reset(.cached)
        gate.openGate()
        while first.current == nil { usleep(200) }
        #expect(first.current?.id == 1)
        #expect(disposed.current == [1])
        #expect(try container.resolve(HResource.self).id == 2)
        #expect(try container.resolve(HResource.self).id == 2)  // kept
        try await container.shutdown()
        #expect(disposed.current == [1, 2])
    }

    /// The same with an async factory, from a task.
    @Test func aResetDuringAnAsyncBuildDisposesOfItsInstanceOnce() async throws {
        let container = Container()
        let gate = HGate()
        let built = HostileCounter()
        let disposed = HostileBox<[Int]>([])
        container.register(HResource.self, scope: .cached) { () async in
            let id = built.increment()
            if id == 1 { await gate.passAsync() }
            return HResource(id: id)
        }.onDispose { resource in disposed.withLock { $0.append(resource.id) } }
        let first = Task { try await container.resolveAsync(HResource.self) }
        await gate.waitForArrivalAsync()
        container.reset(.cached)
        gate.openGate()
        #expect(try await first.value.id == 1)
        #expect(disposed.current == [1])
        #expect(try await container.resolveAsync(HResource.self).id == 2)
        try await container.shutdown()
        #expect(disposed.current == [1, 2])
    }

    /// Resets of every kind racing resolves of a cached instance and a singleton that depends on it, then a shutdown:
    /// every instance built is disposed of exactly once (by a reset, by the builder a reset overtook, or by the
    /// shutdown). Failed in 5 of 5 runs before overtaken builds were disposed of (24 of ~1,000 never were); the
    /// factories yield to widen the moment a reset can overtake them.
    @Test func everyKeptInstanceIsDisposedOfOnceWhateverResetsRace() async throws {
        final class Part: Sendable {
            let id: Int
            let dependency: Part?
            init(_ built: HostileCounter, _ dependency: Part? = nil) {
                id = built.increment()
                self.dependency = dependency
            }
        }
        struct Cached: Sendable { let part: Part }
        struct Kept: Sendable { let part: Part }
        let built = HostileCounter()
        let disposed = HostileBox<[Int]>([])
        let container = Container()
        container.register(Cached.self, scope: .cached) {
            for _ in 0..<3 { sched_yield() }
            return Cached(part: Part(built))
        }.onDispose { cached in disposed.withLock { $0.append(cached.part.id) } }
        container.register(Kept.self, scope: .singleton) { r in
            let cached: Cached = try r.resolve()
            sched_yield()
            return Kept(part: Part(built, cached.part))
        }.onDispose { kept in disposed.withLock { $0.append(kept.part.id) } }
        let failures = HostileBox<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for step in 0..<3_000 {
                switch (step &+ worker &* 7) % 23 {
                case 0: container.reset(.cached)
                case 1: container.reset(.singleton)
                case 2: container.reset(Kept.self)
                default:
                    do {
                        _ = try container.resolve(Cached.self)
                        _ = try container.resolve(Kept.self)
                    } catch {
                        failures.withLock { if $0.count < 3 { $0.append("\(error)") } }
                    }
                }
            }
        }
        try await container.shutdown()
        let ids = disposed.current
        #expect(failures.current.isEmpty, "\(failures.current)")
        #expect(Set(ids).count == ids.count, "disposed of twice")
        #expect(ids.count == built.count, "built \(built.count), disposed of \(ids.count)")
    }

    /// `shutdown()` while a singleton is being built: the build ends after the shutdown. Found broken: the
    /// instance was handed to the caller, kept by nobody, its `onDispose` never run (a connection opened during
    /// shutdown stayed open). Now it is disposed of and the late caller gets `shutDown`.
    @Test func aSingletonFinishedAfterShutdownIsNotKeptUndisposed() async throws {
        let container = Container()
        let gate = HGate()
        let resources = HostileBox<[HResource]>([])
        container.register(HResource.self, scope: .singleton) {
            gate.pass()
            let resource = HResource(id: 1)
            resources.withLock { $0.append(resource) }
            return resource
        }
        .onDispose { $0.disposed = true }
        let building = onThread { Result { try container.resolve(HResource.self) } }
        await gate.waitForArrivalAsync()
        try await container.shutdown()
        gate.openGate()
        let late = await building.value()
        #expect((try? late.get()) == nil)
        #expect(((late.mapError { $0 as! ResolutionError }).failure)?.code == .shutDown)
        #expect(resources.current.map(\.disposed) == [true])
        let kept = container.instances(of: HResource.self)
        let leaked = kept.filter { !$0.disposed }
        #expect(leaked.isEmpty, "kept after shutdown without disposal: \(leaked.map(\.id))")
        let error = #expect(throws: ResolutionError.self) { try container.resolve(HResource.self) }
        #expect(error?.code == .shutDown)
    }

    /// A thread that waited for another's build of a singleton while `shutdown()` ran finds the slot empty when that
    /// build ends (not kept: it ended after the shutdown) and claims it. Found by reading, after the mixed hostile
    /// run: that second build was kept by the shut-down container and never disposed of, as the build had checked
    /// for a shutdown before it waited. Now its builder takes it back, disposes of it and throws `shutDown`.
    @Test func aWaiterThatBuildsAfterShutdownDoesNotKeepItsInstance() async throws {
        let container = Container()
        let gate = HGate()
        let built = HostileCounter()
        let resources = HostileBox<[HResource]>([])
        container.register(HResource.self, scope: .singleton) {
            let id = built.increment()
            if id == 1 { gate.pass() }
            let resource = HResource(id: id)
            resources.withLock { $0.append(resource) }
            return resource
        }
        .onDispose { resource in
            #expect(!resource.disposed, "disposed of twice: \(resource.id)")
            resource.disposed = true
        }
        let first = onThread { Result { try container.resolve(HResource.self) } }
        await gate.waitForArrivalAsync()
        let waiter = onThread { Result { try container.resolve(HResource.self) } }
        // Long enough for the second resolve to wait for the first build (if it has not, it sees the shutdown).
        try await Task.sleep(for: .milliseconds(100))
        try await container.shutdown()
        gate.openGate()
        for outcome in [await first.value(), await waiter.value()] {
            let code = (outcome.mapError { $0 as! ResolutionError }).failure?.code
            #expect(code == .shutDown)
        }
        let undisposed = resources.current.filter { !$0.disposed }.map(\.id)
        #expect(undisposed.isEmpty, "built \(built.count), never disposed of: \(undisposed)")
        #expect(container.instances(of: HResource.self).isEmpty)
    }

    /// The same with an async singleton.
    @Test func anAsyncSingletonFinishedAfterShutdownIsNotKeptUndisposed() async throws {
        let container = Container()
        let gate = HGate()
        let resources = HostileBox<[HResource]>([])
        container.register(HResource.self, scope: .singleton) { () async in
            await gate.passAsync()
            let resource = HResource(id: 1)
            resources.withLock { $0.append(resource) }
            return resource
        }
        .onDispose { $0.disposed = true }
        let building = Task { try? await container.resolveAsync(HResource.self) }
        await gate.waitForArrivalAsync()
        try await container.shutdown()
        gate.openGate()
        #expect(await building.value == nil)
        #expect(resources.current.map(\.disposed) == [true])
        #expect(container.instances(of: HResource.self).isEmpty)
    }

    /// The waiter of ``aWaiterThatBuildsAfterShutdownDoesNotKeepItsInstance()`` with an async singleton: its task
    /// claims the slot after the shutdown and does not keep what it builds.
    @Test func anAsyncWaiterThatBuildsAfterShutdownDoesNotKeepItsInstance() async throws {
        let container = Container()
        let gate = HGate()
        let built = HostileCounter()
        let resources = HostileBox<[HResource]>([])
        container.register(HResource.self, scope: .singleton) { () async in
            let id = built.increment()
            if id == 1 { await gate.passAsync() }
            let resource = HResource(id: id)
            resources.withLock { $0.append(resource) }
            return resource
        }
        .onDispose { $0.disposed = true }
        let first = Task { try? await container.resolveAsync(HResource.self) }
        await gate.waitForArrivalAsync()
        let waiter = Task { try? await container.resolveAsync(HResource.self) }
        // Long enough for the second resolve to wait for the first build (if it has not, it sees the shutdown).
        try await Task.sleep(for: .milliseconds(100))
        try await container.shutdown()
        gate.openGate()
        #expect(await first.value == nil)
        #expect(await waiter.value == nil)
        let undisposed = resources.current.filter { !$0.disposed }.map(\.id)
        #expect(undisposed.isEmpty, "built \(built.count), never disposed of: \(undisposed)")
        #expect(container.instances(of: HResource.self).isEmpty)
    }

    /// `dispose(.session)` while a session instance is being built.
    @Test func aSessionInstanceFinishedAfterDisposeIsNotKeptFromBefore() async throws {
        let container = Container()
        let gate = HGate()
        let built = HostileCounter()
        container.register(HResource.self, scope: Scope("hostile-race-session")) {
            let id = built.increment()
            if id == 1 { gate.pass() }
            return HResource(id: id)
        }
        .onDispose { $0.disposed = true }
        let building = onThread { try? container.resolve(HResource.self) }
        await gate.waitForArrivalAsync()
        try await container.dispose(Scope("hostile-race-session"))
        gate.openGate()
        _ = await building.value()
        // The logged-out session's instance is not the one the next user gets.
        #expect(try container.resolve(HResource.self).id == 2)
    }

    /// A request-scoped build still running in an unstructured task when its `withScope` ends. Found broken: the
    /// late build's instance (a unit of work) was handed out and never disposed of. Now it is disposed of and
    /// the task gets `shutDown`, as any task that outlives the call does.
    @Test func aRequestInstanceFinishedAfterItsScopeEndedIsDisposedOrRefused() async throws {
        let container = Container()
        let gate = HGate()
        let made = HostileBox<[HResource]>([])
        container.register(HResource.self, scope: .hostileRequest) { () async in
            await gate.passAsync()
            let resource = HResource(id: 1)
            made.withLock { $0.append(resource) }
            return resource
        }
        .onDispose { $0.disposed = true }
        let late = try await container.withScope(.hostileRequest) { () -> Task<HResource?, Never> in
            // `Task { }` copies the task-locals, so it resolves inside this scope (a detached task would not).
            let task = Task { [container] in try? await container.resolveAsync(HResource.self) }
            await gate.waitForArrivalAsync()
            return task
        }
        gate.openGate()
        let got = await late.value
        #expect(got == nil)
        #expect(made.current.map(\.disposed) == [true])
    }

    /// A task building an async singleton is cancelled mid-factory; another task waiting for the same
    /// singleton gets an instance, not the other task's cancellation. (The first build waits until it is
    /// cancelled, 30 s at most: it once slept 200 ms, which a loaded machine under ThreadSanitizer outlasted
    /// before the test cancelled it.)
    @Test func aCancelledBuilderDoesNotFailItsWaiters() async throws {
        let container = Container()
        let started = HostileBox(0)
        container.register(HResource.self, scope: .singleton) { () async throws in
            let attempt = started.withLock {
                $0 += 1; return $0
            }
            // The first build ends only by its task's cancellation (a fixed window is too short on a loaded
            // machine, under ThreadSanitizer); the second is quick.
            try await Task.sleep(for: attempt == 1 ? .seconds(30) : .milliseconds(1))
            return HResource(id: attempt)
        }
        let first = Task { try await container.resolveAsync(HResource.self) }
        // On a loaded machine the first task may take seconds to start: the second must not start the build.
        for _ in 0..<Int(30_000 * hangGuardScale) where started.current == 0 {
            try await Task.sleep(for: .milliseconds(1))
        }
        try #require(started.current == 1)
        let second = Task { try await container.resolveAsync(HResource.self) }
        try await Task.sleep(for: .milliseconds(20))
        first.cancel()
        let firstResult = await first.result
        #expect(throws: (any Error).self) { try firstResult.get() }
        let waited = await bounded(5) { try await second.value }
        #expect(waited.value?.id == 2)
    }

    /// 200 concurrent request scopes, each resolving through a singleton `Provider` (the documented fix for a
    /// captive dependency): every scope sees only its own instance, and every instance is disposed of.
    @Test func providersFromASingletonServeEachRequestItsOwn() async throws {
        final class Hub: Sendable {
            let make: Provider<HResource>
            init(make: Provider<HResource>) { self.make = make }
        }
        let container = Container()
        let ids = HostileCounter()
        let made = HostileBox<[HResource]>([])
        container.register(HResource.self, scope: .hostileRequest) {
            let resource = HResource(id: ids.increment())
            made.withLock { $0.append(resource) }
            return resource
        }
        .onDispose { $0.disposed = true }
        container.register(Hub.self, scope: .singleton, using: Hub.init)
        let hub = try container.resolve(Hub.self)
        let mixed = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<200 {
                group.addTask {
                    try await container.withScope(.hostileRequest) {
                        let first = try hub.make()
                        await Task.yield()
                        let second = try hub.make()
                        let third = try await Task { try hub.make() }.value
                        return first === second && second === third
                    }
                }
            }
            var all = true
            for try await same in group { all = all && same }
            return all
        }
        #expect(mixed)
        #expect(made.current.count == 200)
        #expect(made.current.allSatisfy { $0.disposed })
    }

    /// Re-registering a key while threads resolve it: every resolve gets a whole instance of one of the
    /// registrations, never a crash or a hang.
    @Test func reRegistrationRacingResolves() async {
        let container = Container()
        container.register(HResource.self, scope: .singleton) { HResource(id: 0) }
        let outcomes = await boundedOnThreads(6, seconds: 20) { index -> Bool in
            for round in 0..<2_000 {
                if index == 0 {
                    container.register(HResource.self, scope: round % 2 == 0 ? .cached : .singleton) {
                        HResource(id: round)
                    }
                } else if index == 1 {
                    container.reset(.cached)
                } else {
                    _ = try container.resolve(HResource.self).id
                }
            }
            return true
        }
        #expect(outcomes.allSatisfy { $0.value == true })
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}

/// Runs `body` on a thread of its own (a factory that blocks must not hold a thread of the cooperative pool);
/// `value()` awaits its result.
private func onThread<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> HThreadResult<Value> {
    let result = HThreadResult<Value>()
    Thread { result.box.withLock { $0 = body() } }.start()
    return result
}

private final class HThreadResult<Value: Sendable>: Sendable {
    let box = HostileBox<Value?>(nil)

    func value() async -> Value {
        while true {
            if let value = box.current { return value }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}
