import Foundation
import Syringe
import Testing

/// What the mixed run's instances report: births, deaths, disposals (each instance must be disposed of once).
private final class HMixedTally: Sendable {
    private struct State {
        var born = 0
        var died = 0
        var toDispose = 0
        var disposed: Set<Int> = []
        var disposedTwice: [Int] = []
        var nextID = 0
        /// The instances whose registration has an `onDispose` hook, which must run once for each.
        var disposable: Set<Int> = []
    }
    private let state = HostileBox(State())

    func born(disposable: Bool) -> Int {
        state.withLock {
            $0.born += 1
            $0.nextID += 1
            if disposable {
                $0.toDispose += 1
                $0.disposable.insert($0.nextID)
            }
            return $0.nextID
        }
    }

    /// The disposable instances never disposed of, by number.
    var undisposed: [Int] {
        state.withLock { state in state.disposable.subtracting(state.disposed).sorted() }
    }

    func died() { state.withLock { $0.died += 1 } }

    func disposed(_ id: Int) {
        state.withLock {
            if !$0.disposed.insert(id).inserted { $0.disposedTwice.append(id) }
        }
    }

    var summary: (born: Int, died: Int, toDispose: Int, disposed: Int, disposedTwice: [Int]) {
        state.withLock { ($0.born, $0.died, $0.toDispose, $0.disposed.count, $0.disposedTwice) }
    }
}

/// An instance of the mixed run, built by a registration of a given generation.
private final class HMixedPart: Sendable {
    let id: Int
    let generation: Int
    let dependencies: [HMixedPart]
    private let tally: HMixedTally

    init(_ tally: HMixedTally, disposable: Bool, generation: Int, dependencies: [HMixedPart] = []) {
        self.tally = tally
        self.id = tally.born(disposable: disposable)
        self.generation = generation
        self.dependencies = dependencies
    }

    deinit { tally.died() }
}

private struct HMixedConfig: Sendable { let part: HMixedPart }
private struct HMixedConnection: Sendable { let part: HMixedPart }
private struct HMixedRepository: Sendable {
    let part: HMixedPart
    let connection: HMixedConnection
}
private struct HMixedHandler: Sendable {
    let repository: HMixedRepository
    let config: HMixedConfig
}

extension HostileBox<Bool> {
    /// Waits (bounded) until another task sets the value.
    fileprivate func waitUntilTrueAsync() async {
        var spins = 0
        while !current, spins < 100_000 {
            await Task.yield()
            spins += 1
        }
    }

    /// Waits (bounded) until another thread sets the value.
    fileprivate func waitUntilTrue() {
        var spins = 0
        while !current, spins < 1_000_000 {
            sched_yield()
            spins += 1
        }
    }
}

extension Scope {
    fileprivate static let mixedRequest = Scope("hostile-mixed-request")
}

/// What the workers of a mixed run share, and the checks at its end.
private final class HMixedRun: Sendable {
    let tally = HMixedTally()
    /// The scope the workers share, which any of them may close.
    let shared = HostileBox<ContainerScope?>(nil)
    /// Odd while a registration is being replaced: a request that reads the same even value before and after ran
    /// with no replacement under it.
    private let generation = HostileBox(0)
    private let unexpected = HostileBox<[String]>([])
    private let splitScopes = HostileCounter()

    func failure(_ message: String) { unexpected.withLock { $0.append(message) } }

    /// Registers the singleton, the first connection and repository, and the unique handler (`async`: its factory).
    func registerAll(in container: Container, asyncHandler: Bool) {
        let tally = self.tally
        container.register(HMixedConfig.self, scope: .singleton) {
            HMixedConfig(part: HMixedPart(tally, disposable: false, generation: 0))
        }
        registerConnection(in: container, generation: 0, async: false)
        registerRepository(in: container, generation: 0, async: asyncHandler)
        if asyncHandler {
            container.register(HMixedHandler.self) { r async throws in
                HMixedHandler(repository: try await r.resolveAsync(), config: try await r.resolveAsync())
            }
        } else {
            container.register(HMixedHandler.self) { r in
                HMixedHandler(repository: try r.resolve(), config: try r.resolve())
            }
        }
    }

    /// Registers a connection of `generation`, with a synchronous or an async factory. A build of it waits until its
    /// `onDispose` is added (the line after `register`): a request that closed in between would rightly dispose of its
    /// instance with no hook.
    func registerConnection(in container: Container, generation: Int, async: Bool) {
        let (tally, hooked) = (self.tally, HostileBox(false))
        if async {
            container.register(HMixedConnection.self, scope: .mixedRequest) { r async throws in
                await hooked.waitUntilTrueAsync()
                let config: HMixedConfig = try await r.resolveAsync()
                return HMixedConnection(
                    part: HMixedPart(tally, disposable: true, generation: generation, dependencies: [config.part]))
            }.onDispose { tally.disposed($0.part.id) }
        } else {
            container.register(HMixedConnection.self, scope: .mixedRequest) { r in
                hooked.waitUntilTrue()
                let config: HMixedConfig = try r.resolve()
                return HMixedConnection(
                    part: HMixedPart(tally, disposable: true, generation: generation, dependencies: [config.part]))
            }.onDispose { tally.disposed($0.part.id) }
        }
        hooked.withLock { $0 = true }
    }

    /// Registers a repository of `generation`, with a synchronous or an async factory (waiting for its hook, too).
    func registerRepository(in container: Container, generation: Int, async: Bool) {
        let (tally, hooked) = (self.tally, HostileBox(false))
        if async {
            container.register(HMixedRepository.self, scope: .mixedRequest) { r async throws in
                await hooked.waitUntilTrueAsync()
                let connection: HMixedConnection = try await r.resolveAsync()
                return HMixedRepository(
                    part: HMixedPart(tally, disposable: true, generation: generation), connection: connection)
            }.onDispose { tally.disposed($0.part.id) }
        } else {
            container.register(HMixedRepository.self, scope: .mixedRequest) { r in
                hooked.waitUntilTrue()
                let connection: HMixedConnection = try r.resolve()
                return HMixedRepository(
                    part: HMixedPart(tally, disposable: true, generation: generation), connection: connection)
            }.onDispose { tally.disposed($0.part.id) }
        }
        hooked.withLock { $0 = true }
    }

    /// Replaces a registration with `register`, given the generation of the new one.
    func replace(_ register: (Int) -> Void) {
        let next = generation.withLock {
            $0 += 1
            return $0
        }
        register(next)
        generation.withLock { $0 += 1 }
    }

    /// The generation before a request, for ``requestSaw(_:and:since:)``.
    var generationNow: Int { generation.current }

    /// Records a request whose handler did not share `connection`, though no registration changed under it.
    func requestSaw(_ handler: HMixedHandler, and connection: HMixedConnection, since before: Int) {
        let after = generation.current
        if before == after, before % 2 == 0, handler.repository.connection.part !== connection.part {
            splitScopes.increment()
        }
    }

    /// The shared scope, else `nil` after sharing a scope from `open` (one opened by another worker first comes
    /// back in `lost`, to be closed).
    func sharedScope(orOpen open: () -> ContainerScope) -> (scope: ContainerScope?, lost: ContainerScope?) {
        if let scope = shared.current { return (scope, nil) }
        let opened = open()
        let lost = shared.withLock { current -> ContainerScope? in
            if current == nil {
                current = opened
                return nil
            }
            return opened
        }
        return (nil, lost)
    }

    /// Takes the shared scope away from the workers, for closing.
    func takeShared() -> ContainerScope? {
        shared.withLock { current -> ContainerScope? in
            defer { current = nil }
            return current
        }
    }

    /// The promises, checked once the container is gone.
    func verify(disposableAtLeast minimum: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let summary = tally.summary
        #expect(unexpected.current.isEmpty, "\(unexpected.current.prefix(3))", sourceLocation: sourceLocation)
        #expect(
            splitScopes.count == 0, "requests with no replacement under them saw two connections",
            sourceLocation: sourceLocation)
        #expect(
            summary.disposedTwice.isEmpty, "disposed of more than once: \(summary.disposedTwice.prefix(5))",
            sourceLocation: sourceLocation)
        let undisposed = tally.undisposed
        #expect(
            undisposed.count == 0, "of \(summary.toDispose) to dispose of, never disposed of: \(undisposed.prefix(5))",
            sourceLocation: sourceLocation)
        #expect(
            summary.died == summary.born, "built \(summary.born), released \(summary.died) after the container went",
            sourceLocation: sourceLocation)
        #expect(summary.toDispose > minimum, sourceLocation: sourceLocation)
    }
}

/// Everything at once, as a busy server does it: threads open and close request scopes, resolve through them and
/// through a scope they share, while others replace the registrations those builds use, reset the singleton and
/// close the shared scope under them. Whatever interleaving happens, every request-scoped instance is disposed of
/// exactly once, a resolve fails only with a closed scope, a request sees one instance per scope unless a
/// registration changed under it, and nothing outlives the container.
@Suite("Hostile: everything at once", .timeLimit(.minutes(2)))
struct HostileMixedRaceTests {
    @Test func scopesRegistrationsAndResetsRacingOneAnother() throws {
        let run = HMixedRun()
        do {
            let container = Container()
            run.registerAll(in: container, asyncHandler: false)

            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                var random = HostileRandom(state: 0x9E37_79B9_7F4A_7C15 &+ UInt64(worker) &* 0x1000_0001)
                for _ in 0..<600 {
                    switch random.next(20) {
                    case 0..<9:
                        // A request of its own: one scope, one connection for everything in it, all disposed of
                        // when it closes.
                        let before = run.generationNow
                        let scope = container.openScope(.mixedRequest)
                        do {
                            let handler = try scope.resolve(HMixedHandler.self)
                            run.requestSaw(handler, and: try scope.resolve(HMixedConnection.self), since: before)
                            try scope.closeNow()
                        } catch {
                            run.failure("a request of its own failed: \(error)")
                            try? scope.closeNow()
                        }
                    case 9..<12:
                        // Through the scope the threads share, which another thread may close at any moment.
                        let (found, lost) = run.sharedScope { container.openScope(.mixedRequest) }
                        if let lost { try? lost.closeNow() }
                        guard let scope = found else { continue }
                        do {
                            _ = try scope.resolve(HMixedHandler.self)
                        } catch  where (error as? ResolutionError)?.code == .shutDown {
                        } catch {
                            run.failure("a request through the shared scope failed: \(error)")
                        }
                    case 12..<14:
                        do { try run.takeShared()?.closeNow() } catch {
                            run.failure("closing the shared scope failed: \(error)")
                        }
                    case 14..<16:
                        run.replace { run.registerConnection(in: container, generation: $0, async: false) }
                    case 16..<18:
                        run.replace { run.registerRepository(in: container, generation: $0, async: false) }
                    case 18:
                        container.reset(.singleton)
                    default:
                        do {
                            _ = try container.resolve(HMixedConfig.self)
                        } catch {
                            run.failure("the singleton failed: \(error)")
                        }
                    }
                }
            }
            try run.takeShared()?.closeNow()
        }
        run.verify(disposableAtLeast: 1_000)
    }

    /// The same from tasks: `withScope`, async factories (replacing synchronous ones and the other way round), an
    /// explicit scope shared by tasks and closed with `close()` under their resolves.
    @Test func asyncScopesRegistrationsAndResetsRacingOneAnother() async throws {
        let run = HMixedRun()
        do {
            let container = Container()
            run.registerAll(in: container, asyncHandler: true)

            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<6 {
                    group.addTask {
                        var random = HostileRandom(state: 0xD1B5_4A32_D192_ED03 &+ UInt64(worker) &* 0x1000_0001)
                        for _ in 0..<300 {
                            switch random.next(20) {
                            case 0..<9:
                                let before = run.generationNow
                                do {
                                    try await container.withScope(.mixedRequest) {
                                        let handler = try await container.resolveAsync(HMixedHandler.self)
                                        let connection = try await container.resolveAsync(HMixedConnection.self)
                                        run.requestSaw(handler, and: connection, since: before)
                                    }
                                } catch {
                                    run.failure("a request of its own failed: \(error)")
                                }
                            case 9..<12:
                                let (found, lost) = run.sharedScope { container.openScope(.mixedRequest) }
                                if let lost { try? await lost.close() }
                                guard let scope = found else { continue }
                                do {
                                    _ = try await scope.resolveAsync(HMixedHandler.self)
                                } catch  where (error as? ResolutionError)?.code == .shutDown {
                                } catch {
                                    run.failure("a request through the shared scope failed: \(error)")
                                }
                            case 12..<14:
                                do { try await run.takeShared()?.close() } catch {
                                    run.failure("closing the shared scope failed: \(error)")
                                }
                            case 14..<16:
                                // Every other replacement switches between a synchronous and an async factory.
                                run.replace {
                                    run.registerConnection(in: container, generation: $0, async: $0 % 4 == 1)
                                }
                            case 16..<18:
                                run.replace { run.registerRepository(in: container, generation: $0, async: true) }
                            case 18:
                                container.reset(.singleton)
                            default:
                                do {
                                    _ = try await container.resolveAsync(HMixedConfig.self)
                                } catch {
                                    run.failure("the singleton failed: \(error)")
                                }
                            }
                        }
                    }
                }
            }
            try await run.takeShared()?.close()
        }
        run.verify(disposableAtLeast: 500)
    }

    /// A shutdown in the middle of it all, with a child container resolving its parent's singleton: every kept
    /// instance, whether built before the shutdown, during it or refused after it, is disposed of exactly once
    /// (by the shutdown, a reset, a replacement, its scope's close or its builder), and every failure after the
    /// shutdown says so.
    @Test func aShutdownRacingResolvesResetsAndScopes() async throws {
        struct Session: Sendable { let part: HMixedPart }
        struct Child: Sendable { let part: HMixedPart }
        let run = HMixedRun()
        let tally = run.tally
        let operations = HostileCounter()
        do {
            let container = Container()
            let child = Container(parent: container)
            run.registerAll(in: container, asyncHandler: false)
            @Sendable func registerSession() {
                let hooked = HostileBox(false)
                container.register(Session.self, scope: .cached) {
                    hooked.waitUntilTrue()
                    // Disposed of once too when a reset overtakes its build (its builder disposes of it).
                    return Session(part: HMixedPart(tally, disposable: true, generation: 0))
                }.onDispose { tally.disposed($0.part.id) }
                hooked.withLock { $0 = true }
            }
            registerSession()
            child.register(Child.self, scope: .cached) { r in
                let config: HMixedConfig = try r.resolve()
                return Child(part: HMixedPart(tally, disposable: true, generation: 0, dependencies: [config.part]))
            }.onDispose { tally.disposed($0.part.id) }
            // The singleton is disposed of too: its hook is added after the fact, before any thread runs.
            container.register(HMixedConfig.self, scope: .singleton) {
                HMixedConfig(part: HMixedPart(tally, disposable: true, generation: 0))
            }.onDispose { tally.disposed($0.part.id) }
            @Sendable func allowed(_ error: any Error) -> Bool { (error as? ResolutionError)?.code == .shutDown }

            let outcomes = await boundedOnThreads(4, seconds: 60) { worker -> Bool in
                var random = HostileRandom(state: 0xA076_1D64_78BD_642F &+ UInt64(worker) &* 0x1000_0001)
                for round in 0..<500 {
                    if worker == 0, round == 250 {
                        let done = DispatchSemaphore(value: 0)
                        Task {
                            do { try await container.shutdown() } catch { run.failure("shutdown failed: \(error)") }
                            done.signal()
                        }
                        done.wait()
                        continue
                    }
                    operations.increment()
                    do {
                        switch random.next(10) {
                        case 0..<3:
                            let scope = container.openScope(.mixedRequest)
                            defer { try? scope.closeNow() }
                            _ = try scope.resolve(HMixedHandler.self)
                        case 3..<5:
                            _ = try container.resolve(Session.self)
                        case 5:
                            container.reset(.cached)
                        case 6:
                            registerSession()
                        case 7..<9:
                            _ = try child.resolve(Child.self)
                        default:
                            _ = try container.resolve(HMixedConfig.self)
                        }
                    } catch  where allowed(error) {
                    } catch {
                        run.failure("\(error)")
                    }
                }
                return true
            }
            #expect(outcomes.allSatisfy { $0.value == true })
            let done = DispatchSemaphore(value: 0)
            Task {
                try? await child.shutdown()
                done.signal()
            }
            done.wait()
        }
        #expect(operations.count > 1_000)
        run.verify(disposableAtLeast: 100)
    }
}
