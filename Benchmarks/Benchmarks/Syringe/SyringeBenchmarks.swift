// Syringe against a hand-written baseline, Swinject and swift-dependencies, on the same cases.
//
// Names are "<Library>: <case number> <case>" so Scripts/benchmark-report.sh can group them; the tag
// `ops` is how many operations one measured iteration does (the report divides by it).
//
//   1 unique            resolve a new instance of a service with no dependencies
//   2 singleton         resolve a kept (singleton / cached) instance; the baseline is the floor, a
//                       never-inlined function returning a +1 reference to a run-time-built object
//   3 graph of 10       resolve Root -> 3 mids -> 2 leaves each, all new
//   4 property wrapper  construct a holder and read its injected cached property
//   4 property wrapper, key path   the same through a key path (`@Injected(\.single)`, a `provide(.singleton)`
//                       property; swift-dependencies' `@Dependency` is a key path in both cases)
//   5 register 1000           new container, 1,000 registrations (ops: 1 = the lot)
//   5 register+resolve 1000   the same, then resolve each once: the difference is 1,000 first resolves
//   6 resolve 1st / 1000th of 1000   one resolve from a container holding 1,000 registrations
//   7 per-thread singleton 1 thread / 2 threads   the same total of singleton resolves on one or two
//                       threads at once, each thread resolving a singleton of its own (the throughput
//                       gain is the ratio of the two times per resolve)
//   7 shared singleton 1 thread / 2 threads   the same, both threads resolving one shared singleton
//   8 allocations: the malloc count and bytes columns of every case (0 expected for kept instances)
//   9 unique with 2 singletons   a new service built from two kept ones
//   3 and 9 as "Syringe using": the same registrations declared (`using: Root.init`) instead of closures;
//                       the report's "vs Syringe" column is the price of declaring
//  11 request scope of 5   an explicit scope (`openScope(.request)`) resolving a handler built from 4 other
//                       request-scoped services, each disposed of (a sync onDispose) by `close()`; by hand: build
//                       the same 5 objects, call each one's dispose, release them
//  12 withScope of 5   the same through `withScope(.request)`
//  13 five builds in a scope   an explicit scope resolving 5 request-scoped services without dependencies or hooks;
//                       the baseline: the same with 5 unique ones (the difference / 5: a scoped build over a unique one)
//  10 verify 1000 declared   `verify()` of 1,000 declared registrations with 0-2 dependencies each (ops: 1)

import Benchmark
import BenchmarkFixtures
import Dependencies
import Dispatch
import Swinject
import Syringe

/// Singleton resolves per iteration in case 7, split between the threads: enough for a batch to last
/// tens of milliseconds, far longer than starting a thread. Swinject and swift-dependencies take about a
/// microsecond per resolve; the report divides by each benchmark's own `ops`.
let threadedResolves = 100_000
/// Syringe's singleton resolve and the baseline's floor take nanoseconds, so they get a longer batch.
let threadedFastResolves = 4_000_000

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount],
        warmupIterations: 10,
        scalingFactor: .kilo,
        maxDuration: .seconds(1),
        maxIterations: 2_000
    )

    /// A benchmark whose body runs `benchmark.scaledIterations` (1,000) operations.
    func micro(_ name: String, _ body: @escaping (Benchmark) throws -> Void) {
        Benchmark(name, configuration: .init(tags: ["ops": "1000"]), closure: body)
    }

    /// A benchmark whose every iteration does `ops` operations itself.
    func batch(_ name: String, ops: Int, maxIterations: Int, _ body: @escaping (Benchmark) throws -> Void) {
        Benchmark(
            name,
            configuration: .init(
                tags: ["ops": String(ops)], warmupIterations: 3, scalingFactor: .one,
                maxIterations: maxIterations),
            closure: body)
    }

    // MARK: Containers

    let syringe = Syringe.Container()
    syringe.register(Plain.self) { Plain() }
    syringe.register(Single.self, scope: .singleton) { Single() }
    syringe.register(Lane0.self, scope: .singleton) { Lane0() }
    syringe.register(Lane1.self, scope: .singleton) { Lane1() }
    syringe.register(Shared.self, scope: .singleton) { Shared() }
    syringe.register(Leaf1.self) { Leaf1() }
    syringe.register(Leaf2.self) { Leaf2() }
    syringe.register(Leaf3.self) { Leaf3() }
    syringe.register(Leaf4.self) { Leaf4() }
    syringe.register(Leaf5.self) { Leaf5() }
    syringe.register(Leaf6.self) { Leaf6() }
    syringe.register(MidA.self) { r in MidA(try r.resolve(), try r.resolve()) }
    syringe.register(MidB.self) { r in MidB(try r.resolve(), try r.resolve()) }
    syringe.register(MidC.self) { r in MidC(try r.resolve(), try r.resolve()) }
    syringe.register(Root.self) { r in Root(a: try r.resolve(), b: try r.resolve(), c: try r.resolve()) }
    syringe.register(Pair.self) { r in Pair(single: try r.resolve(), shared: try r.resolve()) }

    // The same registrations, declared: what `using:` costs against the closures above.
    let declared = Syringe.Container()
    declared.register(Single.self, scope: .singleton, using: Single.init)
    declared.register(Shared.self, scope: .singleton, using: Shared.init)
    declared.register(Leaf1.self, using: Leaf1.init)
    declared.register(Leaf2.self, using: Leaf2.init)
    declared.register(Leaf3.self, using: Leaf3.init)
    declared.register(Leaf4.self, using: Leaf4.init)
    declared.register(Leaf5.self, using: Leaf5.init)
    declared.register(Leaf6.self, using: Leaf6.init)
    declared.register(MidA.self, using: MidA.init)
    declared.register(MidB.self, using: MidB.init)
    declared.register(MidC.self, using: MidC.init)
    declared.register(Root.self, using: Root.init)
    declared.register(Pair.self, using: Pair.init)

    let swinject = Swinject.Container()
    swinject.register(Plain.self) { _ in Plain() }.inObjectScope(.transient)
    swinject.register(Single.self) { _ in Single() }.inObjectScope(.container)
    swinject.register(Lane0.self) { _ in Lane0() }.inObjectScope(.container)
    swinject.register(Lane1.self) { _ in Lane1() }.inObjectScope(.container)
    swinject.register(Shared.self) { _ in Shared() }.inObjectScope(.container)
    swinject.register(Leaf1.self) { _ in Leaf1() }.inObjectScope(.transient)
    swinject.register(Leaf2.self) { _ in Leaf2() }.inObjectScope(.transient)
    swinject.register(Leaf3.self) { _ in Leaf3() }.inObjectScope(.transient)
    swinject.register(Leaf4.self) { _ in Leaf4() }.inObjectScope(.transient)
    swinject.register(Leaf5.self) { _ in Leaf5() }.inObjectScope(.transient)
    swinject.register(Leaf6.self) { _ in Leaf6() }.inObjectScope(.transient)
    swinject.register(MidA.self) { r in MidA(r.resolve(Leaf1.self)!, r.resolve(Leaf2.self)!) }
        .inObjectScope(.transient)
    swinject.register(MidB.self) { r in MidB(r.resolve(Leaf3.self)!, r.resolve(Leaf4.self)!) }
        .inObjectScope(.transient)
    swinject.register(MidC.self) { r in MidC(r.resolve(Leaf5.self)!, r.resolve(Leaf6.self)!) }
        .inObjectScope(.transient)
    swinject.register(Root.self) { r in
        Root(a: r.resolve(MidA.self)!, b: r.resolve(MidB.self)!, c: r.resolve(MidC.self)!)
    }.inObjectScope(.transient)

    // Made here, at run time: the baseline's kept objects are ordinary heap objects, as a container's are.
    let manual = ManualContainer()

    // MARK: 1 unique

    micro("Baseline: 1 unique") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(manual.makePlain()) }
    }
    micro("Syringe: 1 unique") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try syringe.resolve(Plain.self)) }
    }
    micro("Swinject: 1 unique") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Plain.self)!) }
    }
    micro("Dependencies: 1 unique") { benchmark in
        for _ in benchmark.scaledIterations {
            @Dependency(\.makePlain) var makePlain
            blackHole(makePlain())
        }
    }

    // MARK: 2 singleton

    micro("Baseline: 2 singleton") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(manual.single.get()) }
    }
    micro("Syringe: 2 singleton") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try syringe.resolve(Single.self)) }
    }
    micro("Swinject: 2 singleton") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Single.self)!) }
    }
    micro("Dependencies: 2 singleton") { benchmark in
        for _ in benchmark.scaledIterations {
            @Dependency(\.single) var single
            blackHole(single)
        }
    }

    // MARK: 3 graph of 10

    micro("Baseline: 3 graph of 10") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(manual.makeRoot()) }
    }
    micro("Syringe: 3 graph of 10") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try syringe.resolve(Root.self)) }
    }
    micro("Syringe using: 3 graph of 10") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try declared.resolve(Root.self)) }
    }
    micro("Swinject: 3 graph of 10") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject.resolve(Root.self)!) }
    }
    micro("Dependencies: 3 graph of 10") { benchmark in
        for _ in benchmark.scaledIterations {
            @Dependency(\.makeRoot) var makeRoot
            blackHole(makeRoot())
        }
    }

    // MARK: 4 property wrapper (Swinject has no property wrapper: no case)

    micro("Baseline: 4 property wrapper") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(BaselineHolder(manual).single) }
    }
    // `@Injected var x: T` resolves `T` from `Container.shared` when the holder is initialised.
    Syringe.Container.shared.register(Single.self, scope: .singleton) { Single() }
    micro("Syringe: 4 property wrapper") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(SyringeHolder().single) }
    }
    micro("Dependencies: 4 property wrapper") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(DependenciesHolder().single) }
    }
    micro("Baseline: 4 property wrapper, key path") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(BaselineHolder(manual).single) }
    }
    micro("Syringe: 4 property wrapper, key path") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(SyringeKeyPathHolder().single) }
    }
    micro("Dependencies: 4 property wrapper, key path") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(DependenciesHolder().single) }
    }

    // MARK: 5 register 1,000 into a new container, resolve each once (ops: 1 = the whole batch)

    batch("Baseline: 5 register 1000", ops: 1, maxIterations: 500) { _ in
        let locator = BaselineLocator()
        Generated.registerAll(in: locator)
        blackHole(locator)
    }
    batch("Syringe: 5 register 1000", ops: 1, maxIterations: 500) { _ in
        let container = Syringe.Container()
        Generated.registerAll(in: container)
        blackHole(container)
    }
    batch("Swinject: 5 register 1000", ops: 1, maxIterations: 500) { _ in
        let container = Swinject.Container()
        Generated.registerAll(in: container)
        blackHole(container)
    }
    batch("Baseline: 5 register+resolve 1000", ops: 1, maxIterations: 500) { _ in
        let locator = BaselineLocator()
        Generated.registerAll(in: locator)
        Generated.resolveAll(from: locator)
    }
    batch("Syringe: 5 register+resolve 1000", ops: 1, maxIterations: 500) { _ in
        let container = Syringe.Container()
        Generated.registerAll(in: container)
        try Generated.resolveAll(from: container)
    }
    batch("Swinject: 5 register+resolve 1000", ops: 1, maxIterations: 500) { _ in
        let container = Swinject.Container()
        Generated.registerAll(in: container)
        Generated.resolveAll(from: container)
    }
    batch("Dependencies: 5 register+resolve 1000", ops: 1, maxIterations: 500) { _ in
        withDependencies {
            Generated.overrideAll(&$0)
        } operation: {
            Generated.readAll()
        }
    }

    // MARK: 6 resolve the 1st vs the 1,000th of 1,000 registrations

    let locator1000 = BaselineLocator()
    Generated.registerAll(in: locator1000)
    let syringe1000 = Syringe.Container()
    Generated.registerAll(in: syringe1000)
    let swinject1000 = Swinject.Container()
    Generated.registerAll(in: swinject1000)

    micro("Baseline: 6 resolve 1st of 1000") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(locator1000.resolve(Service0.self)) }
    }
    micro("Baseline: 6 resolve 1000th of 1000") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(locator1000.resolve(Service999.self)) }
    }
    micro("Syringe: 6 resolve 1st of 1000") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try syringe1000.resolve(Service0.self)) }
    }
    micro("Syringe: 6 resolve 1000th of 1000") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try syringe1000.resolve(Service999.self)) }
    }
    micro("Swinject: 6 resolve 1st of 1000") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject1000.resolve(Service0.self)!) }
    }
    micro("Swinject: 6 resolve 1000th of 1000") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(swinject1000.resolve(Service999.self)!) }
    }
    // swift-dependencies keeps each key's live value once read: read all 1,000 first, so its cache
    // holds 1,000 entries. (Reads inside `withDependencies` with 1,000 overrides, as in case 5, cost
    // far more: each read merges the overrides.)
    Generated.readAll()
    micro("Dependencies: 6 resolve 1st of 1000") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Dependency(Service0Key.self).wrappedValue) }
    }
    micro("Dependencies: 6 resolve 1000th of 1000") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(Dependency(Service999Key.self).wrappedValue) }
    }

    // MARK: 9 a new service with two kept dependencies, by closure and declared

    micro("Baseline: 9 unique with 2 singletons") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(manual.makePair()) }
    }
    micro("Syringe: 9 unique with 2 singletons") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try syringe.resolve(Pair.self)) }
    }
    micro("Syringe using: 9 unique with 2 singletons") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try declared.resolve(Pair.self)) }
    }

    // MARK: 10 verify() of 1,000 declared registrations (ops: 1 = the whole check)

    let declared1000 = Syringe.Container()
    Generated.registerAllDeclared(in: declared1000)
    batch("Syringe: 10 verify 1000 declared", ops: 1, maxIterations: 1_000) { _ in
        blackHole(try declared1000.verify())
    }

    // MARK: 11-13 a request scope: 5 request-scoped services built, used and disposed of

    let requests = makeRequestContainer()
    micro("Baseline: 11 request scope of 5") { benchmark in
        for _ in benchmark.scaledIterations { handWrittenRequest { blackHole($0) } }
    }
    Benchmark("Syringe: 11 request scope of 5", configuration: .init(tags: ["ops": "1000"])) { benchmark async throws in
        for _ in benchmark.scaledIterations {
            let scope = requests.openScope(.request)
            blackHole(try scope.resolve(RequestHandler.self))
            try await scope.close()
        }
    }
    micro("Baseline: 12 withScope of 5") { benchmark in
        for _ in benchmark.scaledIterations { handWrittenRequest { blackHole($0) } }
    }
    Benchmark("Syringe: 12 withScope of 5", configuration: .init(tags: ["ops": "1000"])) { benchmark async throws in
        for _ in benchmark.scaledIterations {
            try await requests.withScope(.request) { blackHole(try requests.resolve(RequestHandler.self)) }
        }
    }
    // Each request-scoped build against a unique one: both open a scope, resolve five leaves through it and close
    // it; the baseline's leaves are unique. The difference, divided by 5, is what a request-scoped build adds.
    let uniqueLeaves = makeLeavesContainer(.unique)
    let requestLeaves = makeLeavesContainer(.request)
    Benchmark("Baseline: 13 five builds in a scope", configuration: .init(tags: ["ops": "1000"])) { benchmark async in
        for _ in benchmark.scaledIterations { await resolveFiveLeaves(in: uniqueLeaves) }
    }
    Benchmark("Syringe: 13 five builds in a scope", configuration: .init(tags: ["ops": "1000"])) { benchmark async in
        for _ in benchmark.scaledIterations { await resolveFiveLeaves(in: requestLeaves) }
    }

    // MARK: 7 singleton resolves on one thread vs two at once (same total; ops: the total)

    // Swinject's container is not thread-safe; its synchronized resolver is what threads must use.
    nonisolated(unsafe) let swinjectSynchronized = swinject.synchronize()
    for threads in [1, 2] {
        let label = threads == 1 ? "1 thread" : "2 threads"

        // Each thread resolves a singleton of its own: the container's read path, no shared object.
        batch("Baseline: 7 per-thread singleton \(label)", ops: threadedFastResolves, maxIterations: 200) { _ in
            concurrently(threads: threads, total: threadedFastResolves) { lane, count in
                if lane == 0 {
                    for _ in 0..<count { blackHole(manual.lane0.get()) }
                } else {
                    for _ in 0..<count { blackHole(manual.lane1.get()) }
                }
            }
        }
        batch("Syringe: 7 per-thread singleton \(label)", ops: threadedFastResolves, maxIterations: 200) { _ in
            concurrently(threads: threads, total: threadedFastResolves) { lane, count in
                if lane == 0 {
                    for _ in 0..<count { blackHole(try! syringe.resolve(Lane0.self)) }
                } else {
                    for _ in 0..<count { blackHole(try! syringe.resolve(Lane1.self)) }
                }
            }
        }
        batch("Swinject: 7 per-thread singleton \(label)", ops: threadedResolves, maxIterations: 200) { _ in
            concurrently(threads: threads, total: threadedResolves) { lane, count in
                if lane == 0 {
                    for _ in 0..<count { blackHole(swinjectSynchronized.resolve(Lane0.self)!) }
                } else {
                    for _ in 0..<count { blackHole(swinjectSynchronized.resolve(Lane1.self)!) }
                }
            }
        }
        batch("Dependencies: 7 per-thread singleton \(label)", ops: threadedResolves, maxIterations: 200) { _ in
            concurrently(threads: threads, total: threadedResolves) { lane, count in
                for _ in 0..<count {
                    if lane == 0 {
                        @Dependency(\.lane0) var value
                        blackHole(value)
                    } else {
                        @Dependency(\.lane1) var value
                        blackHole(value)
                    }
                }
            }
        }

        // Both threads resolve the same singleton: one reference count, contended by hand-written code too.
        batch("Baseline: 7 shared singleton \(label)", ops: threadedFastResolves, maxIterations: 200) { _ in
            concurrently(threads: threads, total: threadedFastResolves) { _, count in
                for _ in 0..<count { blackHole(manual.shared.get()) }
            }
        }
        batch("Syringe: 7 shared singleton \(label)", ops: threadedFastResolves, maxIterations: 200) { _ in
            concurrently(threads: threads, total: threadedFastResolves) { _, count in
                for _ in 0..<count { blackHole(try! syringe.resolve(Shared.self)) }
            }
        }
        batch("Swinject: 7 shared singleton \(label)", ops: threadedResolves, maxIterations: 200) { _ in
            concurrently(threads: threads, total: threadedResolves) { _, count in
                for _ in 0..<count { blackHole(swinjectSynchronized.resolve(Shared.self)!) }
            }
        }
        batch("Dependencies: 7 shared singleton \(label)", ops: threadedResolves, maxIterations: 200) { _ in
            concurrently(threads: threads, total: threadedResolves) { _, count in
                for _ in 0..<count {
                    @Dependency(\.shared) var value
                    blackHole(value)
                }
            }
        }
    }
}

/// Case 4 with Syringe: the holder's `@Injected` property, resolved from `Container.shared`.
struct SyringeHolder {
    @Injected var single: Single
}

extension Syringe.Container {
    /// Case 4 through a key path: a container property kept as a singleton.
    var benchmarkSingle: Single { provide(.singleton) { Single() } }
}

/// Case 4 with Syringe through a key path: `@Injected(\.benchmarkSingle)`.
struct SyringeKeyPathHolder {
    @Injected(\.benchmarkSingle) var single
}
