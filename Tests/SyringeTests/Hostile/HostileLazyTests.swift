import Foundation
import Syringe
import Testing

final class HLazyNest: Sendable {
    let chick: Lazy<HLazyChick>
    init(chick: Lazy<HLazyChick>) { self.chick = chick }
}

final class HLazyChick: Sendable {
    let nest: HLazyNest
    init(nest: HLazyNest) { self.nest = nest }
}

final class HLazyHolder: Sendable {
    let lazy: Lazy<HResource>
    init(lazy: Lazy<HResource>) { self.lazy = lazy }
}

struct HLazyTeller: Sendable {
    let ledger: HResource
    @LazyInjected var lazyLedger: HResource
    init(ledger: HResource) { self.ledger = ledger }
}

extension Scope {
    fileprivate static let hostileRequest = Scope("hostile-lazy-request")
}

/// Issue 10, bug 9 (lazy handles and the graph), with async factories, threads, captive scopes, failing and
/// async registrations.
@Suite("Hostile: Lazy, Provider and lazy wrappers", .timeLimit(.minutes(1)))
struct HostileLazyTests {
    /// `@LazyInjected` in a value built by an async factory: the owner's graph instance.
    @Test func aLazyWrapperInAnAsyncFactoryGetsTheOwnersGraphInstance() async throws {
        try await Container.withOverrides {
            $0.register(HResource.self, scope: .graph) { HResource(id: 1) }
            $0.register(HLazyTeller.self) { r async throws in HLazyTeller(ledger: try await r.resolveAsync()) }
        } operation: {
            let teller = try await Container.shared.resolveAsync(HLazyTeller.self)
            #expect(teller.lazyLedger === teller.ledger)
        }
    }

    /// A `Lazy` of an async registration: reading it (synchronously) is an `asyncRequired` error, not a hang.
    @Test func aLazyOfAnAsyncRegistration() async throws {
        let container = Container()
        container.register(HResource.self) { () async in HResource(id: 1) }
        let lazy = try container.resolve(Lazy<HResource>.self)
        let outcome = await boundedOnThreadAsync(5) { try lazy.value.id }
        #expect(outcome.code == .asyncRequired)
    }

    /// A `Lazy` read inside the factory that made it, while the instance it closes a cycle to is still being
    /// built: a cycle error, never a hang.
    @Test func readingALazyTooEarlyIsACycle() async {
        let container = Container()
        container.register(HLazyChick.self, scope: .graph, using: HLazyChick.init)
        container.register(HLazyNest.self, scope: .graph) { r in
            let lazy = try r.resolve(Lazy<HLazyChick>.self)
            _ = try lazy.value  // the chick needs this nest, whose factory has not returned
            return HLazyNest(chick: lazy)
        }
        let outcome = await boundedOnThreadAsync(5) { try container.resolve(HLazyNest.self) }
        #expect(!outcome.isHang)
        #expect(outcome.code == .cycle)
    }

    /// A singleton that keeps a `Lazy` of a request-scoped instance and reads it inside a request: the
    /// singleton would keep one request's instance for every later request. `verify()` says `captive`. Found
    /// broken at run time: the first request's unit of work (already disposed of) was served to every later
    /// request. Now the read is refused as `captive`, as it is inside the singleton's build.
    @Test func aSingletonsLazyOfARequestInstanceIsCaptive() async throws {
        let container = Container()
        let ids = HostileCounter()
        container.register(HResource.self, scope: .hostileRequest) { HResource(id: ids.increment()) }
        container.register(HLazyHolder.self, scope: .singleton, using: HLazyHolder.init)
        let verified = #expect(throws: ResolutionError.self) { try container.verify() }
        #expect(verified?.errors.map(\.code) == [.captive])
        let holder = try container.resolve(HLazyHolder.self)
        let first = try await container.withScope(.hostileRequest) { Result { try holder.lazy.value.id } }
        let second = try await container.withScope(.hostileRequest) { Result { try holder.lazy.value.id } }
        for outcome in [first, second] {
            let error = #expect(throws: ResolutionError.self) { try outcome.get() }
            #expect(error?.code == .captive)
        }
        #expect(ids.count == 0)
    }

    /// A `Provider` kept by a singleton built inside a test container keeps resolving from that container
    /// (its registrations), also after the operation returned.
    @Test func aProviderOutlivingItsTestContainer() throws {
        final class Hub: Sendable {
            let make: Provider<HResource>
            init(make: Provider<HResource>) { self.make = make }
        }
        let hub = try Container.withOverrides {
            $0.register(HResource.self) { HResource(id: 7) }
            $0.register(Hub.self, scope: .singleton, using: Hub.init)
        } operation: {
            try Container.shared.resolve(Hub.self)
        }
        #expect(try hub.make().id == 7)
    }

    /// Sixteen child tasks read one `@LazyInjected` property first: one resolve, one instance. (Tasks, not
    /// threads: a thread of one's own sees the process-wide container, not the test's; see "What leaks".)
    @Test func aLazyWrapperReadFirstBySixteenTasks() async throws {
        final class Screen: @unchecked Sendable {  // the wrapper is thread-safe; nothing else is mutated
            @LazyInjected var resource: HResource
        }
        let built = HostileCounter()
        let ids = await Container.withOverrides {
            $0.register(HResource.self) {
                usleep(1_000)
                return HResource(id: built.increment())
            }
        } operation: {
            let screen = Screen()
            return await withTaskGroup(of: Int.self) { group in
                for _ in 0..<16 { group.addTask { screen.resource.id } }
                var ids = Set<Int>()
                for await id in group { ids.insert(id) }
                return ids
            }
        }
        #expect(ids.count == 1)
        #expect(built.count == 1)
    }
}

final class HLazyService: @unchecked Sendable {  // the wrapper is thread-safe
    @LazyInjected var work: HResource
}

final class HLazyScoped: Sendable {
    let lazy: Lazy<HResource>
    init(lazy: Lazy<HResource>) { self.lazy = lazy }
}

extension HostileLazyTests {
    /// The same captive rule for `@LazyInjected` in an instance a `.cached` registration keeps: the wrapper
    /// cannot throw, so the program stops with the `captive` text.
    @Test func aKeptInstancesLazyWrapperOfARequestInstanceIsCaptive() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            try await Container.withOverrides {
                $0.register(HResource.self, scope: Scope("hostile-lazy-exit")) { HResource(id: 1) }
                $0.register(HLazyService.self, scope: .cached) { HLazyService() }
            } operation: {
                let service = try Container.shared.resolve(HLazyService.self)
                try await container.withScope(Scope("hostile-lazy-exit")) { _ = service.work }
            }
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("a .cached instance would keep an instance of"))
        }
    }

    /// A holder of a request's own scope may keep a `Lazy` of another request instance.
    @Test func aRequestInstancesLazyOfAnotherRequestInstanceIsFine() async throws {
        let container = Container()
        container.register(HResource.self, scope: .hostileRequest) { HResource(id: 1) }
        container.register(HLazyScoped.self, scope: .hostileRequest, using: HLazyScoped.init)
        try await container.withScope(.hostileRequest) {
            let id = try container.resolve(HLazyScoped.self).lazy.value.id
            #expect(id == 1)
        }
    }
}
