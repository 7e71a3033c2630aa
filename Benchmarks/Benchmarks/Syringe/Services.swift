// The services of cases 5 and 6, the hand-written locator, and the swift-dependencies keys (the services of
// cases 1-4, 7-9 and 11-13 and their hand-written code are in BenchmarkFixtures).

import BenchmarkFixtures
import Dependencies
import Dispatch
import Foundation

/// A minimal hand-written service locator (cases 5 and 6): a dictionary of factories keyed by type.
/// Not thread-safe, no scopes, no diagnostics.
final class BaselineLocator {
    private var factories: [ObjectIdentifier: () -> Any] = [:]

    func register<Service>(_ type: Service.Type, _ factory: @escaping () -> Service) {
        factories[ObjectIdentifier(type)] = factory
    }

    func resolve<Service>(_ type: Service.Type) -> Service {
        factories[ObjectIdentifier(type)]!() as! Service
    }
}

// MARK: - swift-dependencies

// A unique service is a factory closure; a cached one is the value itself (its `liveValue` is kept).
enum MakePlainKey: DependencyKey { static let liveValue: @Sendable () -> Plain = { Plain() } }
enum SingleKey: DependencyKey { static let liveValue = Single() }
enum Lane0Key: DependencyKey { static let liveValue = Lane0() }
enum Lane1Key: DependencyKey { static let liveValue = Lane1() }
enum SharedKey: DependencyKey { static let liveValue = Shared() }
enum MakeLeaf1Key: DependencyKey { static let liveValue: @Sendable () -> Leaf1 = { Leaf1() } }
enum MakeLeaf2Key: DependencyKey { static let liveValue: @Sendable () -> Leaf2 = { Leaf2() } }
enum MakeLeaf3Key: DependencyKey { static let liveValue: @Sendable () -> Leaf3 = { Leaf3() } }
enum MakeLeaf4Key: DependencyKey { static let liveValue: @Sendable () -> Leaf4 = { Leaf4() } }
enum MakeLeaf5Key: DependencyKey { static let liveValue: @Sendable () -> Leaf5 = { Leaf5() } }
enum MakeLeaf6Key: DependencyKey { static let liveValue: @Sendable () -> Leaf6 = { Leaf6() } }

enum MakeMidAKey: DependencyKey {
    static let liveValue: @Sendable () -> MidA = {
        @Dependency(\.makeLeaf1) var leaf1
        @Dependency(\.makeLeaf2) var leaf2
        return MidA(leaf1(), leaf2())
    }
}

enum MakeMidBKey: DependencyKey {
    static let liveValue: @Sendable () -> MidB = {
        @Dependency(\.makeLeaf3) var leaf3
        @Dependency(\.makeLeaf4) var leaf4
        return MidB(leaf3(), leaf4())
    }
}

enum MakeMidCKey: DependencyKey {
    static let liveValue: @Sendable () -> MidC = {
        @Dependency(\.makeLeaf5) var leaf5
        @Dependency(\.makeLeaf6) var leaf6
        return MidC(leaf5(), leaf6())
    }
}

enum MakeRootKey: DependencyKey {
    static let liveValue: @Sendable () -> Root = {
        @Dependency(\.makeMidA) var makeA
        @Dependency(\.makeMidB) var makeB
        @Dependency(\.makeMidC) var makeC
        return Root(a: makeA(), b: makeB(), c: makeC())
    }
}

extension DependencyValues {
    var makePlain: @Sendable () -> Plain {
        get { self[MakePlainKey.self] }
        set { self[MakePlainKey.self] = newValue }
    }
    var single: Single {
        get { self[SingleKey.self] }
        set { self[SingleKey.self] = newValue }
    }
    var lane0: Lane0 {
        get { self[Lane0Key.self] }
        set { self[Lane0Key.self] = newValue }
    }
    var lane1: Lane1 {
        get { self[Lane1Key.self] }
        set { self[Lane1Key.self] = newValue }
    }
    var shared: Shared {
        get { self[SharedKey.self] }
        set { self[SharedKey.self] = newValue }
    }
    var makeLeaf1: @Sendable () -> Leaf1 {
        get { self[MakeLeaf1Key.self] }
        set { self[MakeLeaf1Key.self] = newValue }
    }
    var makeLeaf2: @Sendable () -> Leaf2 {
        get { self[MakeLeaf2Key.self] }
        set { self[MakeLeaf2Key.self] = newValue }
    }
    var makeLeaf3: @Sendable () -> Leaf3 {
        get { self[MakeLeaf3Key.self] }
        set { self[MakeLeaf3Key.self] = newValue }
    }
    var makeLeaf4: @Sendable () -> Leaf4 {
        get { self[MakeLeaf4Key.self] }
        set { self[MakeLeaf4Key.self] = newValue }
    }
    var makeLeaf5: @Sendable () -> Leaf5 {
        get { self[MakeLeaf5Key.self] }
        set { self[MakeLeaf5Key.self] = newValue }
    }
    var makeLeaf6: @Sendable () -> Leaf6 {
        get { self[MakeLeaf6Key.self] }
        set { self[MakeLeaf6Key.self] = newValue }
    }
    var makeMidA: @Sendable () -> MidA {
        get { self[MakeMidAKey.self] }
        set { self[MakeMidAKey.self] = newValue }
    }
    var makeMidB: @Sendable () -> MidB {
        get { self[MakeMidBKey.self] }
        set { self[MakeMidBKey.self] = newValue }
    }
    var makeMidC: @Sendable () -> MidC {
        get { self[MakeMidCKey.self] }
        set { self[MakeMidCKey.self] = newValue }
    }
    var makeRoot: @Sendable () -> Root {
        get { self[MakeRootKey.self] }
        set { self[MakeRootKey.self] = newValue }
    }
}

/// Case 4 with swift-dependencies: the holder's `@Dependency` property.
struct DependenciesHolder {
    @Dependency(\.single) var single
}

// MARK: - Threads (case 7)

/// Splits `total` operations over `threads` threads started together, and returns when all are done;
/// `body` gets its thread's lane (0 or 1) and share. One thread runs `body` on the calling thread.
/// Real threads that start together: `DispatchQueue.concurrentPerform` may run short iterations one
/// after another on the calling thread, which would hide any speed-up.
func concurrently(threads: Int, total: Int, _ body: @escaping @Sendable (_ lane: Int, _ count: Int) -> Void) {
    guard threads > 1 else { return body(0, total) }
    let started = DispatchGroup()
    let go = DispatchSemaphore(value: 0)
    let finished = DispatchGroup()
    for lane in 0..<threads {
        started.enter()
        finished.enter()
        Thread {
            started.leave()
            go.wait()
            body(lane, total / threads)
            finished.leave()
        }.start()
    }
    started.wait()
    for _ in 0..<threads { go.signal() }
    finished.wait()
}
