import Foundation
import Testing

@testable import Syringe

/// What a registration's factory keeps alive, with a field a use after free would garble.
private final class Captured: Sendable {
    let mark = 0x5EED
}

/// `container.resolve(Int.self)` on a thread of its own.
private final class ResolveOnAThread: Sendable {
    private let value = HostileBox<Int?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ container: Container) {
        Thread { [value, done] in
            value.withLock { $0 = try? container.resolve(Int.self) }
            done.signal()
        }.start()
    }

    /// What the resolve returned, once it has.
    func result() -> Int? {
        done.wait()
        return value.current
    }
}

/// A synchronous build keeps the registration its lookup found: a registration replaced or removed meanwhile lives
/// until every build that uses it has ended, and no longer; a registration no build uses is freed at once, whatever
/// else the process builds.
@Suite("Engine: builds keep their registrations", .serialized, .timeLimit(.minutes(2)))
struct BuildRegistrationTests {
    @Test func aRegistrationReplacedWhileItsFactoryRunsLivesUntilTheBuildEnds() throws {
        let container = Container()
        let gate = HGate()
        container.register(Int.self) {
            gate.pass()
            return 1
        }
        // Nothing but the container holds the registration: the build's lookup borrows it.
        let registration = WeakBox(container.registry.entry(for: Key(Int.self)))
        let resolving = ResolveOnAThread(container)
        gate.waitForArrival()
        container.register(Int.self) { 2 }
        #expect(registration.value != nil, "freed while its build still ran")
        gate.openGate()
        #expect(resolving.result() == 1)
        #expect(registration.value == nil, "kept after the build that borrowed it ended")
        #expect(try container.resolve(Int.self) == 2)
    }

    /// The same with a hook that runs after the replacement: it runs, with what it captured.
    @Test func aRegistrationReplacedWhileItsFactoryRunsRunsItsHooks() throws {
        let container = Container()
        let gate = HGate()
        let captured = WeakBox<Captured>()
        do {
            let object = Captured()
            captured.value = object
            container.register(Int.self) {
                gate.pass()
                return 0
            }
            .onCreated { value, _ in value = object.mark }
        }
        let resolving = ResolveOnAThread(container)
        gate.waitForArrival()
        container.register(Int.self) { 2 }
        #expect(captured.value != nil, "freed while its build still ran")
        gate.openGate()
        #expect(resolving.result() == 0x5EED)
        #expect(captured.value == nil, "kept after the build that borrowed it ended")
    }

    @Test func aRegistrationNoBuildUsesIsFreedAtOnceWhileOthersBuild() throws {
        let container = Container()
        let gate = HGate()
        container.register(Int.self) {
            gate.pass()
            return 1
        }
        let captured = WeakBox<Captured>()
        do {
            let object = Captured()
            captured.value = object
            container.register(String.self) { "\(object.mark)" }
        }
        let resolving = ResolveOnAThread(container)
        gate.waitForArrival()
        container.register(String.self) { "new" }
        #expect(captured.value == nil, "a build of another registration delayed its release")
        gate.openGate()
        #expect(resolving.result() == 1)
        #expect(try container.resolve(String.self) == "new")
    }

    @Test func aFactoryThatReplacesItsOwnRegistrationFinishesWithIt() throws {
        let container = Container()
        let seen = HostileBox<Bool?>(nil)
        container.register(Int.self) { [unowned container] in
            let registration = WeakBox(container.registry.entry(for: Key(Int.self)))
            container.register(Int.self) { 2 }
            // Still borrowed by this build.
            seen.withLock { $0 = registration.value != nil }
            return 1
        }
        let registration = WeakBox(container.registry.entry(for: Key(Int.self)))
        #expect(try container.resolve(Int.self) == 1)
        #expect(seen.current == true)
        #expect(registration.value == nil)
        #expect(try container.resolve(Int.self) == 2)
    }

    /// Deeply nested builds (40, beyond the 16 a thread once borrowed without a reference count) survive their
    /// registrations' replacement by a factory deeper down, and the replaced ones are freed when the resolve ends.
    @Test func registrationsReplacedUnderDeeplyNestedBuildsLiveUntilTheirBuildsEnd() throws {
        let container = Container()
        let depth = 40
        let replaced = [5, 30]
        let captured = replaced.map { _ in WeakBox<Captured>() }
        for level in 0..<depth {
            let object = Captured()
            if let index = replaced.firstIndex(of: level) { captured[index].value = object }
            container.register(Int.self, name: "\(level)") { [unowned container] r in
                if level == depth - 1 {
                    for name in replaced { container.register(Int.self, name: "\(name)") { -1 } }
                    return 0
                }
                return try r.resolve(Int.self, name: "\(level + 1)")
            }
            .onCreated { value, _ in value += object.mark == 0x5EED ? 1 : 1_000 }
        }
        #expect(try container.resolve(Int.self, name: "0") == depth)
        #expect(captured.allSatisfy { $0.value == nil })
        #expect(try container.resolve(Int.self, name: "5") == -1)
    }

    /// Two threads resolve a graph while a third replaces its leaf again and again: every replaced registration is
    /// freed by the time all three are done, and every resolve saw a live factory.
    @Test func replacingWhileThreadsResolveFreesEveryReplacedRegistration() throws {
        let container = Container()
        let live = Counter()
        final class Leaf: Sendable {
            let counter: Counter
            init(_ counter: Counter) {
                self.counter = counter
                counter.increment()
            }
            deinit { counter.decrement() }
        }
        func registerLeaf() {
            let leaf = Leaf(live)
            container.register(Captured.self) { withExtendedLifetime(leaf) { Captured() } }
        }
        registerLeaf()
        container.register([Captured].self) { r in [try r.resolve(Captured.self), try r.resolve(Captured.self)] }
        let failures = Counter()
        let group = DispatchGroup()
        for _ in 0..<2 {
            group.enter()
            Thread {
                for _ in 0..<20_000 {
                    guard let pair = try? container.resolve([Captured].self), pair.allSatisfy({ $0.mark == 0x5EED })
                    else {
                        failures.increment()
                        continue
                    }
                }
                group.leave()
            }.start()
        }
        for _ in 0..<2_000 { registerLeaf() }
        group.wait()
        #expect(failures.count == 0)
        #expect(live.count == 1, "replaced registrations still alive after every build ended")
    }
}
