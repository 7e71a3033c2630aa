// The services every library builds, the hand-written baseline, and the swift-dependencies keys.

import Dependencies
import Dispatch
import Foundation

// MARK: - Services

/// Case 1: a service with no dependencies, new on every resolve.
final class Plain: Sendable { init() {} }

/// Cases 2 and 4: a service kept once (singleton / cached).
final class Single: Sendable { init() {} }

/// Case 7, per thread: one singleton per thread ("lane"), each padded so that no other hot word shares the
/// cache line of its reference count: two threads measure the container's read path rather than contention
/// on one object's reference count.
final class Lane0: Sendable {
    let padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    init() {}
}
final class Lane1: Sendable {
    let padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    init() {}
}

/// Case 7, shared: the one singleton both threads resolve. Their retains and releases contend on its
/// reference count, in hand-written code as in any library; padded so that nothing else shares its line.
final class Shared: Sendable {
    let padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    init() {}
}

// Case 3: a graph of 10 objects, all new on every resolve: Root needs 3 mids, each needs 2 leaves.
final class Leaf1: Sendable { init() {} }
final class Leaf2: Sendable { init() {} }
final class Leaf3: Sendable { init() {} }
final class Leaf4: Sendable { init() {} }
final class Leaf5: Sendable { init() {} }
final class Leaf6: Sendable { init() {} }

final class MidA: Sendable {
    let first: Leaf1, second: Leaf2
    init(_ first: Leaf1, _ second: Leaf2) { (self.first, self.second) = (first, second) }
}

final class MidB: Sendable {
    let first: Leaf3, second: Leaf4
    init(_ first: Leaf3, _ second: Leaf4) { (self.first, self.second) = (first, second) }
}

final class MidC: Sendable {
    let first: Leaf5, second: Leaf6
    init(_ first: Leaf5, _ second: Leaf6) { (self.first, self.second) = (first, second) }
}

final class Root: Sendable {
    let a: MidA, b: MidB, c: MidC
    init(a: MidA, b: MidB, c: MidC) { (self.a, self.b, self.c) = (a, b, c) }
}

/// Case 9: a new service with two kept dependencies, the shape of most view models and use cases.
final class Pair: Sendable {
    let single: Single, shared: Shared
    init(single: Single, shared: Shared) { (self.single, self.shared) = (single, shared) }
}

// Case 11: one request's objects, each with a dispose function: a unit of work over a connection, a log,
// a repository and the handler that uses them all.
nonisolated(unsafe) var disposals = 0

final class RequestConnection: Sendable {
    init() {}
    func dispose() { disposals &+= 1 }
}
final class RequestLog: Sendable {
    init() {}
    func dispose() { disposals &+= 1 }
}
final class RequestWork: Sendable {
    let connection: RequestConnection
    init(connection: RequestConnection) { self.connection = connection }
    func dispose() { disposals &+= 1 }
}
final class RequestRepository: Sendable {
    let work: RequestWork, log: RequestLog
    init(work: RequestWork, log: RequestLog) { (self.work, self.log) = (work, log) }
    func dispose() { disposals &+= 1 }
}
final class RequestHandler: Sendable {
    let repository: RequestRepository, work: RequestWork, log: RequestLog
    init(repository: RequestRepository, work: RequestWork, log: RequestLog) {
        (self.repository, self.work, self.log) = (repository, work, log)
    }
    func dispose() { disposals &+= 1 }
}

/// Case 11 by hand: build one request's five objects, use the handler, dispose of each, newest first.
@inline(never) func handWrittenRequest(_ use: (RequestHandler) -> Void) {
    let connection = RequestConnection()
    let log = RequestLog()
    let work = RequestWork(connection: connection)
    let repository = RequestRepository(work: work, log: log)
    let handler = RequestHandler(repository: repository, work: work, log: log)
    use(handler)
    handler.dispose()
    repository.dispose()
    work.dispose()
    log.dispose()
    connection.dispose()
}

// MARK: - Baseline: dependency injection written by hand

/// The floor of a cached resolve: a hand-written function that returns a +1 reference to an object built
/// at run time. Resolving a kept instance can cost no less: the caller gets a reference it owns, so the
/// object's reference count goes up and, when the caller is done, down again.
///
/// Honest by construction: the object is built when the benchmarks start (not a statically initialised,
/// immortal global, whose retains cost nothing), and `get()` stays a real call that retains: it is never
/// inlined, and the `owned2guarantee.never` semantics stops the optimiser from turning its +1 result into
/// a borrowed one (its "Return = Owned To Guaranteed" specialisation), which would drop the retain in
/// `get()` and the caller's release with it, leaving an empty call of about 2 ns.
///
/// Padded, as the objects of case 7 are: `get()` reads `object` on every call, and the next object
/// allocated after an unpadded `Kept` (case 7's other lane, at start-up) would share its cache line, so
/// that one thread's retains would evict the line the other thread reads (false sharing).
final class Kept<Object: AnyObject & Sendable>: Sendable {
    private let object: Object
    private let padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    init(_ object: Object) { self.object = object }

    /// The kept object, +1: the caller owns the returned reference and releases it.
    @inline(never)
    @_semantics("optimize.sil.specialize.owned2guarantee.never")
    func get() -> Object { object }
}

/// A composition root as one would write it without a library, made once when the benchmarks start:
/// factory methods for new objects, and a `Kept` for each kept one.
final class ManualContainer: Sendable {
    let single = Kept(Single())
    let shared = Kept(Shared())
    let lane0 = Kept(Lane0())
    let lane1 = Kept(Lane1())

    func makePlain() -> Plain { Plain() }
    func makeMidA() -> MidA { MidA(Leaf1(), Leaf2()) }
    func makeMidB() -> MidB { MidB(Leaf3(), Leaf4()) }
    func makeMidC() -> MidC { MidC(Leaf5(), Leaf6()) }
    func makeRoot() -> Root { Root(a: makeMidA(), b: makeMidB(), c: makeMidC()) }
    func makePair() -> Pair { Pair(single: single.get(), shared: shared.get()) }
}

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

/// Case 4 baseline: a holder whose property is initialised by hand from the floor function, as `@Injected`
/// initialises its property from the container.
struct BaselineHolder {
    let single: Single

    init(_ manual: ManualContainer) { single = manual.single.get() }
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
