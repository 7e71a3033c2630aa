import Foundation
import Syringe
import Testing

final class HCycleP: Sendable { init(_ q: HCycleQ?) {} }
final class HCycleQ: Sendable { init(_ r: HCycleR?) {} }
final class HCycleR: Sendable { init(_ p: HCycleP?) {} }

extension Scope {
    fileprivate static let hostileRequest = Scope("hostile-cycle-request")
}

/// Cycles a user writes by mistake, in the shapes the issues show and the ones they do not: every one must end
/// in a `cycle` error, never a hang.
@Suite("Hostile: cycles", .timeLimit(.minutes(2)))
struct HostileCycleTests {
    /// The code a user writes without reading the docs: the factory captures the container instead of using `r`.
    /// A singleton that asks for itself through the captured container, on the same thread.
    @Test func aSingletonAskingForItselfThroughTheCapturedContainer() async {
        let container = Container()
        container.register(HCycleP.self, scope: .singleton) {
            _ = try container.resolve(HCycleP.self)
            return HCycleP(nil)
        }
        let outcome = await boundedOnThreadAsync(5) { try container.resolve(HCycleP.self) }
        #expect(!outcome.isHang)
        #expect(outcome.code == .cycle)
    }

    /// P → Q → P through the captured container (two stored builds of one thread, each a resolution of its own).
    @Test(arguments: [Scope.singleton, .cached, Scope("hostile-session")])
    func aTwoStepCycleThroughTheCapturedContainer(scope: Scope) async {
        let container = Container()
        container.register(HCycleP.self, scope: scope) { HCycleP(try container.resolve(HCycleQ.self)) }
        container.register(HCycleQ.self, scope: scope) {
            _ = try container.resolve(HCycleP.self); return HCycleQ(nil)
        }
        let outcome = await boundedOnThreadAsync(5) { try container.resolve(HCycleP.self) }
        #expect(!outcome.isHang)
        #expect(outcome.code == .cycle)
    }

    /// The same mistake in async code: an async singleton asks for itself through the captured container.
    @Test func anAsyncSingletonAskingForItselfThroughTheCapturedContainer() async {
        let container = Container()
        container.register(HCycleP.self, scope: .singleton) { () async throws in
            _ = try await container.resolveAsync(HCycleP.self)
            return HCycleP(nil)
        }
        let outcome = await bounded(5) { try await container.resolveAsync(HCycleP.self) }
        #expect(!outcome.isHang)
        #expect(outcome.code == .cycle)
    }

    /// Async P → Q → P through the captured container, one task.
    @Test func anAsyncTwoStepCycleThroughTheCapturedContainer() async {
        let container = Container()
        container.register(HCycleP.self, scope: .singleton) { () async throws in
            HCycleP(try await container.resolveAsync(HCycleQ.self))
        }
        container.register(HCycleQ.self, scope: .singleton) { () async throws in
            _ = try await container.resolveAsync(HCycleP.self)
            return HCycleQ(nil)
        }
        let outcome = await bounded(5) { try await container.resolveAsync(HCycleP.self) }
        #expect(!outcome.isHang)
        #expect(outcome.code == .cycle)
    }

    /// Issue 10, bug 1, with `.cached` instead of `.singleton`.
    @Test(arguments: [Scope.cached, Scope("hostile-session")])
    func aThreeWayAsyncCycleOfOtherStoredScopesFailsOnEveryTask(scope: Scope) async {
        let container = Container()
        container.register(HCycleP.self, scope: scope) { r async throws in
            try await Task.sleep(for: .milliseconds(1))
            return HCycleP(try await r.resolveAsync(HCycleQ.self))
        }
        container.register(HCycleQ.self, scope: scope) { r async throws in
            try await Task.sleep(for: .milliseconds(1))
            return HCycleQ(try await r.resolveAsync(HCycleR.self))
        }
        container.register(HCycleR.self, scope: scope) { r async throws in
            try await Task.sleep(for: .milliseconds(1))
            return HCycleR(try await r.resolveAsync(HCycleP.self))
        }
        async let p = bounded(10) { try await container.resolveAsync(HCycleP.self) }
        async let q = bounded(10) { try await container.resolveAsync(HCycleQ.self) }
        async let r = bounded(10) { try await container.resolveAsync(HCycleR.self) }
        let codes = await [p.code, q.code, r.code]
        #expect(codes == [.cycle, .cycle, .cycle])
    }

    /// Issue 10, bug 1, inside `withScope`: three request-scoped async registrations in a cycle, started from
    /// three child tasks of one request.
    @Test func aThreeWayAsyncCycleInsideARequestScope() async {
        let container = Container()
        container.register(HCycleP.self, scope: .hostileRequest) { r async throws in
            try await Task.sleep(for: .milliseconds(1))
            return HCycleP(try await r.resolveAsync(HCycleQ.self))
        }
        container.register(HCycleQ.self, scope: .hostileRequest) { r async throws in
            try await Task.sleep(for: .milliseconds(1))
            return HCycleQ(try await r.resolveAsync(HCycleR.self))
        }
        container.register(HCycleR.self, scope: .hostileRequest) { r async throws in
            try await Task.sleep(for: .milliseconds(1))
            return HCycleR(try await r.resolveAsync(HCycleP.self))
        }
        let outcome = await bounded(10) {
            try await container.withScope(.hostileRequest) {
                await withTaskGroup(of: ResolutionError.Code?.self) { group in
                    group.addTask { await Self.code { try await container.resolveAsync(HCycleP.self) } }
                    group.addTask { await Self.code { try await container.resolveAsync(HCycleQ.self) } }
                    group.addTask { await Self.code { try await container.resolveAsync(HCycleR.self) } }
                    var codes: [ResolutionError.Code?] = []
                    for await code in group { codes.append(code) }
                    return codes
                }
            }
        }
        #expect(!outcome.isHang)
        #expect(outcome.value == [.cycle, .cycle, .cycle])
    }

    /// Issue 10, bug 1, through `Container.shared` inside `withOverrides` (the container a test binds).
    @Test func aThreeWayAsyncCycleThroughTheSharedTestContainer() async throws {
        let outcome = await bounded(10) {
            await Container.withOverrides {
                $0.register(HCycleP.self, scope: .singleton) { () async throws in
                    try await Task.sleep(for: .milliseconds(1))
                    return HCycleP(try await Container.shared.resolveAsync(HCycleQ.self))
                }
                $0.register(HCycleQ.self, scope: .singleton) { () async throws in
                    try await Task.sleep(for: .milliseconds(1))
                    return HCycleQ(try await Container.shared.resolveAsync(HCycleR.self))
                }
                $0.register(HCycleR.self, scope: .singleton) { () async throws in
                    try await Task.sleep(for: .milliseconds(1))
                    return HCycleR(try await Container.shared.resolveAsync(HCycleP.self))
                }
            } operation: {
                async let p = Self.code { try await Container.shared.resolveAsync(HCycleP.self) }
                async let q = Self.code { try await Container.shared.resolveAsync(HCycleQ.self) }
                async let r = Self.code { try await Container.shared.resolveAsync(HCycleR.self) }
                return await [p, q, r]
            }
        }
        #expect(!outcome.isHang)
        #expect(outcome.value == [.cycle, .cycle, .cycle])
    }

    /// A cycle across threads of `.cached` registrations that use the captured container, not `r`.
    @Test func aThreeWayCycleOnThreadsThroughTheCapturedContainer() async {
        let container = Container()
        let started = HostileBarrier(parties: 3)
        let arrive: @Sendable () -> Void = { started.arriveAndWait() }
        container.register(HCycleP.self, scope: .cached) {
            arrive()
            return HCycleP(try container.resolve(HCycleQ.self))
        }
        container.register(HCycleQ.self, scope: .cached) {
            arrive()
            return HCycleQ(try container.resolve(HCycleR.self))
        }
        container.register(HCycleR.self, scope: .cached) {
            arrive()
            return HCycleR(try container.resolve(HCycleP.self))
        }
        let outcomes = await boundedOnThreads(3, seconds: 10) { index -> Bool in
            switch index {
            case 0: _ = try container.resolve(HCycleP.self)
            case 1: _ = try container.resolve(HCycleQ.self)
            default: _ = try container.resolve(HCycleR.self)
            }
            return true
        }
        #expect(outcomes.map(\.code) == [.cycle, .cycle, .cycle])
    }

    /// Resolution from an unstructured `Task` that the factory awaits: the task inherits the factory's
    /// task-locals, so it is seen as part of the factory's resolution: a cycle.
    @Test func anAsyncSingletonAwaitingAnUnstructuredTaskThatAsksForIt() async {
        let container = Container()
        container.register(HCycleP.self, scope: .singleton) { r async throws in
            _ = try await Task { try await container.resolveAsync(HCycleP.self) }.value
            return HCycleP(nil)
        }
        let outcome = await bounded(5) { try await container.resolveAsync(HCycleP.self) }
        #expect(!outcome.isHang)
        #expect(outcome.code == .cycle)
    }

    private static func code(_ body: () async throws -> some Any) async -> ResolutionError.Code? {
        do {
            _ = try await body()
            return nil
        } catch {
            return (error as? ResolutionError)?.code
        }
    }
}
