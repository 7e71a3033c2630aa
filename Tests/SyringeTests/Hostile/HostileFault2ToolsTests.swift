import Foundation
import Syringe
import Testing

@MainActor final class F2MainNode {
    let next: F2MainNode?
    init(next: F2MainNode?) { self.next = next }
}

/// Tools on deep and failing graphs (`validate()`, `build()`), and a cycle closed back to a
/// main-actor registration.
@Suite("Hostile fault 2: tools on deep and failing graphs", .serialized, .timeLimit(.minutes(2)))
struct HostileFault2ToolsTests {
    private func chain(_ container: Container, depth: Int, scope: Scope, bottomThrows: Bool = false) {
        for index in 0..<depth {
            let last = index == depth - 1
            container.register(F2Node.self, name: "n\(index)", scope: scope) { (r: Resolution) throws -> F2Node in
                if last && bottomThrows { throw HostileFailure(reason: "bottom") }
                return F2Node(index, next: last ? nil : try r.resolve(F2Node.self, name: "n\(index + 1)"))
            }
        }
    }

    /// `validate()` of a valid 150-deep chain (on a big stack) reports nothing and keeps nothing; with the bottom
    /// throwing it reports the bottom's failure (every registration above fails through it) and the container is
    /// left as it was. (150, not 1,000: validating a chain of N whose bottom fails runs N failing resolves of up to
    /// N frames, each frame of a failing resolve costing tens of µs: at 1,000 it took 28 s in release, over 60 s in
    /// debug.)
    @Test(arguments: [Scope.unique, .singleton])
    func validateADeepChain(scope: Scope) async throws {
        let depth = 150
        let valid = Container()
        chain(valid, depth: depth, scope: scope)
        let ok = await boundedOnThreadAsync(60, stackSize: 64 << 20) { try valid.validate() }
        #expect(!ok.isHang)
        if case .error(let error) = ok { Issue.record("validate() of a valid chain: \(error)") }
        #expect(valid.instances(of: F2Node.self).isEmpty)

        let broken = Container()
        chain(broken, depth: depth, scope: scope, bottomThrows: true)
        let reported = await boundedOnThreadAsync(60, stackSize: 64 << 20) { try broken.validate() }
        guard case .error(let thrown) = reported, let error = thrown as? ResolutionError else {
            Issue.record("validate() of a broken chain ended with \(reported)")
            return
        }
        let all = error.code == .multiple ? error.errors : [error]
        #expect(!all.isEmpty)
        #expect(all.allSatisfy { $0.code == .factoryFailed }, "\(all.map(\.code))")
        #expect(all.contains { $0.key == Key(F2Node.self, name: "n\(depth - 1)") })
        #expect(broken.instances(of: F2Node.self).isEmpty)
    }

    /// `build()` of 150 deep singletons whose bottom throws: `multiple`, nothing kept; after the fault is fixed by
    /// re-registering the bottom, `build()` keeps all of them, each built once. (150: see above.)
    @Test func buildADeepChainOfSingletons() async throws {
        let depth = 150
        let container = Container()
        chain(container, depth: depth, scope: .singleton, bottomThrows: true)
        let failed = await boundedOnThreadAsync(60, stackSize: 64 << 20) { try container.build() }
        #expect((failed.code) == .multiple, "\(failed)")
        #expect(container.instances(of: F2Node.self).isEmpty)
        container.register(F2Node.self, name: "n\(depth - 1)", scope: .singleton) { F2Node(depth - 1, next: nil) }
        let built = await boundedOnThreadAsync(60, stackSize: 64 << 20) { try container.build() }
        if case .error(let error) = built { Issue.record("build() after the fix: \(error)") }
        #expect(container.instances(of: F2Node.self).count == depth)
        let top = try container.resolve(F2Node.self, name: "n0")
        #expect(top.length == depth)
    }

    /// A synchronous factory closing a loop back to a main-actor registration whose factory is running (resolved
    /// with `resolveAsync` from off the main actor): a registration that appears twice on one path is a cycle
    /// (DesignDecisions), so the error should be `cycle`, not `mainActorRequired`.
    @Test func aSynchronousNodeClosingALoopToAMainActorAncestor() async throws {
        let container = Container()
        container.register(F2MainNode.self) { @MainActor (r: Resolution) throws -> F2MainNode in
            _ = try r.resolve(F2Node.self, name: "loop")
            return F2MainNode(next: nil)
        }
        container.register(F2Node.self, name: "loop") { (r: Resolution) throws -> F2Node in
            _ = try r.resolve(F2MainNode.self)
            return F2Node(0, next: nil)
        }
        let outcome = await Task.detached { () async -> ResolutionError? in
            do {
                _ = try await container.resolveAsync(F2MainNode.self)
                return nil
            } catch {
                return error as? ResolutionError
            }
        }.value
        #expect(outcome?.path == [Key(F2MainNode.self), Key(F2Node.self, name: "loop"), Key(F2MainNode.self)])
        #expect(outcome?.code == .cycle, "\(outcome.map { String(describing: $0) } ?? "no error")")
    }
}
