import Foundation
import Syringe
import Testing

extension Scope {
    fileprivate static let f2ScopeRequest = Scope("hostile-fault2-scope-fault-request")
}

/// Failed and cancelled builds of a scope's own slots (claimed without a lock, unlike a container's): waiters of a
/// build that fails, a retry in the same scope, deferred `.graph` hooks that fail after a kept factory returned.
@Suite("Hostile fault 2: faults in scopes", .timeLimit(.minutes(1)))
struct HostileFault2ScopeFaultTests {
    /// Tasks wait in an explicit scope for a build that fails (or whose builder is cancelled): none hangs; the
    /// ones that got an instance got the scope's one; a resolve afterwards gets it or builds it, once; close
    /// disposes of it once.
    @Test(arguments: ["throws", "cancelled"])
    func waitersOfAFailedBuildInAnExplicitScope(failure: String) async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let attempts = HostileCounter()
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, scope: .f2ScopeRequest) { () async throws -> F2Object in
            let attempt = attempts.increment()
            if attempt == 1 {
                started.open()
                await gate.wait()
                if failure == "throws" { throw HostileFailure(reason: "scoped build") }
                try Task.checkCancellation()
            }
            log.add("built")
            return F2Object("attempt \(attempt)")
        }.onDispose { _ in log.add("dispose") }
        let scope = container.openScope(.f2ScopeRequest)
        let builder = Task { try await scope.resolveAsync(F2Object.self) }
        await started.wait()
        let waiters = (0..<6).map { _ in Task { try await scope.resolveAsync(F2Object.self) } }
        for _ in 0..<20 { await Task.yield() }
        if failure == "cancelled" { builder.cancel() }
        gate.open()
        let builderOutcome = await bounded(5) { try await builder.value }
        #expect(builderOutcome.code == (failure == "throws" ? .factoryFailed : .cancelled))
        var values: [F2Object] = []
        for waiter in waiters {
            let outcome = await bounded(5) { try await waiter.value }
            #expect(!outcome.isHang)
            if let value = outcome.value { values.append(value) }
            if let code = outcome.code { #expect(code == .factoryFailed, "a waiter got \(code)") }
        }
        let kept = try await scope.resolveAsync(F2Object.self)
        for value in values { #expect(value === kept) }
        #expect(log.count("built") == 1)
        try await scope.close()
        #expect(log.count("dispose") == 1)
    }

    /// The same from threads, with a synchronous factory, through `scope.resolve`.
    @Test func threadsWaitingForAFailedBuildInAnExplicitScope() async throws {
        let release = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let attempts = HostileCounter()
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, scope: .f2ScopeRequest) { () throws -> F2Object in
            let attempt = attempts.increment()
            if attempt == 1 {
                started.signal()
                _ = release.wait(timeout: .now() + 5)
                throw HostileFailure(reason: "scoped build")
            }
            log.add("built")
            return F2Object("attempt \(attempt)")
        }.onDispose { _ in log.add("dispose") }
        let scope = container.openScope(.f2ScopeRequest)
        let builder = Task.detached { await boundedOnThreadAsync(5) { try scope.resolve(F2Object.self) } }
        _ = await Task.detached { started.wait(timeout: .now() + 5) }.value
        let waiters = (0..<4).map { _ in
            Task.detached { await boundedOnThreadAsync(5) { try scope.resolve(F2Object.self) } }
        }
        try? await Task.sleep(for: .milliseconds(50))
        release.signal()
        #expect(await builder.value.code == .factoryFailed)
        var values: [F2Object] = []
        for waiter in waiters {
            let outcome = await waiter.value
            #expect(!outcome.isHang)
            if let value = outcome.value { values.append(value) }
            if let code = outcome.code { #expect(code == .factoryFailed) }
        }
        let kept = try scope.resolve(F2Object.self)
        for value in values { #expect(value === kept) }
        #expect(log.count("built") == 1)
        try await scope.close()
        #expect(log.count("dispose") == 1)
    }

    /// Inside `withScope`, a scoped factory fails once and is asked again in the same call: the retry builds and
    /// keeps it (the failure did not poison the slot), and the end of the call disposes of it once.
    @Test(arguments: [false, true])
    func aRetryInTheSameWithScope(async: Bool) async throws {
        let attempts = HostileCounter()
        let log = F2Log()
        let container = Container()
        if async {
            container.register(F2Object.self, scope: .f2ScopeRequest) { () async throws -> F2Object in
                if attempts.increment() == 1 { throw HostileFailure(reason: "once") }
                return F2Object("ok")
            }.onDispose { _ in log.add("dispose") }
        } else {
            container.register(F2Object.self, scope: .f2ScopeRequest) { () throws -> F2Object in
                if attempts.increment() == 1 { throw HostileFailure(reason: "once") }
                return F2Object("ok")
            }.onDispose { _ in log.add("dispose") }
        }
        try await container.withScope(.f2ScopeRequest) {
            let error = await f2ErrorAsync { try await container.resolveAsync(F2Object.self) }
            #expect(error?.code == .factoryFailed)
            let first = try await container.resolveAsync(F2Object.self)
            #expect(try await container.resolveAsync(F2Object.self) === first)
        }
        #expect(attempts.count == 2)
        #expect(log.entries == ["dispose"])
    }

    /// A kept instance's factory returns, then a deferred `onCreated` hook of a `.graph` instance it resolved
    /// throws (DesignDecisions: nested `.graph` hooks run "when the enclosing build completes"): the kept instance
    /// is not kept nor disposed of, the graph instance and it are freed, and after the fault the next resolve keeps
    /// a complete one.
    @Test(arguments: [Scope.singleton, .cached, .f2ScopeRequest])
    func aDeferredGraphHookThatFailsAfterTheKeptFactoryReturned(scope: Scope) async throws {
        let failing = F2Flag(true)
        let log = F2Log()
        let keptProbe = WeakBox<F2Object>()
        let graphProbe = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Object.self, name: "graph", scope: .graph) { () -> F2Object in
            let object = F2Object("graph")
            if graphProbe.value == nil { graphProbe.value = object }
            return object
        }.onCreated { _, _ in
            log.add("graph hook")
            if failing.value { throw HostileFailure(reason: "deferred hook") }
        }
        container.register(F2Object.self, name: "kept", scope: scope) { (r: Resolution) throws -> F2Object in
            let object = F2Object("kept", holding: [try r.resolve(F2Object.self, name: "graph")])
            if keptProbe.value == nil { keptProbe.value = object }
            log.add("kept factory returned")
            return object
        }.onDispose { _ in log.add("dispose kept") }
        let scopeHandle = container.openScope(.f2ScopeRequest)
        let error = f2Error { try scopeHandle.resolve(F2Object.self, name: "kept") }
        #expect(error?.code == .factoryFailed)
        #expect((error?.underlyingError as? HostileFailure)?.reason == "deferred hook")
        #expect(error?.path.first == Key(F2Object.self, name: "kept"))
        #expect(log.entries == ["kept factory returned", "graph hook"])
        #expect(keptProbe.value == nil, "the kept instance whose graph hook failed is alive")
        #expect(graphProbe.value == nil)
        failing.set(false)
        let kept = try scopeHandle.resolve(F2Object.self, name: "kept")
        #expect(try scopeHandle.resolve(F2Object.self, name: "kept") === kept)
        try await scopeHandle.close()
        try await container.shutdown()
        #expect(log.count("dispose kept") == 1)
    }
}
