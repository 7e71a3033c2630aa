import Foundation
import Syringe
import Testing

extension Scope {
    fileprivate static let f2Request = Scope("hostile-fault2-request")
}

/// Cancellation: of a task that builds, of one that waits for another's build, inside `withScope` and explicit
/// scopes, and of the task that closes or shuts down.
@Suite("Hostile fault 2: cancellation", .timeLimit(.minutes(1)))
struct HostileFault2CancellationTests {
    /// A builder cancelled while its async factory awaits; the factory then checks for cancellation. The builder
    /// gets `cancelled`, what the factory made is freed, nothing is kept and no hook runs, and the next resolve
    /// builds and keeps a new instance.
    @Test func aCancelledBuilderWhoseFactoryStops() async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let attempts = HostileCounter()
        let log = F2Log()
        let first = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Object.self, scope: .singleton) { () async throws -> F2Object in
            let attempt = attempts.increment()
            let object = F2Object("attempt \(attempt)")
            if attempt == 1 {
                first.value = object
                started.open()
                await gate.wait()
                try Task.checkCancellation()
            }
            return object
        }.onDispose { _ in log.add("dispose") }
        let builder = Task { try await container.resolveAsync(F2Object.self) }
        await started.wait()
        builder.cancel()
        gate.open()
        let outcome = await bounded(5) { try await builder.value }
        #expect(outcome.code == .cancelled)
        if case .error(let error) = outcome {
            #expect((error as? ResolutionError)?.underlyingError is CancellationError)
        }
        #expect(first.value == nil)
        #expect(log.count("dispose") == 0)
        let kept = try await container.resolveAsync(F2Object.self)
        #expect(kept.tag == "attempt 2")
        #expect(try await container.resolveAsync(F2Object.self) === kept)
        try await container.shutdown()
        #expect(log.count("dispose") == 1)
    }

    /// A builder cancelled while its factory awaits, but the factory ignores it and returns: the instance is kept
    /// (built once), and later resolves get it.
    @Test func aCancelledBuilderWhoseFactoryIgnoresIt() async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let attempts = HostileCounter()
        let container = Container()
        container.register(F2Object.self, scope: .singleton) { () async -> F2Object in
            let attempt = attempts.increment()
            started.open()
            await gate.wait()
            return F2Object("attempt \(attempt)")
        }
        let builder = Task { try await container.resolveAsync(F2Object.self) }
        await started.wait()
        builder.cancel()
        gate.open()
        let outcome = await bounded(5) { try await builder.value }
        #expect(!outcome.isHang)
        let kept = try await container.resolveAsync(F2Object.self)
        if let value = outcome.value { #expect(value === kept) }
        #expect(attempts.count == 1)
    }

    /// Tasks that were not cancelled wait for a build whose builder is cancelled and whose factory stops with a
    /// `CancellationError`: none hangs; whatever they get, the next resolve builds one instance and keeps it.
    @Test(arguments: 0..<3)
    func waitersOfACancelledBuilder(round: Int) async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let attempts = HostileCounter()
        let container = Container()
        container.register(F2Object.self, scope: .singleton) { () async throws -> F2Object in
            let attempt = attempts.increment()
            if attempt == 1 {
                started.open()
                await gate.wait()
                try Task.checkCancellation()
            }
            return F2Object("attempt \(attempt)")
        }
        let builder = Task { try await container.resolveAsync(F2Object.self) }
        await started.wait()
        let waiters = (0..<6).map { _ in Task { try await container.resolveAsync(F2Object.self) } }
        for _ in 0..<20 { await Task.yield() }
        builder.cancel()
        gate.open()
        #expect(await bounded(5) { try await builder.value }.code == .cancelled)
        var codes: [String] = []
        var values: [F2Object] = []
        for waiter in waiters {
            let outcome = await bounded(5) { try await waiter.value }
            #expect(!outcome.isHang)
            if let value = outcome.value { values.append(value) }
            if let code = outcome.code { codes.append("\(code)") }
        }
        let kept = try await container.resolveAsync(F2Object.self)
        for value in values { #expect(value === kept) }
        #expect(attempts.count == 2)
        // Not a promise of the docs either way: what a waiter that was not cancelled gets.
        #expect(codes.allSatisfy { $0 != "cancelled" }, "waiters that were not cancelled got: \(codes)")
    }

    /// A cancelled async factory that had already resolved a kept dependency: the dependency stays (complete),
    /// the failed instance is not kept, and the next resolve reuses the dependency.
    @Test func aFactoryCancelledAfterResolvingADependency() async throws {
        let started = F2Gate()
        let attempts = HostileCounter()
        let dependencyBuilds = HostileCounter()
        let container = Container()
        container.register(F2Kept.self, scope: .singleton) { () async -> F2Kept in
            F2Kept(dependencyBuilds.increment())
        }
        container.register(F2Failing.self, scope: .singleton) { (r: Resolution) async throws -> F2Failing in
            let kept: F2Kept = try await r.resolveAsync()
            if attempts.increment() == 1 {
                started.open()
                try await Task.sleep(for: .seconds(30))
            }
            return F2Failing(kept)
        }
        let builder = Task { try await container.resolveAsync(F2Failing.self) }
        await started.wait()
        builder.cancel()
        let outcome = await bounded(5) { try await builder.value }
        #expect(outcome.code == .cancelled)
        let built = try await container.resolveAsync(F2Failing.self)
        #expect(built.kept.number == 1)
        #expect(dependencyBuilds.count == 1)
        #expect(attempts.count == 2)
    }

    // MARK: Explicit scopes

    /// In an explicit scope, a task waiting for another's build of the scope's instance is cancelled: it stops
    /// with `cancelled`, the build goes on and is the scope's instance; `close()` disposes of it once and it is
    /// freed with the scope.
    @Test func aCancelledWaiterInAnExplicitScope() async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let log = F2Log()
        let probe = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Object.self, scope: .f2Request) { () async -> F2Object in
            log.add("build")
            started.open()
            await gate.wait()
            let object = F2Object("request")
            probe.value = object
            return object
        }.onDispose { _ in log.add("dispose") }
        do {
            let scope = container.openScope(.f2Request)
            let builder = Task { try await scope.resolveAsync(F2Object.self) }
            await started.wait()
            let waiter = Task { try await scope.resolveAsync(F2Object.self) }
            waiter.cancel()
            #expect(await bounded(5) { try await waiter.value }.code == .cancelled)
            gate.open()
            let built = try await builder.value
            #expect(try await scope.resolveAsync(F2Object.self) === built)
            try await scope.close()
            #expect(log.entries == ["build", "dispose"])
            let refused = await f2ErrorAsync { try await scope.resolveAsync(F2Object.self) }
            #expect(refused?.code == .shutDown)
        }
        #expect(await f2Eventually { probe.value == nil })
    }

    /// An explicit scope closed while its async factory runs: the build ends after the close, its caller gets
    /// `shutDown`, the instance is disposed of once by its builder and freed.
    @Test func closingAScopeWhileItBuilds() async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let log = F2Log()
        let probe = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Object.self, scope: .f2Request) { () async -> F2Object in
            started.open()
            await gate.wait()
            let object = F2Object("late")
            probe.value = object
            log.add("build")
            return object
        }.onDispose { _ in log.add("dispose") }
        do {
            let scope = container.openScope(.f2Request)
            let builder = Task { try await scope.resolveAsync(F2Object.self) }
            await started.wait()
            try await scope.close()
            gate.open()
            let outcome = await bounded(5) { try await builder.value }
            #expect(outcome.code == .shutDown)
            #expect(await f2Eventually { log.count("dispose") == 1 })
            #expect(log.entries == ["build", "dispose"])
        }
        #expect(await f2Eventually { probe.value == nil })
    }

    /// `close()` of an explicit scope called from a cancelled task: the docs say async hooks are awaited; an
    /// async hook that checks for cancellation (as `withScope` promises it may, because it runs them in a task of
    /// their own when the task is cancelled) should still run to its end.
    @Test func closingAnExplicitScopeFromACancelledTask() async throws {
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, scope: .f2Request) { F2Object("request") }
            .onDispose { (_: F2Object) async throws in
                try Task.checkCancellation()
                try await Task.sleep(for: .milliseconds(1))
                log.add("disposed")
            }
        let scope = container.openScope(.f2Request)
        _ = try scope.resolve(F2Object.self)
        let closing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await scope.close()
        }
        let outcome = await bounded(5) { try await closing.value }
        if case .error(let error) = outcome { Issue.record("close() from a cancelled task threw: \(error)") }
        #expect(log.entries == ["disposed"])
    }

    /// The same for `shutdown()`: a server shuts down from a task that is being cancelled (Servers.md: when a
    /// container's service group ends by "cancellation of the task that runs it", `shutdown()` "runs every
    /// remaining onDispose hook"; `ContainerServiceGroup.run()` calls it in that cancelled task).
    @Test func shutdownFromACancelledTask() async throws {
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, scope: .singleton) { F2Object("singleton") }
            .onDispose { (_: F2Object) async throws in
                try Task.checkCancellation()
                try await Task.sleep(for: .milliseconds(1))
                log.add("disposed")
            }
        _ = try container.resolve(F2Object.self)
        let closing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await container.shutdown()
        }
        let outcome = await bounded(5) { try await closing.value }
        if case .error(let error) = outcome { Issue.record("shutdown() from a cancelled task threw: \(error)") }
        #expect(log.entries == ["disposed"])
    }

    /// The same for `dispose(_:)` of a custom scope.
    @Test func disposeFromACancelledTask() async throws {
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, scope: .f2Request) { F2Object("session") }
            .onDispose { (_: F2Object) async throws in
                try Task.checkCancellation()
                try await Task.sleep(for: .milliseconds(1))
                log.add("disposed")
            }
        _ = try container.resolve(F2Object.self)
        let closing = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await container.dispose(.f2Request)
        }
        let outcome = await bounded(5) { try await closing.value }
        if case .error(let error) = outcome { Issue.record("dispose(_:) from a cancelled task threw: \(error)") }
        #expect(log.entries == ["disposed"])
    }

    // MARK: withScope

    /// A task cancelled inside `withScope`: the scope's instances are disposed of, each once, by hooks that check
    /// for cancellation and still run to the end (documented), and they are freed; the operation's error comes
    /// out.
    @Test func aTaskCancelledInsideWithScope() async throws {
        let log = F2Log()
        let probes = HostileBox<[WeakBox<F2Object>]>([])
        let container = Container()
        container.register(F2Object.self, name: "sync", scope: .f2Request) { F2Object("sync") }
            .onDispose { _ in log.add("dispose sync") }
        container.register(F2Object.self, name: "async", scope: .f2Request) { () async -> F2Object in
            F2Object("async")
        }.onDispose { (_: F2Object) async throws in
            try Task.checkCancellation()
            try await Task.sleep(for: .milliseconds(1))
            log.add("dispose async")
        }
        let task = Task {
            try await container.withScope(.f2Request) {
                let one = try container.resolve(F2Object.self, name: "sync")
                let two = try await container.resolveAsync(F2Object.self, name: "async")
                probes.withLock { $0 = [WeakBox(one), WeakBox(two)] }
                withUnsafeCurrentTask { $0?.cancel() }
                try await Task.sleep(for: .seconds(30))
            }
        }
        let outcome = await bounded(5) { try await task.value }
        #expect(outcome.code == nil && !outcome.isHang)
        if case .error(let error) = outcome { #expect(error is CancellationError, "\(error)") }
        #expect(await f2Eventually { log.entries.count == 2 })
        #expect(log.entries == ["dispose async", "dispose sync"])
        #expect(await f2Eventually { probes.current.allSatisfy { $0.value == nil } })
    }

    /// A task cancelled inside `withScope` while a request-scoped async factory awaits: that factory's build is
    /// not kept, what was resolved before is disposed of once, and a new `withScope` builds afresh.
    @Test func aTaskCancelledWhileAScopedFactoryAwaits() async throws {
        let log = F2Log()
        let started = F2Gate()
        let attempts = HostileCounter()
        let container = Container()
        container.register(F2Kept.self, scope: .f2Request) { F2Kept(0) }
            .onDispose { _ in log.add("dispose kept") }
        container.register(F2Failing.self, scope: .f2Request) { (r: Resolution) async throws -> F2Failing in
            let kept: F2Kept = try r.resolve()
            if attempts.increment() == 1 {
                started.open()
                try await Task.sleep(for: .seconds(30))
            }
            return F2Failing(kept)
        }.onDispose { _ in log.add("dispose failing") }
        let task = Task {
            try await container.withScope(.f2Request) {
                try await container.resolveAsync(F2Failing.self)
            }
        }
        await started.wait()
        task.cancel()
        let outcome = await bounded(5) { try await task.value }
        #expect(outcome.code == .cancelled)
        #expect(log.entries == ["dispose kept"])
        let second = try await container.withScope(.f2Request) {
            try await container.resolveAsync(F2Failing.self)
        }
        #expect(second.kept.number == 0)
        #expect(log.entries == ["dispose kept", "dispose failing", "dispose kept"])
    }
}
