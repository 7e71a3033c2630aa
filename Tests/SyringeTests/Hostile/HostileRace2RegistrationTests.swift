import Foundation
import Syringe
import Testing

private protocol R2Plugin: Sendable {
    var part: R2Part { get }
}
private struct R2PluginA: R2Plugin { let part: R2Part }

/// A singleton service whose generation tells which registration built it.
private struct R2Service: Sendable { let part: R2Part }

/// A unique service that depends on the singleton.
private struct R2Client: Sendable { let service: R2Service }

/// Reads the singleton through a property wrapper.
private struct R2Consumer {
    @Injected var service: R2Service
}

@Suite("HostileRace2: re-registration and resets racing resolves", .timeLimit(.minutes(2)))
struct HostileRace2RegistrationTests {
    /// One thread re-registers a singleton (each generation disposable) while others resolve it directly, through a
    /// dependent and through `@Injected`, and others reset it: a resolve that starts after a generation's `register`
    /// returned never gets an older generation; after a shutdown every instance built was disposed of exactly once,
    /// and every one is released.
    @Test func reRegistrationRacingResolvesAndWrappers() async throws {
        let ledger = R2Ledger()
        let problems = HostileBox<[String]>([])
        for _ in 0..<4 {
            let generation = HostileBox(0)
            try await Container.withOverrides { _ in
            } operation: {
                let container = Container.shared
                let binding = Container.current
                @Sendable func register(_ number: Int) {
                    let hooked = R2Hooked()
                    container.register(R2Service.self, scope: .singleton) {
                        hooked.waitUntilAttached()
                        return R2Service(part: R2Part(ledger, generation: number))
                    }.onDispose { $0.part.dispose() }
                    hooked.markAttached()
                }
                register(0)
                container.register(R2Client.self) { r in R2Client(service: try r.resolve()) }
                let finished = await r2OnThreads(6) { worker in
                    for step in 1...500 {
                        switch worker {
                        case 0:
                            register(step)
                            generation.withLock { $0 = step }
                        case 1:
                            switch step % 4 {
                            case 0: container.reset(R2Service.self)
                            case 1: container.reset(.singleton)
                            case 2: container.resetAll()
                            default: sched_yield()
                            }
                        default:
                            let floor = generation.current
                            do {
                                let got: Int
                                switch (worker + step) % 3 {
                                case 0: got = try container.resolve(R2Service.self).part.generation
                                case 1: got = try container.resolve(R2Client.self).service.part.generation
                                default: got = binding.withCurrent { R2Consumer() }.service.part.generation
                                }
                                if got < floor {
                                    problems.withLock { $0.append("generation \(got) after \(floor) was registered") }
                                }
                            } catch {
                                problems.withLock { $0.append("\(error)") }
                            }
                        }
                    }
                }
                #expect(finished)
                try await container.shutdown()
            }
        }
        #expect(problems.current.isEmpty, "\(problems.current.count): \(problems.current.prefix(5))")
        #expect(ledger.disposedTwice.isEmpty, "disposed of twice: \(ledger.disposedTwice.prefix(10))")
        #expect(
            ledger.neverDisposed.isEmpty, "built \(ledger.built), never disposed of: \(ledger.neverDisposed.prefix(10))"
        )
        #expect(ledger.deaths == ledger.built, "built \(ledger.built), released \(ledger.deaths)")
    }

    /// `removeAll()` and re-registration racing resolves of a singleton: a resolve gets an instance or
    /// `notRegistered`; every instance built is disposed of once (by `removeAll`, a re-registration, its builder or
    /// the shutdown) and released.
    @Test func removeAllRacingResolves() async throws {
        let ledger = R2Ledger()
        let problems = HostileBox<[String]>([])
        for _ in 0..<4 {
            let container = Container()
            @Sendable func register() {
                let hooked = R2Hooked()
                container.register(R2Service.self, scope: .singleton) {
                    hooked.waitUntilAttached()
                    return R2Service(part: R2Part(ledger))
                }.onDispose { $0.part.dispose() }
                container.register(R2Unit.self, scope: .cached) { r in
                    let service: R2Service = try r.resolve()
                    hooked.waitUntilAttached()
                    return R2Unit(part: R2Part(ledger, dependency: service.part))
                }.onDispose { $0.part.dispose() }
                hooked.markAttached()
            }
            register()
            let finished = await r2OnThreads(5) { worker in
                for step in 0..<600 {
                    switch worker {
                    case 0: if step % 2 == 0 { container.removeAll() } else { register() }
                    case 1: if step % 5 == 0 { container.reset(.cached) } else { register() }
                    default:
                        do {
                            if step % 2 == 0 {
                                _ = try container.resolve(R2Unit.self)
                            } else {
                                _ = try container.resolve(R2Service.self)
                            }
                        } catch  where r2Code(error) == .notRegistered {
                        } catch {
                            problems.withLock { $0.append("\(error)") }
                        }
                    }
                }
            }
            #expect(finished)
            try await container.shutdown()
        }
        #expect(problems.current.isEmpty, "\(problems.current.prefix(5))")
        #expect(ledger.disposedTwice.isEmpty, "disposed of twice: \(ledger.disposedTwice.prefix(10))")
        #expect(
            ledger.neverDisposed.isEmpty, "built \(ledger.built), never disposed of: \(ledger.neverDisposed.prefix(10))"
        )
        #expect(ledger.deaths == ledger.built, "built \(ledger.built), released \(ledger.deaths)")
    }

    /// Multi-bindings: `resolveAll` racing `reset(Service.self)`, `resetAll()`, `reset(.singleton)` and new
    /// contributions. Each call returns every contribution made before it started, each once; after a shutdown every
    /// singleton contribution built was disposed of once, and all are released.
    @Test func resolveAllRacingResetsAndContributions() async throws {
        let ledger = R2Ledger()
        let problems = HostileBox<[String]>([])
        let contributed = HostileBox(0)
        do {
            let container = Container()
            @Sendable func contribute(_ number: Int) {
                let hooked = R2Hooked()
                container.contribute((any R2Plugin).self, scope: number % 2 == 0 ? .singleton : .cached) {
                    hooked.waitUntilAttached()
                    return R2PluginA(part: R2Part(ledger, generation: number))
                }.onDispose { $0.part.dispose() }
                hooked.markAttached()
            }
            for number in 0..<4 { contribute(number) }
            contributed.withLock { $0 = 4 }
            let finished = await r2OnThreads(5) { worker in
                for step in 0..<300 {
                    switch worker {
                    case 0:
                        if step % 10 == 0 {
                            let number = contributed.current
                            contribute(number)
                            contributed.withLock { $0 = number + 1 }
                        }
                    case 1:
                        switch step % 3 {
                        case 0: container.reset((any R2Plugin).self)
                        case 1: container.resetAll()
                        default: container.reset(.singleton)
                        }
                    default:
                        let floor = contributed.current
                        do {
                            let plugins = try container.resolveAll((any R2Plugin).self)
                            let generations = plugins.map(\.part.generation)
                            if plugins.count < floor || Set(generations).count != generations.count
                                || generations != generations.sorted()
                            {
                                problems.withLock { $0.append("\(floor) contributed, got \(generations)") }
                            }
                        } catch {
                            problems.withLock { $0.append("\(error)") }
                        }
                    }
                }
            }
            #expect(finished)
            try await container.shutdown()
        }
        #expect(problems.current.isEmpty, "\(problems.current.count): \(problems.current.prefix(5))")
        #expect(ledger.disposedTwice.isEmpty, "disposed of twice: \(ledger.disposedTwice.prefix(10))")
        #expect(
            ledger.neverDisposed.isEmpty, "built \(ledger.built), never disposed of: \(ledger.neverDisposed.prefix(10))"
        )
        #expect(ledger.deaths == ledger.built, "built \(ledger.built), released \(ledger.deaths)")
    }

    /// Weak references: after `reset` of a singleton raced by resolves, once nobody holds them, every instance but
    /// the one kept is freed, and after `removeAll()` that one too.
    @Test func instancesAreFreedAfterResetsUnderRaces() async throws {
        let ledger = R2Ledger()
        let container = Container()
        container.register(R2Service.self, scope: .singleton) { R2Service(part: R2Part(ledger)) }
        let finished = await r2OnThreads(4) { worker in
            for step in 0..<1_000 {
                if worker == 0 {
                    if step % 3 == 0 { container.reset(R2Service.self) }
                } else {
                    _ = try? container.resolve(R2Service.self)
                }
            }
        }
        #expect(finished)
        let kept = try container.resolve(R2Service.self).part.id
        let keptBox = WeakBox(try container.resolve(R2Service.self).part)
        #expect(ledger.deaths == ledger.built - 1, "built \(ledger.built), released \(ledger.deaths), kept \(kept)")
        container.removeAll()
        #expect(keptBox.value == nil)
        #expect(ledger.deaths == ledger.built)
    }
}
