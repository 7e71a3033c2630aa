import Foundation
import Syringe
import Testing

final class F2Node: Sendable {
    let index: Int
    let next: F2Node?
    init(_ index: Int, next: F2Node?) {
        self.index = index
        self.next = next
    }

    var length: Int {
        var count = 1
        var node = next
        while let current = node {
            count += 1
            node = current.next
        }
        return count
    }
}

final class F2Wide: Sendable {
    let parts: [F2Object]
    init(_ parts: [F2Object]) { self.parts = parts }
}

/// Deep and wide graphs: chains of 500–2,000 registrations, sync, async and mixed; a cycle deep in a long chain;
/// a failure at the bottom of one; disposal of all of them.
@Suite("Hostile fault 2: deep graphs", .serialized, .timeLimit(.minutes(2)))
struct HostileFault2DeepGraphTests {
    static let bigStack = 64 << 20
    /// The synchronous bottom of a `.mixed` chain: it runs on the awaiting task's thread, whose stack is small
    /// (a 1,000-deep synchronous tail ends in `tooDeep` there in debug builds, as documented).
    static let syncTail = 200

    enum Mode: String, CaseIterable, Sendable { case sync, async, mixed }

    /// `n0 → n1 → … → n(depth-1)`; `loopTo` closes the bottom back to a node instead of ending; `failing` makes the
    /// bottom throw while it is set. Async nodes resolve with `r.resolveAsync`; in `.mixed` the top half is async
    /// and the bottom `syncTail` synchronous.
    private func chain(
        depth: Int, scope: Scope, mode: Mode, loopTo: Int? = nil, failing: F2Flag? = nil, log: F2Log? = nil,
        builds: HostileCounter? = nil
    ) -> Container {
        let container = Container()
        for index in 0..<depth {
            let last = index == depth - 1
            let next = last ? loopTo.map { "n\($0)" } : "n\(index + 1)"
            let isAsync = mode == .async || (mode == .mixed && index < depth - Self.syncTail)
            let registration: Registration<F2Node>
            if isAsync {
                registration = container.register(F2Node.self, name: "n\(index)", scope: scope) {
                    (r: Resolution) async throws -> F2Node in
                    builds?.increment()
                    if last, let failing, failing.value { throw HostileFailure(reason: "bottom n\(index)") }
                    var following: F2Node?
                    if let next { following = try await r.resolveAsync(F2Node.self, name: next) }
                    return F2Node(index, next: following)
                }
            } else {
                registration = container.register(F2Node.self, name: "n\(index)", scope: scope) {
                    (r: Resolution) throws -> F2Node in
                    builds?.increment()
                    if last, let failing, failing.value { throw HostileFailure(reason: "bottom n\(index)") }
                    return F2Node(index, next: try next.map { try r.resolve(F2Node.self, name: $0) })
                }
            }
            if let log { registration.onDispose { node in log.add("n\(node.index)") } }
        }
        return container
    }

    private func resolveTop(_ container: Container, mode: Mode) async -> Bounded<F2Node> {
        if mode == .sync {
            return await boundedOnThreadAsync(30, stackSize: Self.bigStack) {
                try container.resolve(F2Node.self, name: "n0")
            }
        }
        return await bounded(30) { try await container.resolveAsync(F2Node.self, name: "n0") }
    }

    // MARK: Long chains

    @Test(arguments: [500, 2_000], Mode.allCases)
    func aLongChainOfSingletonsResolvesAndIsDisposedOfInOrder(depth: Int, mode: Mode) async throws {
        let log = F2Log()
        let builds = HostileCounter()
        let container = chain(depth: depth, scope: .singleton, mode: mode, log: log, builds: builds)
        let topProbe = WeakBox<F2Node>()
        let bottom = WeakBox<F2Node>()
        do {
            let outcome = await resolveTop(container, mode: mode)
            guard let top = outcome.value else {
                Issue.record("a \(depth)-deep \(mode) chain ended with \(outcome)")
                return
            }
            topProbe.value = top
            #expect(top.length == depth)
            #expect(builds.count == depth)
            bottom.value = try await container.resolveAsync(F2Node.self, name: "n\(depth - 1)")
            let again = await resolveTop(container, mode: mode)
            #expect(again.value === top)
            #expect(builds.count == depth)
        }
        try await container.shutdown()
        #expect(log.entries == (0..<depth).map { "n\($0)" }, "dependents first")
        // Eventually: the task `bounded` runs the resolve in may still be releasing its copy when it has answered.
        #expect(await f2Eventually { topProbe.value == nil && bottom.value == nil })
    }

    @Test(arguments: [2_000], Mode.allCases)
    func aLongChainOfUniquesResolves(depth: Int, mode: Mode) async throws {
        let container = chain(depth: depth, scope: .unique, mode: mode)
        let outcome = await resolveTop(container, mode: mode)
        #expect(outcome.value?.length == depth, "\(outcome)")
    }

    /// A synchronous 2,000-deep chain resolved with `resolveAsync` runs on the caller's (small) stack: it must end
    /// in the instance or `tooDeep` with the path, never a crash; the container answers afterwards.
    @Test func aLongSynchronousChainThroughResolveAsync() async throws {
        let depth = 2_000
        let container = chain(depth: depth, scope: .singleton, mode: .sync)
        let outcome = await bounded(30) { try await container.resolveAsync(F2Node.self, name: "n0") }
        if let node = outcome.value {
            #expect(node.length == depth)
        } else {
            #expect(outcome.code == .tooDeep, "\(outcome)")
            if case .error(let error as ResolutionError) = outcome {
                #expect(error.path.first == Key(F2Node.self, name: "n0"))
                #expect(String(describing: error).contains("more …"))
            }
            // Nothing is kept from the failed attempt, and a big stack finishes the job.
            let retried = await boundedOnThreadAsync(30, stackSize: Self.bigStack) {
                try container.resolve(F2Node.self, name: "n0")
            }
            #expect(retried.value?.length == depth)
        }
    }

    // MARK: A cycle deep in a long chain

    /// `n0 → … → n999 → n500`: the error is a `cycle` whose path is the whole chain and whose message names the
    /// loop from `n500` back to it; nothing is kept, and after the bottom is fixed each node is built once more.
    /// (In `.mixed`, the loop goes back to a synchronous node: see the next test for one back to an async node.)
    @Test(arguments: Mode.allCases, [Scope.singleton, .unique])
    func aCycleDeepInALongChain(mode: Mode, scope: Scope) async throws {
        let depth = 1_000
        let loopTo = mode == .mixed ? depth - Self.syncTail + 50 : 500
        let builds = HostileCounter()
        let container = chain(depth: depth, scope: scope, mode: mode, loopTo: loopTo, builds: builds)
        let outcome = await resolveTop(container, mode: mode)
        guard case .error(let thrown) = outcome, let error = thrown as? ResolutionError else {
            Issue.record("a deep cycle ended with \(outcome)")
            return
        }
        #expect(error.code == .cycle)
        #expect(error.path.count == depth + 1)
        #expect(error.path.first == Key(F2Node.self, name: "n0"))
        #expect(error.path.last == Key(F2Node.self, name: "n\(loopTo)"))
        #expect(error.path.dropLast().last == Key(F2Node.self, name: "n999"))
        #expect(
            error.summary.contains("F2Node (name: \"n\(loopTo)\") → F2Node (name: \"n\(loopTo + 1)\")"),
            "\(error.summary.prefix(300))")
        #expect(error.summary.contains("F2Node (name: \"n999\") → F2Node (name: \"n\(loopTo)\")"))
        #expect(!error.summary.contains("(name: \"n\(loopTo - 1)\")"), "the loop starts at n\(loopTo)")
        let text = String(describing: error)
        #expect(text.contains("while resolving"))
        #expect(text.contains("fix:"))
        #expect(builds.count == depth)
        #expect(container.instances(of: F2Node.self).isEmpty)

        // Fix the bottom: each node is built once more, and kept.
        container.register(F2Node.self, name: "n999", scope: scope) { F2Node(999, next: nil) }
        let fixed = await resolveTop(container, mode: mode)
        #expect(fixed.value?.length == depth)
        #expect(builds.count == 2 * depth - 1)
    }

    /// A synchronous factory deep in a chain asks for an async registration that is already on the path (its
    /// factory still running): DesignDecisions says "A registration that appears twice on one path is a cycle";
    /// the error should be a `cycle` naming the loop, not `asyncRequired`, whose fix (make the factory async)
    /// only leads to the cycle.
    @Test(arguments: [3, 1_000])
    func aSynchronousNodeClosingALoopToAnAsyncAncestor(depth: Int) async throws {
        let container = Container()
        for index in 0..<depth {
            let last = index == depth - 1
            let next = last ? "n0" : "n\(index + 1)"
            if last {
                container.register(F2Node.self, name: "n\(index)") { (r: Resolution) throws -> F2Node in
                    F2Node(index, next: try r.resolve(F2Node.self, name: next))
                }
            } else {
                container.register(F2Node.self, name: "n\(index)") { (r: Resolution) async throws -> F2Node in
                    F2Node(index, next: try await r.resolveAsync(F2Node.self, name: next))
                }
            }
        }
        let error = await f2ErrorAsync { try await container.resolveAsync(F2Node.self, name: "n0") }
        #expect(error?.path.count == depth + 1)
        #expect(error?.path.last == Key(F2Node.self, name: "n0"))
        #expect(error?.code == .cycle, "\(error.map { String(describing: $0) } ?? "")")
    }

    // MARK: A failure at the bottom of a long chain

    @Test(arguments: Mode.allCases)
    func aFailureAtTheBottomOfALongChainKeepsNothing(mode: Mode) async throws {
        let depth = 1_000
        let failing = F2Flag(true)
        let builds = HostileCounter()
        let log = F2Log()
        let container = chain(depth: depth, scope: .singleton, mode: mode, failing: failing, log: log, builds: builds)
        let outcome = await resolveTop(container, mode: mode)
        guard case .error(let thrown) = outcome, let error = thrown as? ResolutionError else {
            Issue.record("a failing deep chain ended with \(outcome)")
            return
        }
        #expect(error.code == .factoryFailed)
        #expect(error.path.count == depth)
        #expect(error.key == Key(F2Node.self, name: "n999"))
        #expect((error.underlyingError as? HostileFailure)?.reason == "bottom n999")
        let text = String(describing: error)
        #expect(text.contains("… 990 more …"), "\(text)")
        #expect(text.contains("HostileFailure(bottom n999)"), "\(text)")
        #expect(container.instances(of: F2Node.self).isEmpty)
        failing.set(false)
        let fixed = await resolveTop(container, mode: mode)
        #expect(fixed.value?.length == depth)
        #expect(builds.count == 2 * depth)
        container.resetAll()
        #expect(log.entries.count == depth)
    }

    // MARK: Wide graphs

    /// One root over 2,000 singletons, sync and async: each built once, one shared `.graph` leaf per resolve, and
    /// `resetAll` disposes of and frees every one.
    @Test(arguments: [false, true])
    func aWideGraph(async: Bool) async throws {
        let width = 2_000
        let log = F2Log()
        let builds = HostileCounter()
        let container = Container()
        container.register(F2Object.self, name: "leaf", scope: .graph) { F2Object("leaf") }
        for index in 0..<width {
            if async {
                container.register(F2Object.self, name: "w\(index)", scope: .singleton) {
                    (r: Resolution) async throws -> F2Object in
                    builds.increment()
                    return F2Object("w\(index)", holding: [try await r.resolveAsync(F2Object.self, name: "leaf")])
                }.onDispose { object in log.add(object.tag) }
            } else {
                container.register(F2Object.self, name: "w\(index)", scope: .singleton) {
                    (r: Resolution) throws -> F2Object in
                    builds.increment()
                    return F2Object("w\(index)", holding: [try r.resolve(F2Object.self, name: "leaf")])
                }.onDispose { object in log.add(object.tag) }
            }
        }
        if async {
            container.register(F2Wide.self) { (r: Resolution) async throws -> F2Wide in
                var parts: [F2Object] = []
                for index in 0..<width { parts.append(try await r.resolveAsync(F2Object.self, name: "w\(index)")) }
                return F2Wide(parts)
            }
        } else {
            container.register(F2Wide.self) { (r: Resolution) throws -> F2Wide in
                F2Wide(try (0..<width).map { try r.resolve(F2Object.self, name: "w\($0)") })
            }
        }
        var wide: F2Wide? = try await container.resolveAsync(F2Wide.self)
        #expect(wide?.parts.count == width)
        let leaves = Set((wide?.parts ?? []).map { ObjectIdentifier($0.held[0]) })
        #expect(leaves.count == 1, "one .graph leaf per resolve")
        let probes = (wide?.parts ?? []).map { WeakBox($0) }
        let leaf = WeakBox(wide?.parts.first?.held.first as? F2Object)
        #expect(builds.count == width)
        wide = nil
        container.resetAll()
        #expect(log.entries.count == width)
        #expect(Set(log.entries).count == width)
        #expect(probes.allSatisfy { $0.value == nil })
        #expect(leaf.value == nil)
        _ = try await container.resolveAsync(F2Wide.self)
        #expect(builds.count == 2 * width)
    }
}
