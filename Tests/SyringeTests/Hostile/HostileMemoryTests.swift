import Foundation
import Syringe
import Testing

/// Calls back into a container from its `deinit`.
final class HReentrantDeinit: @unchecked Sendable {  // `onDeinit` is set once, before sharing
    let onDeinit: @Sendable () -> Void
    init(_ onDeinit: @escaping @Sendable () -> Void) { self.onDeinit = onDeinit }
    deinit { onDeinit() }
}

final class HHolder: Sendable {
    let held: HTracked
    init(_ held: HTracked) { self.held = held }
}

extension Scope {
    fileprivate static let hostileSession = Scope("hostile-memory-session")
    fileprivate static let hostileRequest = Scope("hostile-memory-request")
}

/// Issue 10, bugs 6 and 8: what a container drops is freed, and no `deinit` runs under a lock of Syringe,
/// attacked through every way an instance's life ends.
@Suite("Hostile: memory after reset, deinits", .timeLimit(.minutes(1)))
struct HostileMemoryTests {
    // MARK: What is dropped is freed

    @Test func aNamedResetFreesThatInstanceOnly() throws {
        let container = Container()
        container.register(HTracked.self, name: "a", scope: .cached) { HTracked(id: 1) }
        container.register(HTracked.self, name: "b", scope: .cached) { HTracked(id: 2) }
        let a = WeakBox(try container.resolve(HTracked.self, name: "a"))
        let b = WeakBox(try container.resolve(HTracked.self, name: "b"))
        container.reset(HTracked.self, name: "a")
        #expect(a.value == nil)
        #expect(b.value != nil)
    }

    @Test func removeAllFreesEverything() throws {
        let container = Container()
        container.register(HTracked.self, scope: .singleton) { HTracked() }
        container.register(HHolder.self, scope: .cached) { r in HHolder(try r.resolve()) }
        let holder = WeakBox(try container.resolve(HHolder.self))
        let tracked = WeakBox(try container.resolve(HTracked.self))
        container.removeAll()
        #expect(holder.value == nil && tracked.value == nil)
    }

    @Test func shutdownAndDisposeFree() async throws {
        let container = Container()
        container.register(HTracked.self, name: "session", scope: .hostileSession) { HTracked() }
        container.register(HTracked.self, scope: .singleton) { HTracked() }
        let session = WeakBox(try container.resolve(HTracked.self, name: "session"))
        let singleton = WeakBox(try container.resolve(HTracked.self))
        try await container.dispose(.hostileSession)
        #expect(session.value == nil)
        #expect(singleton.value != nil)
        try await container.shutdown()
        #expect(singleton.value == nil)
    }

    /// A child container dropped takes its own instances with it; the parent's stay.
    @Test func aDroppedChildFreesItsOwnInstances() throws {
        let parent = Container()
        parent.register(HTracked.self, name: "parent", scope: .singleton) { HTracked() }
        var child: Container? = Container(parent: parent)
        child?.register(HTracked.self, name: "child", scope: .singleton) { HTracked() }
        let own = WeakBox(try child?.resolve(HTracked.self, name: "child"))
        let parents = WeakBox(try child?.resolve(HTracked.self, name: "parent"))
        child = nil
        #expect(own.value == nil)
        #expect(parents.value != nil)
    }

    /// The container a test binds with `withOverrides` builds its own singletons; they go when it ends.
    @Test func aTestContainersInstancesGoWithIt() throws {
        let seen = WeakBox<HTracked>()
        let container = WeakBox<Container>()
        Container.withOverrides {
            $0.register(HTracked.self, scope: .singleton) { HTracked() }
        } operation: {
            seen.value = try? Container.shared.resolve(HTracked.self)
            container.value = Container.shared
        }
        #expect(container.value == nil)
        #expect(seen.value == nil)
    }

    /// A test container's copy of a parent's singleton goes with the test container, and the parent's is
    /// untouched.
    @Test func aTestContainersCopyOfAParentsSingletonGoesWithIt() throws {
        let parentInstance = WeakBox<HTracked>()
        let copyInstance = WeakBox<HTracked>()
        try Container.withOverrides {
            $0.register(HTracked.self, scope: .singleton) { HTracked() }
        } operation: {
            parentInstance.value = try Container.shared.resolve(HTracked.self)
            let kept = parentInstance.value
            Container.withOverrides { _ in
            } operation: {
                copyInstance.value = try? Container.shared.resolve(HTracked.self)
            }
            #expect(copyInstance.value == nil)
            #expect(kept != nil)
        }
    }

    /// `.graph` instances live as long as the resolution (and whoever holds them), no longer.
    @Test func graphInstancesAreFreedAfterTheResolution() throws {
        let container = Container()
        let graphInstance = WeakBox<HTracked>()
        container.register(HTracked.self, scope: .graph) {
            let tracked = HTracked()
            graphInstance.value = tracked
            return tracked
        }
        container.register(Int.self) { r in
            _ = try r.resolve(HTracked.self)
            return 1
        }
        #expect(try container.resolve(Int.self) == 1)
        #expect(graphInstance.value == nil)
    }

    /// A key-path override is freed when it is replaced or reset.
    @Test func aReplacedKeyPathOverrideIsFreed() throws {
        let container = Container()
        let first = WeakBox<HReentrantDeinit>()
        do {
            let object = HReentrantDeinit {}
            first.value = object
            container.hostileObject = object
        }
        #expect(first.value != nil)
        container.hostileObject = HReentrantDeinit {}
        #expect(first.value == nil)
        let second = WeakBox(container.hostileObject)
        container.reset(\.hostileObject)
        #expect(second.value == nil)
    }

    /// Instances built by a request scope are freed when it ends, also when the operation throws.
    @Test func requestScopedInstancesAreFreedWhenTheScopeEnds() async throws {
        let container = Container()
        container.register(HTracked.self, scope: .hostileRequest) { HTracked() }
        let seen = WeakBox<HTracked>()
        try await container.withScope(.hostileRequest) {
            seen.value = try container.resolve(HTracked.self)
        }
        #expect(seen.value == nil)
        await #expect(throws: HostileFailure.self) {
            try await container.withScope(.hostileRequest) {
                seen.value = try container.resolve(HTracked.self)
                throw HostileFailure()
            }
        }
        #expect(seen.value == nil)
    }

    // MARK: No deinit under a lock

    /// A `deinit` that resolves, registers and resets through the same container, triggered by each way an
    /// instance ends: none may deadlock.
    @Test(arguments: ["reset scope", "reset key", "re-register", "removeAll", "resetAll"])
    func aDeinitMayUseTheContainer(trigger: String) async {
        let container = Container()
        let ran = HostileCounter()
        let reenter: @Sendable () -> Void = {
            _ = try? container.resolve(Int.self)
            container.register(String.self) { "again" }
            container.reset(.cached)
            ran.increment()
        }
        container.register(Int.self, scope: .singleton) { 1 }
        container.register(HReentrantDeinit.self, scope: .cached) { HReentrantDeinit(reenter) }
        let outcome = await boundedOnThreadAsync(5) { () -> Bool in
            _ = try container.resolve(HReentrantDeinit.self)
            switch trigger {
            case "reset scope": container.reset(.cached)
            case "reset key": container.reset(HReentrantDeinit.self)
            case "re-register": container.register(HReentrantDeinit.self, scope: .cached) { HReentrantDeinit {} }
            case "removeAll": container.removeAll()
            default: container.resetAll()
            }
            return true
        }
        #expect(outcome.value == true)
        #expect(ran.count == 1)
    }

    /// The same when a scope ends or the container shuts down.
    @Test func aDeinitMayUseTheContainerWhenAScopeEnds() async throws {
        let container = Container()
        let ran = HostileCounter()
        let reenter: @Sendable () -> Void = {
            _ = try? container.resolve(Int.self)
            container.register(String.self) { "again" }
            container.reset(.cached)
            ran.increment()
        }
        container.register(Int.self) { 1 }
        container.register(HReentrantDeinit.self, scope: .hostileRequest) { HReentrantDeinit(reenter) }
        container.register(HReentrantDeinit.self, name: "session", scope: .hostileSession) { HReentrantDeinit(reenter) }
        let outcome = await bounded(5) {
            try await container.withScope(.hostileRequest) { _ = try container.resolve(HReentrantDeinit.self) }
            _ = try container.resolve(HReentrantDeinit.self, name: "session")
            try await container.dispose(.hostileSession)
            _ = try container.resolve(HReentrantDeinit.self, name: "session")
            try await container.shutdown()
            return true
        }
        #expect(outcome.value == true)
        #expect(ran.count == 3)
    }

    /// A `.graph` instance released at the end of its resolution, and a half-built singleton discarded by a
    /// failed one, may use the container in their `deinit`s.
    @Test func aDeinitAtTheEndOfAResolutionMayUseTheContainer() async {
        let container = Container()
        let ran = HostileCounter()
        let reenter: @Sendable () -> Void = {
            _ = try? container.resolve(Int.self, name: "other")
            container.register(String.self) { "again" }
            container.reset(.singleton)
            ran.increment()
        }
        container.register(Int.self, name: "other", scope: .singleton) { 2 }
        container.register(HReentrantDeinit.self, scope: .graph) { HReentrantDeinit(reenter) }
        container.register(Int.self) { r in
            _ = try r.resolve(HReentrantDeinit.self)
            return 1
        }
        container.register(HReentrantDeinit.self, name: "failing", scope: .singleton) { r in
            let object = HReentrantDeinit(reenter)
            _ = object
            throw HostileFailure()
        }
        let outcome = await boundedOnThreadAsync(5) { () -> Bool in
            _ = try container.resolve(Int.self)
            _ = try? container.resolve(HReentrantDeinit.self, name: "failing")
            return true
        }
        #expect(outcome.value == true)
        #expect(ran.count == 2)
    }

    /// A `.shared` (weak) instance whose last holder lets go while another thread resolves it.
    @Test func sharedInstancesComeAndGoUnderRaces() async {
        let container = Container()
        let built = HostileCounter()
        container.register(HTracked.self, scope: .shared) {
            HTracked(id: built.increment())
        }
        let outcomes = await boundedOnThreads(8, seconds: 20) { _ -> Bool in
            for _ in 0..<2_000 {
                let first = try container.resolve(HTracked.self)
                let second = try container.resolve(HTracked.self)
                if first !== second { return false }
            }
            return true
        }
        #expect(outcomes.allSatisfy { $0.value == true })
        let before = built.count
        let held = try? container.resolve(HTracked.self)
        #expect(held?.id == built.count)
        #expect(built.count <= before + 1)
    }
}

private struct HostileObjectKey: InjectionKey {
    static var defaultValue: HReentrantDeinit { HReentrantDeinit {} }
}

extension Container {
    fileprivate var hostileObject: HReentrantDeinit {
        get { self[HostileObjectKey.self] }
        set { self[HostileObjectKey.self] = newValue }
    }
}
