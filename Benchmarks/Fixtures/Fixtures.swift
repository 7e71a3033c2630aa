// The services of the cases that compare with hand-written code, and that code: shared by the benchmark
// executable (ordo-one/benchmark, a process per case) and `PairedBenchmarks` (both in one process); and the
// registrations of the request-scope cases, which both run.

import Syringe

// MARK: - Services

/// Case 1: a service with no dependencies, new on every resolve.
package final class Plain: Sendable { @inlinable package init() {} }

/// Cases 2 and 4: a service kept once (singleton / cached).
package final class Single: Sendable { @inlinable package init() {} }

/// Case 7, per thread: one singleton per thread ("lane"), each padded so that no other hot word shares the
/// cache line of its reference count: two threads measure the container's read path rather than contention
/// on one object's reference count.
package final class Lane0: Sendable {
    package let padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    @inlinable package init() {}
}
package final class Lane1: Sendable {
    package let padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    @inlinable package init() {}
}

/// Case 7, shared: the one singleton both threads resolve. Their retains and releases contend on its
/// reference count, in hand-written code as in any library; padded so that nothing else shares its line.
package final class Shared: Sendable {
    package let padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    @inlinable package init() {}
}

// Case 3: a graph of 10 objects, all new on every resolve: Root needs 3 mids, each needs 2 leaves.
package final class Leaf1: Sendable { @inlinable package init() {} }
package final class Leaf2: Sendable { @inlinable package init() {} }
package final class Leaf3: Sendable { @inlinable package init() {} }
package final class Leaf4: Sendable { @inlinable package init() {} }
package final class Leaf5: Sendable { @inlinable package init() {} }
package final class Leaf6: Sendable { @inlinable package init() {} }

package final class MidA: Sendable {
    package let first: Leaf1, second: Leaf2
    @inlinable package init(_ first: Leaf1, _ second: Leaf2) { (self.first, self.second) = (first, second) }
}

package final class MidB: Sendable {
    package let first: Leaf3, second: Leaf4
    @inlinable package init(_ first: Leaf3, _ second: Leaf4) { (self.first, self.second) = (first, second) }
}

package final class MidC: Sendable {
    package let first: Leaf5, second: Leaf6
    @inlinable package init(_ first: Leaf5, _ second: Leaf6) { (self.first, self.second) = (first, second) }
}

package final class Root: Sendable {
    package let a: MidA, b: MidB, c: MidC
    @inlinable package init(a: MidA, b: MidB, c: MidC) { (self.a, self.b, self.c) = (a, b, c) }
}

/// Case 9: a new service with two kept dependencies, the shape of most view models and use cases.
package final class Pair: Sendable {
    package let single: Single, shared: Shared
    @inlinable package init(single: Single, shared: Shared) { (self.single, self.shared) = (single, shared) }
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
package final class Kept<Object: AnyObject & Sendable>: Sendable {
    @usableFromInline let object: Object
    private let padding = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    @inlinable package init(_ object: Object) { self.object = object }

    /// The kept object, +1: the caller owns the returned reference and releases it.
    @inlinable @inline(never)
    @_semantics("optimize.sil.specialize.owned2guarantee.never")
    package func get() -> Object { object }
}

/// A composition root as one would write it without a library, made once when the benchmarks start:
/// factory methods for new objects, and a `Kept` for each kept one.
package final class ManualContainer: Sendable {
    package init() {}

    package let single = Kept(Single())
    package let shared = Kept(Shared())
    package let lane0 = Kept(Lane0())
    package let lane1 = Kept(Lane1())

    @inlinable package func makePlain() -> Plain { Plain() }
    @inlinable package func makeMidA() -> MidA { MidA(Leaf1(), Leaf2()) }
    @inlinable package func makeMidB() -> MidB { MidB(Leaf3(), Leaf4()) }
    @inlinable package func makeMidC() -> MidC { MidC(Leaf5(), Leaf6()) }
    @inlinable package func makeRoot() -> Root { Root(a: makeMidA(), b: makeMidB(), c: makeMidC()) }
    @inlinable package func makePair() -> Pair { Pair(single: single.get(), shared: shared.get()) }
}

/// Case 4 baseline: a holder whose property is initialised by hand from the floor function, as `@Injected`
/// initialises its property from the container.
package struct BaselineHolder {
    package let single: Single

    @inlinable package init(_ manual: ManualContainer) { single = manual.single.get() }
}

// MARK: - Cases 11-13: a request scope

extension Scope {
    /// Cases 11-13's scope: one set of instances per open scope.
    package static let request = Scope("request")
}

/// Case 11 and 12's registrations: the request's five objects in `.request`, each disposed of by a synchronous hook.
/// Nonisolated, as a server writes its registrations (factories written in main-actor code would be main-actor ones).
package nonisolated func makeRequestContainer() -> Container {
    let requests = Container()
    requests.register(RequestConnection.self, scope: .request) { RequestConnection() }
        .onDispose { $0.dispose() }
    requests.register(RequestLog.self, scope: .request) { RequestLog() }
        .onDispose { $0.dispose() }
    requests.register(RequestWork.self, scope: .request) { r in RequestWork(connection: try r.resolve()) }
        .onDispose { $0.dispose() }
    requests.register(RequestRepository.self, scope: .request) { r in
        RequestRepository(work: try r.resolve(), log: try r.resolve())
    }
    .onDispose { $0.dispose() }
    requests.register(RequestHandler.self, scope: .request) { r in
        RequestHandler(repository: try r.resolve(), work: try r.resolve(), log: try r.resolve())
    }
    .onDispose { $0.dispose() }
    return requests
}

/// Case 13's registrations: five services with no dependencies and no hooks, in `scope` (`.request`, or `.unique`
/// for its baseline).
package nonisolated func makeLeavesContainer(_ scope: Scope) -> Container {
    let leaves = Container()
    leaves.register(Leaf1.self, scope: scope) { Leaf1() }
    leaves.register(Leaf2.self, scope: scope) { Leaf2() }
    leaves.register(Leaf3.self, scope: scope) { Leaf3() }
    leaves.register(Leaf4.self, scope: scope) { Leaf4() }
    leaves.register(Leaf5.self, scope: scope) { Leaf5() }
    return leaves
}

/// Case 13: one scope, five resolves of the leaves through it, closed.
@inline(never) package func resolveFiveLeaves(in container: Container) async {
    let scope = container.openScope(.request)
    blackHoleValue(try! scope.resolve(Leaf1.self))
    blackHoleValue(try! scope.resolve(Leaf2.self))
    blackHoleValue(try! scope.resolve(Leaf3.self))
    blackHoleValue(try! scope.resolve(Leaf4.self))
    blackHoleValue(try! scope.resolve(Leaf5.self))
    try! await scope.close()
}

/// Keeps `value` alive and opaque to the optimiser.
@inline(never) package func blackHoleValue<Value>(_ value: Value) { withExtendedLifetime(value) {} }

// One request's objects, each with a dispose function: a unit of work over a connection, a log, a repository and
// the handler that uses them all.
nonisolated(unsafe) package var disposals = 0

package final class RequestConnection: Sendable {
    @inlinable package init() {}
    @inlinable package func dispose() { disposals &+= 1 }
}
package final class RequestLog: Sendable {
    @inlinable package init() {}
    @inlinable package func dispose() { disposals &+= 1 }
}
package final class RequestWork: Sendable {
    package let connection: RequestConnection
    @inlinable package init(connection: RequestConnection) { self.connection = connection }
    @inlinable package func dispose() { disposals &+= 1 }
}
package final class RequestRepository: Sendable {
    package let work: RequestWork, log: RequestLog
    @inlinable package init(work: RequestWork, log: RequestLog) { (self.work, self.log) = (work, log) }
    @inlinable package func dispose() { disposals &+= 1 }
}
package final class RequestHandler: Sendable {
    package let repository: RequestRepository, work: RequestWork, log: RequestLog
    @inlinable package init(repository: RequestRepository, work: RequestWork, log: RequestLog) {
        (self.repository, self.work, self.log) = (repository, work, log)
    }
    @inlinable package func dispose() { disposals &+= 1 }
}

/// Cases 11 and 12 by hand: build one request's five objects, use the handler, dispose of each, newest first.
@inline(never) package func handWrittenRequest(_ use: (RequestHandler) -> Void) {
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
