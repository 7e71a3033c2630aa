import Foundation
import Syringe
import Testing

extension Scope {
    fileprivate static let f2MemoryRequest = Scope("hostile-fault2-memory-request")
    fileprivate static let f2MemorySession = Scope("hostile-fault2-memory-session")
}

/// Memory after the end of a life: every instance freed, every disposal hook run exactly once, nothing left by a
/// failed build; and what a replaced factory captured freed.
@Suite("Hostile fault 2: memory after reset", .timeLimit(.minutes(1)))
struct HostileFault2MemoryTests {
    // MARK: Replacing a registration

    /// Replacing a kept registration disposes of its instance once (before `register` returns, its hooks being
    /// synchronous), frees it and what the old factory captured; the new one builds its own.
    @Test(arguments: [Scope.singleton, .cached, .f2MemorySession])
    func replacingARegistrationFreesTheOldInstanceAndItsCaptures(scope: Scope) throws {
        let log = F2Log()
        let container = Container()
        let instance = WeakBox<F2Object>()
        let captured = WeakBox<F2Object>()
        do {
            let capture = F2Object("captured")
            captured.value = capture
            container.register(F2Object.self, scope: scope) { F2Object("old", holding: [capture]) }
                .onDispose { object in log.add("dispose \(object.tag)") }
            instance.value = try container.resolve(F2Object.self)
        }
        container.register(F2Object.self, scope: scope) { F2Object("new") }
            .onDispose { object in log.add("dispose \(object.tag)") }
        #expect(log.entries == ["dispose old"])
        #expect(instance.value == nil)
        #expect(captured.value == nil, "the replaced factory's capture is still alive")
        #expect(try container.resolve(F2Object.self).tag == "new")
    }

    /// The same after a request scope has laid out its slots for the registration: once that scope is closed and
    /// gone, replacing the registration frees what the old factory captured (DesignDecisions: "with no scope open,
    /// it goes at once").
    @Test(arguments: [false, true])
    func replacingARegistrationAfterAScopeUsedIt(replaceWhileOpen: Bool) async throws {
        let log = F2Log()
        let container = Container()
        let captured = WeakBox<F2Object>()
        let instance = WeakBox<F2Object>()
        do {
            let capture = F2Object("captured")
            captured.value = capture
            container.register(F2Object.self, scope: .f2MemoryRequest) { F2Object("old", holding: [capture]) }
                .onDispose { object in log.add("dispose \(object.tag)") }
        }
        do {
            let scope = container.openScope(.f2MemoryRequest)
            instance.value = try scope.resolve(F2Object.self)
            if replaceWhileOpen {
                container.register(F2Object.self, scope: .f2MemoryRequest) { F2Object("new") }
                    .onDispose { object in log.add("dispose \(object.tag)") }
                // DesignDecisions: the open scope keeps the old instance (to dispose of it), and gives the new
                // registration one of its own.
                #expect(try scope.resolve(F2Object.self).tag == "new")
            }
            try await scope.close()
        }
        if !replaceWhileOpen {
            container.register(F2Object.self, scope: .f2MemoryRequest) { F2Object("new") }
                .onDispose { object in log.add("dispose \(object.tag)") }
        }
        #expect(log.entries == (replaceWhileOpen ? ["dispose new", "dispose old"] : ["dispose old"]))
        #expect(instance.value == nil)
        #expect(captured.value == nil, "the replaced factory's capture is still alive")
        let fresh = try await container.withScope(.f2MemoryRequest) { try container.resolve(F2Object.self).tag }
        #expect(fresh == "new")
    }

    /// A registration replaced while its async singleton build awaits: the build ends after the replacement, is not
    /// kept, is disposed of once by its builder and freed; the caller gets the replacement's instance.
    @Test func replacingARegistrationWhileItsAsyncBuildAwaits() async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let log = F2Log()
        let old = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Object.self, scope: .singleton) { () async -> F2Object in
            started.open()
            await gate.wait()
            let object = F2Object("old")
            old.value = object
            return object
        }.onDispose { object in log.add("dispose \(object.tag)") }
        let caller = Task { try await container.resolveAsync(F2Object.self).tag }
        await started.wait()
        container.register(F2Object.self, scope: .singleton) { F2Object("new") }
            .onDispose { object in log.add("dispose \(object.tag)") }
        gate.open()
        let got = await bounded(5) { try await caller.value }
        #expect(got.value == "new", "\(got)")
        #expect(await f2Eventually { log.count("dispose old") == 1 })
        #expect(await f2Eventually { old.value == nil })
        #expect(try await container.resolveAsync(F2Object.self).tag == "new")
        try await container.shutdown()
        #expect(log.entries == ["dispose old", "dispose new"])
    }

    /// A reset while an async `.cached` build awaits: the caller gets its instance, which is then disposed of once
    /// (Lifetimes: "a reset empties its slot while its factory runs … once the resolve that built it has it"), the
    /// next resolve builds anew, and the overtaken instance is freed once the caller lets it go.
    @Test func aResetWhileAnAsyncBuildAwaits() async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let log = F2Log()
        let attempts = HostileCounter()
        let overtaken = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Object.self, scope: .cached) { () async -> F2Object in
            let attempt = attempts.increment()
            let object = F2Object("attempt \(attempt)")
            if attempt == 1 {
                overtaken.value = object
                started.open()
                await gate.wait()
            }
            return object
        }.onDispose { object in log.add("dispose \(object.tag)") }
        let caller = Task { try await container.resolveAsync(F2Object.self).tag }
        await started.wait()
        container.reset(.cached)
        gate.open()
        do {
            let got = try await caller.value
            #expect(got == "attempt 1")
            #expect(await f2Eventually { log.count("dispose attempt 1") == 1 })
            let next = try await container.resolveAsync(F2Object.self)
            #expect(next.tag == "attempt 2")
        }
        #expect(await f2Eventually { overtaken.value == nil })
        container.resetAll()
        #expect(log.entries == ["dispose attempt 1", "dispose attempt 2"])
    }

    /// `shutdown()` while an async singleton build awaits: the caller gets `shutDown`, the instance is disposed of
    /// once and freed.
    @Test func shutdownWhileAnAsyncBuildAwaits() async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let log = F2Log()
        let built = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Object.self, scope: .singleton) { () async -> F2Object in
            started.open()
            await gate.wait()
            let object = F2Object("late")
            built.value = object
            return object
        }.onDispose { object in log.add("dispose \(object.tag)") }
        let caller = Task { try await container.resolveAsync(F2Object.self) }
        await started.wait()
        try await container.shutdown()
        gate.open()
        #expect(await bounded(5) { try await caller.value }.code == .shutDown)
        #expect(await f2Eventually { log.entries == ["dispose late"] })
        #expect(await f2Eventually { built.value == nil })
    }

    // MARK: Failed builds leave nothing behind

    /// In an explicit scope, a scoped factory resolves another scoped instance and a `.graph` one, then throws: the
    /// complete dependency stays the scope's (disposed of once at close), the graph instance and everything the
    /// failed factory made are freed, and the failed one is neither kept nor disposed of.
    @Test(arguments: [false, true])
    func aFailedBuildInAScope(async: Bool) async throws {
        let log = F2Log()
        let failing = F2Flag(true)
        let graph = WeakBox<F2Object>()
        let dependency = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Object.self, name: "graph", scope: .graph) { F2Object("graph") }
        container.register(F2Object.self, name: "dependency", scope: .f2MemoryRequest) { F2Object("dependency") }
            .onDispose { object in log.add("dispose \(object.tag)") }
        if async {
            container.register(F2Object.self, name: "failing", scope: .f2MemoryRequest) {
                (r: Resolution) async throws -> F2Object in
                let one = try await r.resolveAsync(F2Object.self, name: "dependency")
                let two = try r.resolve(F2Object.self, name: "graph")
                dependency.value = one
                graph.value = two
                if failing.value { throw HostileFailure(reason: "scoped") }
                return F2Object("failing", holding: [one, two])
            }.onDispose { object in log.add("dispose \(object.tag)") }
        } else {
            container.register(F2Object.self, name: "failing", scope: .f2MemoryRequest) {
                (r: Resolution) throws -> F2Object in
                let one = try r.resolve(F2Object.self, name: "dependency")
                let two = try r.resolve(F2Object.self, name: "graph")
                dependency.value = one
                graph.value = two
                if failing.value { throw HostileFailure(reason: "scoped") }
                return F2Object("failing", holding: [one, two])
            }.onDispose { object in log.add("dispose \(object.tag)") }
        }
        do {
            let scope = container.openScope(.f2MemoryRequest)
            let error = await f2ErrorAsync { try await scope.resolveAsync(F2Object.self, name: "failing") }
            #expect(error?.code == .factoryFailed)
            #expect(error?.path == [Key(F2Object.self, name: "failing")])
            #expect(graph.value == nil)
            #expect(dependency.value != nil)
            failing.set(false)
            let fixed = try await scope.resolveAsync(F2Object.self, name: "failing")
            #expect(fixed.held.first === dependency.value)
            try await scope.close()
            #expect(log.entries == ["dispose failing", "dispose dependency"])
        }
        #expect(dependency.value == nil)
    }

    // MARK: Child containers and test containers

    /// A child container with its own kept instances (sync and async), some built over the parent's, is dropped:
    /// its instances are freed, no hook runs (documented), and the parent's instances and hooks are untouched.
    @Test func droppingAChildFreesItsInstancesAndRunsNoHook() async throws {
        let log = F2Log()
        let parent = Container()
        parent.register(F2Object.self, name: "parent", scope: .singleton) { F2Object("parent") }
            .onDispose { object in log.add("dispose \(object.tag)") }
        let parentInstance = try parent.resolve(F2Object.self, name: "parent")
        let probes: [WeakBox<F2Object>]
        do {
            let child = Container(parent: parent)
            child.register(F2Object.self, name: "sync", scope: .singleton) { r in
                F2Object("sync", holding: [try r.resolve(F2Object.self, name: "parent")])
            }.onDispose { object in log.add("dispose \(object.tag)") }
            child.register(F2Object.self, name: "async", scope: .cached) { () async -> F2Object in
                F2Object("async")
            }.onDispose { (object: F2Object) async in log.add("dispose \(object.tag)") }
            child.register(F2Object.self, name: "session", scope: .f2MemorySession) { F2Object("session") }
                .onDispose { object in log.add("dispose \(object.tag)") }
            probes = [
                WeakBox(try child.resolve(F2Object.self, name: "sync")),
                WeakBox(try await child.resolveAsync(F2Object.self, name: "async")),
                WeakBox(try child.resolve(F2Object.self, name: "session")),
            ]
            #expect(try child.resolve(F2Object.self, name: "parent") === parentInstance)
        }
        #expect(probes.allSatisfy { $0.value == nil })
        try? await Task.sleep(for: .milliseconds(20))
        #expect(log.entries.isEmpty)
        try await parent.shutdown()
        #expect(log.entries == ["dispose parent"])
    }

    /// A test container (async `withOverrides`) whose operation throws: what it built, its own copies of the
    /// parent's singletons included, is freed; the parent's own singleton is never built there.
    @Test func aTestContainerWhoseOperationThrowsIsFreed() async throws {
        let parentBuilds = HostileCounter()
        let inside = HostileBox<[WeakBox<F2Object>]>([])
        let testContainer = WeakBox<Container>()
        await #expect(throws: HostileFailure.self) {
            try await Container.withOverrides {
                $0.register(F2Object.self, name: "fault2-mock", scope: .singleton) { () async -> F2Object in
                    F2Object("mock")
                }
                parentBuilds.increment()
            } operation: {
                testContainer.value = Container.shared
                let mock = try await Container.shared.resolveAsync(F2Object.self, name: "fault2-mock")
                inside.withLock { $0.append(WeakBox(mock)) }
                throw HostileFailure(reason: "operation")
            }
        }
        #expect(parentBuilds.count == 1)
        #expect(inside.current.count == 1)
        #expect(inside.current.allSatisfy { $0.value == nil })
        #expect(testContainer.value == nil)
        #expect(!Container.shared.isRegistered(F2Object.self, name: "fault2-mock"))
    }

    /// `closeNow()` with async hooks runs them in a task of its own, each once; the instances are freed.
    @Test func closeNowWithAsyncHooks() async throws {
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, name: "a", scope: .f2MemoryRequest) { F2Object("a") }
            .onDispose { (object: F2Object) async in
                await Task.yield()
                log.add("dispose \(object.tag)")
            }
        container.register(F2Object.self, name: "b", scope: .f2MemoryRequest) { r in
            F2Object("b", holding: [try r.resolve(F2Object.self, name: "a")])
        }.onDispose { object in log.add("dispose \(object.tag)") }
        let probes: [WeakBox<F2Object>]
        do {
            let scope = container.openScope(.f2MemoryRequest)
            let b = try scope.resolve(F2Object.self, name: "b")
            probes = [WeakBox(b), WeakBox(b.held[0] as? F2Object)]
            try scope.closeNow()
            try scope.closeNow()
        }
        #expect(await f2Eventually { log.entries.count == 2 })
        try? await Task.sleep(for: .milliseconds(20))
        #expect(log.entries == ["dispose b", "dispose a"])
        #expect(await f2Eventually { probes.allSatisfy { $0.value == nil } })
    }

    /// `validate()` with a failing registration reports it with the user's error, and what it built in its throwaway
    /// copy is freed and gets no hook (DesignDecisions: "nor does a value that a validation built"); the container
    /// itself keeps nothing and builds normally afterwards.
    @Test func validateBuildsNothingThatStays() throws {
        let log = F2Log()
        let built = HostileBox<[WeakBox<F2Object>]>([])
        let container = Container()
        container.register(F2Object.self, name: "kept", scope: .singleton) { () -> F2Object in
            let object = F2Object("kept")
            built.withLock { $0.append(WeakBox(object)) }
            return object
        }.onDispose { _ in log.add("dispose") }
        container.register(F2Object.self, name: "failing", scope: .singleton) { () throws -> F2Object in
            throw HostileFailure(reason: "validate")
        }
        let error = f2Error { try container.validate() }
        #expect(error?.code == .multiple || error?.code == .factoryFailed)
        #expect(String(describing: error).contains("HostileFailure(validate)"))
        #expect(built.current.count == 1)
        #expect(built.current.allSatisfy { $0.value == nil }, "validate's instance is still alive")
        #expect(log.entries.isEmpty)
        #expect(container.instances(of: F2Object.self).isEmpty)
        _ = try container.resolve(F2Object.self, name: "kept")
        container.resetAll()
        #expect(log.entries == ["dispose"])
    }
}
