// Cases 1-4 and 11-13 of the benchmarks (and 14 and 15, cases 3 and 11 on two threads), hand-written code and Syringe timed in one process, round after round.
//
// ordo-one/benchmark runs each benchmark in a process of its own; on a machine whose speed changes for
// seconds at a time (a shared virtual machine), the baseline's process and Syringe's can run at different
// speeds, and their ratio is then off by up to 2x. Here both loops of a case alternate in one process, and
// each keeps its fastest round, so the two are compared at the same speed. `Scripts/paired-report.sh` runs
// this several times and checks the budgets that compare with hand-written code.
//
//   swift run -c release --package-path Benchmarks PairedBenchmarks [operations per round] [rounds] [case]

import BenchmarkFixtures
import Dispatch
import Syringe

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps `value` alive and opaque to the optimiser, so that the measured work is not folded away.
@inline(never) func consume<Value>(_ value: Value) { withExtendedLifetime(value) {} }

/// Nanoseconds on the monotonic clock.
func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Case 4 with Syringe: a holder whose property is injected from `Container.shared`.
struct InjectedHolder {
    @Injected var single: Single
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let operations = arguments.first ?? 100_000
let rounds = arguments.dropFirst().first ?? 20
let only = arguments.dropFirst(2).first

let manual = ManualContainer()
/// The registrations, in a nonisolated function as a server or a library writes them: factories written in
/// main-actor code (this file's top-level code is) would be main-actor factories.
nonisolated func makeContainer() -> Container {
    let container = Container()
    container.register(Plain.self) { Plain() }
    container.register(Single.self, scope: .singleton) { Single() }
    container.register(Leaf1.self) { Leaf1() }
    container.register(Leaf2.self) { Leaf2() }
    container.register(Leaf3.self) { Leaf3() }
    container.register(Leaf4.self) { Leaf4() }
    container.register(Leaf5.self) { Leaf5() }
    container.register(Leaf6.self) { Leaf6() }
    container.register(MidA.self) { r in MidA(try r.resolve(), try r.resolve()) }
    container.register(MidB.self) { r in MidB(try r.resolve(), try r.resolve()) }
    container.register(MidC.self) { r in MidC(try r.resolve(), try r.resolve()) }
    container.register(Root.self) { r in Root(a: try r.resolve(), b: try r.resolve(), c: try r.resolve()) }
    return container
}

let container = makeContainer()
nonisolated func registerShared() { Container.shared.register(Single.self, scope: .cached) { Single() } }
registerShared()

/// The fastest round of each loop, in nanoseconds per operation; the two loops alternate, round after round.
func paired(_ baseline: () -> Void, _ syringe: () -> Void) -> (baseline: Double, syringe: Double) {
    var best = (baseline: Double.infinity, syringe: Double.infinity)
    for _ in 0..<rounds {
        var start = now()
        for _ in 0..<operations { baseline() }
        best.baseline = min(best.baseline, Double(now() - start) / Double(operations))
        start = now()
        for _ in 0..<operations { syringe() }
        best.syringe = min(best.syringe, Double(now() - start) / Double(operations))
    }
    return best
}

let cases: [(number: Int, name: String, baseline: () -> Void, syringe: () -> Void)] = [
    (1, "unique", { consume(manual.makePlain()) }, { consume(try! container.resolve(Plain.self)) }),
    (2, "singleton", { consume(manual.single.get()) }, { consume(try! container.resolve(Single.self)) }),
    (3, "graph of 10", { consume(manual.makeRoot()) }, { consume(try! container.resolve(Root.self)) }),
    (4, "property wrapper", { consume(BaselineHolder(manual).single) }, { consume(InjectedHolder().single) }),
]
for (number, name, baseline, syringe) in cases where only == nil || only == number {
    let (base, ours) = paired(baseline, syringe)
    print("paired case=\(number) name=\"\(name)\" baseline_ns=\(base) syringe_ns=\(ours)")
}

/// Case 14: case 3 with the operations split between two threads at once, in nanoseconds per operation (the
/// throughput of both): a server's request threads resolving the same registrations. Case 3's time over this one
/// is what a second thread gains.
func pairedOnTwoThreads(_ baseline: @Sendable () -> Void, _ syringe: @Sendable () -> Void) -> (Double, Double) {
    func round(_ body: @Sendable () -> Void) -> Double {
        let start = now()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            for _ in 0..<operations / 2 { body() }
        }
        return Double(now() - start) / Double(operations / 2 * 2)
    }
    var best = (baseline: Double.infinity, syringe: Double.infinity)
    for _ in 0..<rounds {
        best.baseline = min(best.baseline, round(baseline))
        best.syringe = min(best.syringe, round(syringe))
    }
    return best
}
if only == nil || only == 14 {
    let (base, ours) = pairedOnTwoThreads(
        { consume(manual.makeRoot()) }, { consume(try! container.resolve(Root.self)) })
    print("paired case=14 name=\"graph of 10, two threads\" baseline_ns=\(base) syringe_ns=\(ours)")
}

/// Case 15: case 11 on two threads at once, closed synchronously (`closeNow()`): a server's request threads, each
/// with scopes of its own, resolving the same registrations.
if only == nil || only == 15 {
    let requests = makeRequestContainer()
    let (base, ours) = pairedOnTwoThreads(
        { handWrittenRequest { consume($0) } },
        {
            let scope = requests.openScope(.request)
            consume(try! scope.resolve(RequestHandler.self))
            try! scope.closeNow()
        })
    print("paired case=15 name=\"explicit scope of 5, two threads\" baseline_ns=\(base) syringe_ns=\(ours)")
}

/// ``paired(_:_:)`` for loops that await (a scope's `close()` does not suspend when its hooks are synchronous).
/// Nonisolated, as a server's request handling is: from the main actor, each call of a nonisolated async closure
/// would hop to the global executor and back.
nonisolated func paired(
    _ baseline: () async -> Void, _ syringe: () async -> Void
) async -> (baseline: Double, syringe: Double) {
    var best = (baseline: Double.infinity, syringe: Double.infinity)
    for _ in 0..<rounds {
        var start = now()
        for _ in 0..<operations { await baseline() }
        best.baseline = min(best.baseline, Double(now() - start) / Double(operations))
        start = now()
        for _ in 0..<operations { await syringe() }
        best.syringe = min(best.syringe, Double(now() - start) / Double(operations))
    }
    return best
}

// Cases 11-13: a request scope. 11 and 12 against the hand-written request; 13 against the same scope building
// unique services (its "over", divided by 5, is what a request-scoped build adds to a unique one).
nonisolated func runScopeCases(only: Int?) async {
    let requests = makeRequestContainer()
    let uniqueLeaves = makeLeavesContainer(.unique)
    let requestLeaves = makeLeavesContainer(.request)
    let scopeCases: [(number: Int, name: String, baseline: () async -> Void, syringe: () async -> Void)] = [
        (
            11, "explicit scope of 5", { handWrittenRequest { consume($0) } },
            {
                let scope = requests.openScope(.request)
                consume(try! scope.resolve(RequestHandler.self))
                try! await scope.close()
            }
        ),
        (
            12, "withScope of 5", { handWrittenRequest { consume($0) } },
            { try! await requests.withScope(.request) { consume(try requests.resolve(RequestHandler.self)) } }
        ),
        (
            13, "five builds in a scope", { await resolveFiveLeaves(in: uniqueLeaves) },
            { await resolveFiveLeaves(in: requestLeaves) }
        ),
    ]
    for (number, name, baseline, syringe) in scopeCases where only == nil || only == number {
        let (base, ours) = await paired(baseline, syringe)
        print("paired case=\(number) name=\"\(name)\" baseline_ns=\(base) syringe_ns=\(ours)")
    }
}
await Task.detached { await runScopeCases(only: only) }.value
