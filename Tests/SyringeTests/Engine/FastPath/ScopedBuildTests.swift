import Foundation
import Testing

@testable import Syringe

// @unchecked Sendable: fixtures whose back-references are set once, by the hook that builds them.
private final class Order: @unchecked Sendable {
    var line: OrderLine?
}
private final class OrderLine: Sendable {
    let order: Order
    init(order: Order) { self.order = order }
}
private struct HookFailure: Error {}

/// What a request-scoped instance does when its build used an instance whose hooks had not finished (a cycle closed
/// by a hook): it waits for that frame, then is kept with it, or discarded if it fails, or disposed of if the scope
/// ended meanwhile.
@Suite("Scoped builds that wait for an outer frame")
struct ScopedBuildTests {
    private static let request = Scope("scopedBuildTests.request")

    private func register(
        in container: Container, disposed: Collector<String>,
        hook: @escaping @Sendable (Order, Resolution) throws -> Void
    ) {
        container.register(Order.self, scope: Self.request) { Order() }
            .onCreated { order, r in try hook(order, r) }
            .onDispose { _ in disposed.append("Order") }
        container.register(OrderLine.self, scope: Self.request) { r in OrderLine(order: try r.resolve()) }
            .onDispose { _ in disposed.append("OrderLine") }
    }

    @Test func aCycleClosedByAHookKeepsBothInstancesOnceAndDisposesOfEachOnce() throws {
        let container = Container()
        let disposed = Collector<String>()
        register(in: container, disposed: disposed) { order, r in order.line = try r.resolve() }
        let scope = container.openScope(Self.request)
        let order = try scope.resolve(Order.self)
        let line = try scope.resolve(OrderLine.self)
        #expect(order.line === line && line.order === order)
        try scope.closeNow()
        #expect(disposed.elements.sorted() == ["Order", "OrderLine"])
    }

    @Test func theWaitingInstanceIsTheOneItsResolutionGetsAgain() throws {
        let container = Container()
        let disposed = Collector<String>()
        let again = Collector<Bool>()
        register(in: container, disposed: disposed) { order, r in
            let line: OrderLine = try r.resolve()
            again.append(try r.resolve(OrderLine.self) === line)
            order.line = line
        }
        let scope = container.openScope(Self.request)
        let order = try scope.resolve(Order.self)
        #expect(again.elements == [true])
        #expect(try scope.resolve(OrderLine.self) === order.line)
        try scope.closeNow()
        #expect(disposed.elements.sorted() == ["Order", "OrderLine"])
    }

    @Test func aHookThatFailsAfterTheCycleClosedDiscardsTheWaitingInstance() throws {
        let container = Container()
        let disposed = Collector<String>()
        let fail = Protected(true)
        register(in: container, disposed: disposed) { order, r in
            order.line = try r.resolve()
            if fail.withLock({ $0 }) { throw HookFailure() }
        }
        let scope = container.openScope(Self.request)
        #expect(throws: ResolutionError.self) { try scope.resolve(Order.self) }
        // Nothing of the failed resolution is kept: both are built anew, and the new line holds the new order.
        fail.withLock { $0 = false }
        let order = try scope.resolve(Order.self)
        #expect(order.line?.order === order)
        try scope.closeNow()
        // The discarded line was never handed out, so it is not disposed of; the kept pair is, once each.
        #expect(disposed.elements.sorted() == ["Order", "OrderLine"])
    }

    @Test func aScopeClosedWhileTheInstanceWaitsDisposesOfItOnce() throws {
        let container = Container()
        let disposed = Collector<String>()
        let holder = Protected<ContainerScope?>(nil)
        register(in: container, disposed: disposed) { order, r in
            order.line = try r.resolve()
            try holder.withLock({ $0 })?.closeNow()
        }
        let scope = container.openScope(Self.request)
        holder.withLock { $0 = scope }
        let error = #expect(throws: ResolutionError.self) { try scope.resolve(Order.self) }
        #expect(error?.code == .shutDown)
        #expect(disposed.elements.sorted() == ["Order", "OrderLine"])
        holder.withLock { $0 = nil }
    }

    /// The same through the async engine, where a build has an instance of its own until it is kept.
    @Test(arguments: [false, true])
    func anAsyncCycleClosedByAHookIsKeptOrDiscardedTheSameWay(hookFails: Bool) async throws {
        let container = Container()
        let disposed = Collector<String>()
        let fail = Protected(hookFails)
        container.register(Order.self, scope: Self.request) { () async -> Order in Order() }
            .onCreated { order, r async throws in
                order.line = try await r.resolveAsync()
                if fail.withLock({ $0 }) { throw HookFailure() }
            }
            .onDispose { _ in disposed.append("Order") }
        container.register(OrderLine.self, scope: Self.request) { r async throws in
            OrderLine(order: try await r.resolveAsync())
        }
        .onDispose { _ in disposed.append("OrderLine") }
        let scope = container.openScope(Self.request)
        if hookFails {
            await #expect(throws: ResolutionError.self) { try await scope.resolveAsync(Order.self) }
            fail.withLock { $0 = false }
        }
        let order = try await scope.resolveAsync(Order.self)
        #expect(try await scope.resolveAsync(OrderLine.self) === order.line)
        #expect(order.line?.order === order)
        try await scope.close()
        #expect(disposed.elements.sorted() == ["Order", "OrderLine"])
    }
}
