import Foundation
import Testing

@testable import Syringe

/// An instance that counts its disposals.
private final class Disposable: @unchecked Sendable {  // `disposals` is only touched by its onDispose hook
    let registration: Int
    let disposals = HostileCounter()
    init(registration: Int) { self.registration = registration }
}

/// Every instance built, from any thread.
private final class Built: Sendable {
    private let box = HostileBox<[Disposable]>([])
    func add(_ instance: Disposable) -> Disposable {
        box.withLock { $0.append(instance) }
        return instance
    }
    var all: [Disposable] { box.current }
    func count(of registration: Int) -> Int { all.filter { $0.registration == registration }.count }
}

/// Runs `body` on a thread of its own; ``join()`` waits for its result (30 s at most: a hang guard only).
private final class Joined<Value: Sendable>: Sendable {
    private let box = HostileBox<Value?>(nil)
    private let done = DispatchSemaphore(value: 0)

    init(_ body: @escaping @Sendable () -> Value) {
        let thread = Thread { [box, done] in
            box.withLock { $0 = body() }
            done.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    func join() -> Value? {
        _ = done.wait(timeout: .now() + 30)
        return box.current
    }
}

/// Waits until `condition` holds (30 s at most: a hang guard, not a timing).
private func waitUntil(_ condition: () -> Bool) {
    let deadline = Date().addingTimeInterval(30 * hangGuardScale)
    while !condition() && Date() < deadline { usleep(100) }
}

/// Re-registering a key while other threads and tasks resolve it: the replaced registration never builds a second
/// instance, and every instance built is disposed of exactly once.
@Suite("Engine: re-registration racing resolves", .serialized, .timeLimit(.minutes(2)))
struct ReRegistrationConcurrencyTests {
    /// A container whose `Disposable` singleton (registration 1) waits at the gate in its first build.
    private static func gatedSingleton() -> (Container, HGate, Built) {
        let container = Container()
        let gate = HGate()
        let built = Built()
        container.register(Disposable.self, scope: .singleton) {
            if built.count(of: 1) == 0 { gate.pass() }
            return built.add(Disposable(registration: 1))
        }
        .onDispose { $0.disposals.increment() }
        return (container, gate, built)
    }

    /// Thread A builds the singleton (held at a gate), thread B waits for A's build, and the key is re-registered
    /// meanwhile. Found broken: B found the replaced registration's slot empty once A's build was refused, built a
    /// second instance with the replaced factory, kept it in the replaced slot, and nobody ever disposed of it (not
    /// even `shutdown()`); A's instance was not disposed of either.
    @Test func aWaiterOnAReplacedSingletonGetsTheReplacement() async throws {
        let (container, gate, built) = Self.gatedSingleton()
        let replaced = try #require(container.registry.entry(for: Key(Disposable.self)))

        let first = Joined { try? container.resolve(Disposable.self) }
        gate.waitForArrival()
        let second = Joined { try? container.resolve(Disposable.self) }
        waitUntil { replaced.buildIsAwaited }
        #expect(replaced.buildIsAwaited)

        container.register(Disposable.self, scope: .singleton) { built.add(Disposable(registration: 2)) }
            .onDispose { $0.disposals.increment() }
        gate.openGate()
        let (a, b) = (first.join() ?? nil, second.join() ?? nil)

        #expect(built.count(of: 1) == 1, "the replaced registration built again")
        #expect(built.count(of: 2) == 1)
        #expect(a?.registration == 2)
        #expect(b?.registration == 2)
        #expect(a != nil && a === b)
        try await container.shutdown()
        #expect(built.all.map { $0.disposals.count } == [1, 1], "each instance disposed of once")
    }

    /// The same with an async factory, resolved by two tasks: the waiter suspends instead of blocking.
    @Test func aTaskWaitingOnAReplacedAsyncSingletonGetsTheReplacement() async throws {
        let container = Container()
        let gate = HGate()
        let built = Built()
        container.register(Disposable.self, scope: .singleton) { () async in
            if built.count(of: 1) == 0 { await gate.passAsync() }
            return built.add(Disposable(registration: 1))
        }
        .onDispose { $0.disposals.increment() }
        let replaced = try #require(container.registry.entry(for: Key(Disposable.self)))

        let first = Task { try await container.resolveAsync(Disposable.self) }
        await gate.waitForArrivalAsync()
        let second = Task { try await container.resolveAsync(Disposable.self) }
        for _ in 0..<Int(30_000 * hangGuardScale) where !replaced.buildIsAwaited {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(replaced.buildIsAwaited)

        container.register(Disposable.self, scope: .singleton) { () async in built.add(Disposable(registration: 2)) }
            .onDispose { $0.disposals.increment() }
        gate.openGate()
        let (a, b) = (try await first.value, try await second.value)

        #expect(built.count(of: 1) == 1, "the replaced registration built again")
        #expect(built.count(of: 2) == 1)
        #expect(a === b)
        #expect(a.registration == 2)
        try await container.shutdown()
        #expect(built.all.map { $0.disposals.count } == [1, 1], "each instance disposed of once")
    }

    /// A build that ends after its registration was replaced and dropped is disposed of by its builder; the
    /// builder's request gets the replacement.
    @Test func aBuildOvertakenByReRegistrationIsDisposedOf() async throws {
        let container = Container()
        let gate = HGate()
        let built = Built()
        container.register(Disposable.self, scope: .singleton) {
            gate.pass()
            return built.add(Disposable(registration: 1))
        }
        .onDispose { $0.disposals.increment() }
        let first = Joined { try? container.resolve(Disposable.self) }
        gate.waitForArrival()
        container.register(Disposable.self, scope: .singleton) { built.add(Disposable(registration: 2)) }
            .onDispose { $0.disposals.increment() }
        gate.openGate()
        let a = first.join() ?? nil
        #expect(a?.registration == 2)
        #expect(built.count(of: 1) == 1)
        #expect(built.all.first { $0.registration == 1 }?.disposals.count == 1)
        try await container.shutdown()
        #expect(built.all.map { $0.disposals.count } == [1, 1])
    }

    /// Removing every registration while a build waits: the waiter is told nothing is registered, and the one
    /// instance built is disposed of.
    @Test func aWaiterOnARemovedRegistrationIsToldItIsMissing() throws {
        let (container, gate, built) = Self.gatedSingleton()
        let removed = try #require(container.registry.entry(for: Key(Disposable.self)))
        let first = Joined { Result { try container.resolve(Disposable.self) } }
        gate.waitForArrival()
        let second = Joined { Result { try container.resolve(Disposable.self) } }
        waitUntil { removed.buildIsAwaited }
        container.removeAll()
        gate.openGate()
        for result in [first.join(), second.join()] {
            #expect((result?.mapError { $0 as! ResolutionError }.failure)?.code == .notRegistered)
        }
        #expect(built.count(of: 1) == 1)
        #expect(built.all.map { $0.disposals.count } == [1])
    }

    /// Threads resolve one key while it is re-registered over and over (bounded): no registration builds twice,
    /// and after `shutdown()` every instance built has been disposed of exactly once.
    @Test func reRegisteringWhileResolvingBuildsEachRegistrationOnce() async throws {
        let container = Container()
        let built = Built()
        func register(_ number: Int) {
            container.register(Disposable.self, scope: .singleton) {
                built.add(Disposable(registration: number))
            }
            .onDispose { $0.disposals.increment() }
        }
        register(0)
        let stop = HostileBox(false)
        let readers = (0..<3).map { _ in
            Joined { () -> Int in
                var resolved = 0
                while !stop.current {
                    if (try? container.resolve(Disposable.self)) != nil { resolved += 1 }
                }
                return resolved
            }
        }
        for number in 1...300 { register(number) }
        stop.withLock { $0 = true }
        let counts = readers.map { $0.join() }
        #expect(counts.allSatisfy { $0 != nil })
        try await container.shutdown()
        let all = built.all
        let perRegistration = Dictionary(grouping: all, by: \.registration).mapValues(\.count)
        let twice = perRegistration.filter { $0.value > 1 }
        #expect(twice.isEmpty, "built twice: \(twice)")
        let wrong = all.filter { $0.disposals.count != 1 }
        #expect(wrong.isEmpty, "disposed of \(wrong.map { $0.disposals.count }) times")
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
