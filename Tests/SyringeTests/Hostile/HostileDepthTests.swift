import Foundation
import Syringe
import Testing

final class HLink: Sendable {
    let next: HLink?
    init(next: HLink?) { self.next = next }

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

final class HRoot: Sendable { init() {} }
final class HNest<Inner: Sendable>: Sendable {
    let inner: Inner
    init(inner: Inner) { self.inner = inner }
}

/// Registers the declared chain `numbered(0) → numbered(1) → … → numbered(depth - 1)` (distinct types, short
/// names: a chain of nested generic types would test the runtime's demangler, not Syringe).
func registerDeclaredChain(_ container: Container, depth: Int, bottomMissing: Bool = false) {
    let runs = FactoryRuns()
    for index in 0..<depth {
        let last = index == depth - 1
        if last && bottomMissing { return }
        registerNumbered(
            numbered(index), dependencies: last ? [] : [numbered(index + 1)], in: container, runs: runs)
    }
}

/// Issue 10, bug 7 ("deep graphs end in an error, not a crash, at any depth"), through other scopes, faces and
/// tools: stored builds, hooks, child containers, multi-bindings, `verify()`, `graph()`, `build()`, disposal.
@Suite("Hostile: deep graphs", .serialized, .timeLimit(.minutes(3)))
struct HostileDepthTests {
    static let smallStack = 512 * 1024

    private func chain(depth: Int, scope: Scope, hooks: Bool = false) -> Container {
        let container = Container()
        for index in 0..<depth {
            let next = "\(index + 1)"
            let last = index == depth - 1
            let registration = container.register(HLink.self, name: "\(index)", scope: scope) { r in
                HLink(next: last ? nil : try r.resolve(HLink.self, name: next))
            }
            if hooks { registration.onCreated { _, _ in } }
        }
        return container
    }

    private func expectResultOrTooDeep(
        _ outcome: Bounded<Int>, depth: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!outcome.isHang, sourceLocation: sourceLocation)
        switch outcome {
        case .value(let length): #expect(length == depth, sourceLocation: sourceLocation)
        case .error: #expect(outcome.code == .tooDeep, sourceLocation: sourceLocation)
        case .hang: break
        }
    }

    @Test(arguments: [Scope.singleton, .cached, .graph, Scope("hostile-depth")])
    func tenThousandDeepOfEveryScopeOnASmallStack(scope: Scope) async {
        let container = chain(depth: 10_000, scope: scope)
        let outcome = await boundedOnThreadAsync(60, stackSize: Self.smallStack) {
            try container.resolve(HLink.self, name: "0").length
        }
        expectResultOrTooDeep(outcome, depth: 10_000)
        // What failed keeps nothing half-built: the tail of the chain still resolves.
        #expect((try? container.resolve(HLink.self, name: "9990").length) == 10)
    }

    @Test(arguments: [Scope.graph, .singleton])
    func tenThousandDeepWithHooksOnASmallStack(scope: Scope) async {
        let container = chain(depth: 10_000, scope: scope, hooks: true)
        let outcome = await boundedOnThreadAsync(60, stackSize: Self.smallStack) {
            try container.resolve(HLink.self, name: "0").length
        }
        expectResultOrTooDeep(outcome, depth: 10_000)
    }

    /// The same chain resolved through `Container.shared` in a test container, in default arguments.
    @Test func tenThousandDeepThroughTheSharedContainer() async {
        let outcome = await boundedOnThreadAsync(60, stackSize: Self.smallStack) { () -> Int in
            try Container.withOverrides {
                for index in 0..<10_000 {
                    let next = "\(index + 1)"
                    let last = index == 9_999
                    $0.register(HLink.self, name: "\(index)") {
                        HLink(next: last ? nil : try Container.shared.resolve(HLink.self, name: next))
                    }
                }
            } operation: {
                try Container.shared.resolve(HLink.self, name: "0").length
            }
        }
        expectResultOrTooDeep(outcome, depth: 10_000)
    }

    /// A contribution at the top of a deep chain, resolved through `resolveAll`.
    @Test func aDeepChainUnderAContribution() async {
        let container = chain(depth: 10_000, scope: .unique)
        container.contribute(HLink.self) { r in try r.resolve(HLink.self, name: "0") }
        let outcome = await boundedOnThreadAsync(60, stackSize: Self.smallStack) {
            try container.resolveAll(HLink.self).first?.length ?? 0
        }
        expectResultOrTooDeep(outcome, depth: 10_000)
    }

    /// 10,000 nested child containers: a resolve from the innermost of a registration in the outermost.
    @Test func tenThousandNestedContainers() async {
        var container = Container()
        let root = container
        root.register(HLink.self, scope: .singleton) { HLink(next: nil) }
        root.register(HRoot.self) { HRoot() }
        for _ in 0..<10_000 { container = Container(parent: container) }
        let innermost = container
        let outcome = await boundedOnThreadAsync(60, stackSize: Self.smallStack) { () -> Int in
            _ = try innermost.resolve(HRoot.self)
            _ = innermost.resolveIfRegistered(HNest<HRoot>.self)
            return try innermost.resolve(HLink.self).length
        }
        expectResultOrTooDeep(outcome, depth: 1)
        let missing = await boundedOnThreadAsync(60, stackSize: Self.smallStack) { () -> Int in
            _ = try innermost.resolve(HNest<HRoot>.self)
            return 0
        }
        #expect(missing.code == .notRegistered)
    }

    /// Dropping the innermost of 10,000 nested containers frees the chain without recursing through deinits
    /// on a small stack.
    @Test func droppingTenThousandNestedContainers() async {
        let outcome = await boundedOnThreadAsync(60, stackSize: Self.smallStack) { () -> Int in
            var container: Container? = Container()
            for _ in 0..<10_000 { container = Container(parent: container) }
            container = nil
            return 1
        }
        #expect(outcome.value == 1)
    }

    /// `verify()`, `graph()` and `build()` of a 1,000-deep declared chain on a small stack: a report or a
    /// `tooDeep` problem, never a crash. (`validate()` resolves every link of it: quadratic, so not here.)
    @Test func toolsOnADeepDeclaredChain() async {
        let container = Container()
        registerDeclaredChain(container, depth: 1_000)
        let outcome = await boundedOnThreadAsync(60, stackSize: Self.smallStack) { () -> Int in
            _ = try container.verify()
            _ = try container.verify(roots: [numbered(0)])
            let graph = container.graph()
            return graph.mermaid.count + graph.dot.count + graph.json.count
        }
        #expect(outcome.value ?? 0 > 0)
        let built = await boundedOnThreadAsync(60, stackSize: Self.smallStack) { () -> Int in
            try container.build()
            return 1
        }
        #expect(!built.isHang)
        if case .error(let error) = built {
            #expect(Set((error as? ResolutionError)?.errors.map(\.code) ?? []) == [.tooDeep])
        }
    }

    /// A declared 1,000-deep chain whose bottom is missing: the gap is reported, no crash.
    @Test func verifyFindsTheGapAtTheBottomOfADeepChain() async {
        let container = Container()
        registerDeclaredChain(container, depth: 1_000, bottomMissing: true)
        let outcome = await boundedOnThreadAsync(60, stackSize: Self.smallStack) { () -> Int in
            _ = try container.verify()
            return 0
        }
        #expect(outcome.code == .multiple || outcome.code == .notRegistered)
    }

    /// Disposal of a 10,000-deep chain of singletons with hooks, dependents first.
    @Test func shutdownOfADeepChain() async throws {
        let container = Container()
        let order = HostileBox<[Int]>([])
        for index in 0..<10_000 {
            let next = "\(index + 1)"
            let last = index == 9_999
            container.register(HLink.self, name: "\(index)", scope: .singleton) { r in
                HLink(next: last ? nil : try r.resolve(HLink.self, name: next))
            }
            .onDispose { _ in order.withLock { $0.append(index) } }
        }
        let built = await boundedOnThreadAsync(60) { try container.resolve(HLink.self, name: "0").length }
        guard built.value == 10_000 else { return }  // tooDeep on this thread is allowed
        try await container.shutdown()
        #expect(order.current == Array(0..<10_000))
    }

    /// A deep async chain of singletons (the async engine keeps frames on the heap).
    @Test func tenThousandDeepAsyncSingletons() async {
        let container = Container()
        for index in 0..<10_000 {
            let next = "\(index + 1)"
            let last = index == 9_999
            container.register(HLink.self, name: "\(index)", scope: .singleton) { r async throws in
                HLink(next: last ? nil : try await r.resolveAsync(HLink.self, name: next))
            }
        }
        let outcome = await bounded(60) { try await container.resolveAsync(HLink.self, name: "0").length }
        expectResultOrTooDeep(outcome, depth: 10_000)
    }
}
