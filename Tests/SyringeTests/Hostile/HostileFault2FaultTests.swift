import Foundation
import Syringe
import Testing

final class F2Top: Sendable {
    let middle: F2Middle
    init(_ middle: F2Middle) { self.middle = middle }
}
final class F2Middle: Sendable {
    let bottom: F2Bottom
    init(_ bottom: F2Bottom) { self.bottom = bottom }
}
final class F2Bottom: Sendable {}
final class F2Kept: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
}
final class F2Failing: Sendable {
    let kept: F2Kept
    init(_ kept: F2Kept) { self.kept = kept }
}

/// Faults in user code: factories and hooks that throw, also after resolving other things, sync and async.
@Suite("Hostile fault 2: faults in user code", .timeLimit(.minutes(1)))
struct HostileFault2FaultTests {
    // MARK: A factory that resolves, then throws

    /// A singleton's factory resolves a kept dependency and a unique one, then throws. The dependency (complete,
    /// not built from the failed instance) stays kept, the unique one is freed, the failed singleton is not kept,
    /// and the next resolve builds it once and keeps it.
    @Test(arguments: [false, true])
    func aFactoryThatResolvesThenThrowsKeepsOnlyWhatWasComplete(async: Bool) async throws {
        let log = F2Log()
        let failing = F2Flag(true)
        let unique = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Kept.self, scope: .singleton) { () -> F2Kept in
            log.add("build kept")
            return F2Kept(1)
        }.onDispose { _ in log.add("dispose kept") }
        container.register(F2Object.self, name: "unique") { F2Object("unique") }
        if async {
            container.register(F2Failing.self, scope: .singleton) { (r: Resolution) async throws -> F2Failing in
                log.add("build failing")
                let kept: F2Kept = try await r.resolveAsync()
                let object = try r.resolve(F2Object.self, name: "unique")
                unique.value = object
                await Task.yield()
                if failing.value { throw HostileFailure(reason: "after resolving") }
                return F2Failing(kept)
            }.onDispose { _ in log.add("dispose failing") }
        } else {
            container.register(F2Failing.self, scope: .singleton) { (r: Resolution) throws -> F2Failing in
                log.add("build failing")
                let kept: F2Kept = try r.resolve()
                let object = try r.resolve(F2Object.self, name: "unique")
                unique.value = object
                if failing.value { throw HostileFailure(reason: "after resolving") }
                return F2Failing(kept)
            }.onDispose { _ in log.add("dispose failing") }
        }

        let error = await f2ErrorAsync { try await container.resolveAsync(F2Failing.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.path == [Key(F2Failing.self)])
        #expect((error?.underlyingError as? HostileFailure)?.reason == "after resolving")
        #expect(String(describing: error).contains("HostileFailure(after resolving)"))
        #expect(unique.value == nil)
        #expect(log.count("dispose failing") == 0)
        let keptBefore = try await container.resolveAsync(F2Kept.self)
        #expect(log.count("build kept") == 1)

        failing.set(false)
        let built = try await container.resolveAsync(F2Failing.self)
        #expect(built.kept === keptBefore)
        #expect(try await container.resolveAsync(F2Failing.self) === built)
        #expect(log.count("build failing") == 2)
        #expect(log.count("build kept") == 1)

        try await container.shutdown()
        #expect(log.entries.filter { $0.hasPrefix("dispose") } == ["dispose failing", "dispose kept"])
    }

    /// A singleton's `onCreated` hook throws once: the instance its factory built is freed, never handed out, its
    /// `onDispose` does not run for it, and the next resolve builds a new one that is kept.
    @Test(arguments: [false, true])
    func aThrowingHookLeavesNothingAndDoesNotPoison(asyncHook: Bool) async throws {
        let log = F2Log()
        let failing = F2Flag(true)
        let firstBuilt = WeakBox<F2Object>()
        let container = Container()
        let registration = container.register(F2Object.self, scope: .singleton) { () -> F2Object in
            log.add("build")
            let object = F2Object("singleton")
            if firstBuilt.value == nil { firstBuilt.value = object }
            return object
        }
        if asyncHook {
            registration.onCreated { _, _ async throws in
                await Task.yield()
                if failing.value { throw HostileFailure(reason: "hook") }
            }
        } else {
            registration.onCreated { _, _ in
                if failing.value { throw HostileFailure(reason: "hook") }
            }
        }
        registration.onDispose { _ in log.add("dispose") }

        let error = await f2ErrorAsync { try await container.resolveAsync(F2Object.self) }
        #expect(error?.code == .factoryFailed)
        #expect((error?.underlyingError as? HostileFailure)?.reason == "hook")
        #expect(firstBuilt.value == nil, "the instance whose hook failed is still alive")
        #expect(container.instances(of: F2Object.self).isEmpty)

        failing.set(false)
        let second = try await container.resolveAsync(F2Object.self)
        #expect(try await container.resolveAsync(F2Object.self) === second)
        #expect(log.count("build") == 2)
        container.resetAll()
        #expect(log.count("dispose") == 1)
    }

    // MARK: Paths of nested failures

    /// `Top → Middle → Bottom`, the bottom throws: the error names the whole path and the user's error, for every
    /// mix of scopes and of sync and async factories; nothing on the path is kept, and after the fault is fixed
    /// each is built once.
    @Test(arguments: [Scope.unique, .singleton, .cached, .graph], ["sync", "mixed", "async"])
    func aNestedFailureNamesThePath(scope: Scope, mode: String) async throws {
        let log = F2Log()
        let failing = F2Flag(true)
        let container = Container()
        if mode == "sync" {
            container.register(F2Top.self, scope: scope) { (r: Resolution) throws -> F2Top in
                log.add("top")
                return F2Top(try r.resolve())
            }
        } else {
            container.register(F2Top.self, scope: scope) { (r: Resolution) async throws -> F2Top in
                log.add("top")
                return F2Top(try await r.resolveAsync())
            }
        }
        if mode == "async" {
            container.register(F2Middle.self, scope: scope) { (r: Resolution) async throws -> F2Middle in
                log.add("middle")
                return F2Middle(try await r.resolveAsync())
            }
            container.register(F2Bottom.self, scope: scope) { () async throws -> F2Bottom in
                log.add("bottom")
                if failing.value { throw HostileFailure(reason: "bottom") }
                return F2Bottom()
            }
        } else {
            container.register(F2Middle.self, scope: scope) { (r: Resolution) throws -> F2Middle in
                log.add("middle")
                return F2Middle(try r.resolve())
            }
            container.register(F2Bottom.self, scope: scope) { () throws -> F2Bottom in
                log.add("bottom")
                if failing.value { throw HostileFailure(reason: "bottom") }
                return F2Bottom()
            }
        }
        let error = await f2ErrorAsync { try await container.resolveAsync(F2Top.self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.path == [Key(F2Top.self), Key(F2Middle.self), Key(F2Bottom.self)])
        #expect((error?.underlyingError as? HostileFailure)?.reason == "bottom")
        let text = error.map { String(describing: $0) } ?? ""
        #expect(text.contains("F2Top → F2Middle → F2Bottom"), "\(text)")
        #expect(text.contains("HostileFailure(bottom)"), "\(text)")
        #expect(text.contains("fix:"), "\(text)")
        #expect(text.contains("HostileFault2FaultTests.swift"), "\(text)")

        failing.set(false)
        let top = try await container.resolveAsync(F2Top.self)
        _ = top
        #expect(log.entries == ["top", "middle", "bottom", "top", "middle", "bottom"])
        if scope == .singleton || scope == .cached {
            #expect(try await container.resolveAsync(F2Top.self) === top)
            #expect(log.entries.count == 6)
        }
    }

    /// A factory catches its dependency's failure and asks again in the same resolution; the dependency (a
    /// singleton that fails once) succeeds the second time and is kept, and the factory's instance holds it.
    @Test(arguments: [false, true])
    func aFactoryThatRetriesAFailedDependencyInTheSameResolution(async: Bool) async throws {
        let attempts = HostileCounter()
        let container = Container()
        container.register(F2Kept.self, scope: .singleton) { () throws -> F2Kept in
            let attempt = attempts.increment()
            if attempt == 1 { throw HostileFailure(reason: "first attempt") }
            return F2Kept(attempt)
        }
        if async {
            container.register(F2Failing.self, scope: .singleton) { (r: Resolution) async throws -> F2Failing in
                do { return F2Failing(try await r.resolveAsync()) } catch {
                    return F2Failing(try await r.resolveAsync())
                }
            }
        } else {
            container.register(F2Failing.self, scope: .singleton) { (r: Resolution) throws -> F2Failing in
                do { return F2Failing(try r.resolve()) } catch { return F2Failing(try r.resolve()) }
            }
        }
        let holder = try await container.resolveAsync(F2Failing.self)
        #expect(holder.kept.number == 2)
        #expect(try await container.resolveAsync(F2Kept.self) === holder.kept)
        #expect(attempts.count == 2)
    }

    /// A `CancellationError` thrown by a synchronous factory or hook, without any task being cancelled, gives
    /// `cancelled` (documented for factories and hooks alike); the next resolve builds normally.
    @Test(arguments: ["factory", "hook"])
    func aCancellationErrorFromSynchronousUserCode(place: String) throws {
        let failing = F2Flag(true)
        let container = Container()
        let registration = container.register(F2Object.self, scope: .singleton) { () throws -> F2Object in
            if place == "factory" && failing.value { throw CancellationError() }
            return F2Object("x")
        }
        registration.onCreated { _, _ in
            if place == "hook" && failing.value { throw CancellationError() }
        }
        let error = f2Error { try container.resolve(F2Object.self) }
        #expect(error?.code == .cancelled)
        #expect(error?.underlyingError is CancellationError)
        #expect(error?.path == [Key(F2Object.self)])
        failing.set(false)
        let built = try container.resolve(F2Object.self)
        #expect(try container.resolve(F2Object.self) === built)
    }

    // MARK: Waiters of a build that fails

    /// Tasks wait for an async singleton build that then fails: none hangs, none gets `cancelled`, every one
    /// that got an instance got the same one, the kept instance was built by one successful factory run, and
    /// shutdown disposes of it once.
    @Test(arguments: 0..<3)
    func waitersOfAFailedAsyncBuild(round: Int) async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let attempts = HostileCounter()
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, scope: .singleton) { () async throws -> F2Object in
            let attempt = attempts.increment()
            if attempt == 1 {
                started.open()
                await gate.wait()
                throw HostileFailure(reason: "first build")
            }
            log.add("built")
            return F2Object("attempt \(attempt)")
        }.onDispose { _ in log.add("dispose") }
        let builder = Task { try await container.resolveAsync(F2Object.self) }
        await started.wait()
        let waiters = (0..<8).map { _ in Task { try await container.resolveAsync(F2Object.self) } }
        for _ in 0..<20 { await Task.yield() }
        gate.open()
        var outcomes: [Bounded<F2Object>] = [await bounded(5) { try await builder.value }]
        for waiter in waiters { outcomes.append(await bounded(5) { try await waiter.value }) }
        #expect(!outcomes.contains { $0.isHang })
        #expect(outcomes[0].code == .factoryFailed)
        for outcome in outcomes {
            if let code = outcome.code { #expect(code == .factoryFailed) }
        }
        let kept = try await container.resolveAsync(F2Object.self)
        for outcome in outcomes { if let value = outcome.value { #expect(value === kept) } }
        #expect(log.count("built") == 1)
        try await container.shutdown()
        #expect(log.count("dispose") == 1)
    }

    /// The same with threads and a synchronous factory.
    @Test func waitersOfAFailedSynchronousBuild() throws {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let attempts = HostileCounter()
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, scope: .singleton) { () throws -> F2Object in
            let attempt = attempts.increment()
            if attempt == 1 {
                started.signal()
                _ = release.wait(timeout: .now() + 5)
                throw HostileFailure(reason: "first build")
            }
            log.add("built")
            return F2Object("attempt \(attempt)")
        }.onDispose { _ in log.add("dispose") }
        let results = HostileBox<[Bounded<F2Object>]>([])
        let builderDone = DispatchSemaphore(value: 0)
        Thread {
            let outcome: Bounded<F2Object>
            do { outcome = .value(try container.resolve(F2Object.self)) } catch { outcome = .error(error) }
            results.withLock { $0.append(outcome) }
            builderDone.signal()
        }.start()
        _ = started.wait(timeout: .now() + 5)
        let waiters = DispatchGroup()
        for _ in 0..<6 {
            waiters.enter()
            Thread {
                let outcome: Bounded<F2Object>
                do { outcome = .value(try container.resolve(F2Object.self)) } catch { outcome = .error(error) }
                results.withLock { $0.append(outcome) }
                waiters.leave()
            }.start()
        }
        usleep(50_000)
        release.signal()
        #expect(builderDone.wait(timeout: .now() + 5) == .success)
        #expect(waiters.wait(timeout: .now() + 5) == .success)
        let outcomes = results.current
        #expect(outcomes.count == 7)
        for outcome in outcomes { if let code = outcome.code { #expect(code == .factoryFailed) } }
        let kept = try container.resolve(F2Object.self)
        for outcome in outcomes { if let value = outcome.value { #expect(value === kept) } }
        #expect(log.count("built") == 1)
        container.resetAll()
        #expect(log.count("dispose") == 1)
    }

    // MARK: Hooks at the end of a life that throw

    /// A synchronous reset whose middle hook throws still disposes of and frees every instance, and the container
    /// builds again afterwards.
    @Test func aThrowingDisposeHookDuringResetLosesNothing() throws {
        let log = F2Log()
        let container = Container()
        var probes: [WeakBox<F2Object>] = []
        for index in 0..<3 {
            container.register(F2Object.self, name: "n\(index)", scope: .cached) { F2Object("n\(index)") }
                .onDispose { object in
                    log.add("dispose \(object.tag)")
                    if index == 1 { throw HostileFailure(reason: "dispose") }
                }
            probes.append(WeakBox(try container.resolve(F2Object.self, name: "n\(index)")))
        }
        container.reset(.cached)
        #expect(log.entries.sorted() == ["dispose n0", "dispose n1", "dispose n2"])
        #expect(probes.allSatisfy { $0.value == nil })
        let again = try container.resolve(F2Object.self, name: "n1")
        #expect(again.tag == "n1")
        #expect(try container.resolve(F2Object.self, name: "n1") === again)
    }

    /// `shutdown()` whose two hooks throw reports both, each naming its registration, disposes of the rest once,
    /// and a second `shutdown()` neither throws nor runs a hook again.
    @Test func shutdownReportsEveryFailedHookOnce() async throws {
        let log = F2Log()
        let container = Container()
        for index in 0..<4 {
            container.register(F2Object.self, name: "n\(index)", scope: .singleton) { F2Object("n\(index)") }
                .onDispose { (object: F2Object) async throws in
                    log.add("dispose \(object.tag)")
                    if index.isMultiple(of: 2) { throw HostileFailure(reason: "hook \(index)") }
                }
            _ = try container.resolve(F2Object.self, name: "n\(index)")
        }
        let error = await f2ErrorAsync { try await container.shutdown() }
        #expect(error?.code == .multiple)
        #expect(error?.errors.count == 2)
        #expect(error?.errors.allSatisfy { $0.code == .disposeFailed } == true)
        let text = error.map { String(describing: $0) } ?? ""
        #expect(text.contains("n0") && text.contains("n2"), "\(text)")
        #expect(text.contains("HostileFailure(hook 0)") && text.contains("HostileFailure(hook 2)"), "\(text)")
        #expect(log.entries == ["dispose n3", "dispose n2", "dispose n1", "dispose n0"])
        try await container.shutdown()
        #expect(log.entries.count == 4)
        let refused = f2Error { try container.resolve(F2Object.self, name: "n1") }
        #expect(refused?.code == .shutDown)
    }
}
