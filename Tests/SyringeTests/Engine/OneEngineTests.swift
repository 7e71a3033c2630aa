import Foundation
import Syringe
import Testing

final class Ledger3: Sendable {}
final class SyncUser: Sendable {
    let ledger: Ledger3
    init(ledger: Ledger3) { self.ledger = ledger }
}
final class AsyncUser: Sendable {
    let ledger: Ledger3
    let sync: SyncUser
    init(ledger: Ledger3, sync: SyncUser) {
        self.ledger = ledger
        self.sync = sync
    }
}
final class Owner: @unchecked Sendable {
    var helper: Helper?
}
final class Helper: Sendable {
    let owner: Owner
    init(owner: Owner) { self.owner = owner }
}

/// What one engine for sync and async makes possible.
@Suite("Async: one engine")
struct OneEngineTests {
    @Test func asyncFactoriesTakeArguments() async throws {
        let container = Container()
        container.register(String.self) { (_, page: Int, title: String) async throws in "\(title) \(page)" }
        #expect(try await container.resolveAsync(String.self, arguments: 2, "Report") == "Report 2")
        let error = await #expect(throws: ResolutionError.self) {
            try await container.resolveAsync(String.self, arguments: "two")
        }
        #expect(error?.code == .argumentMismatch)
    }

    @Test func aGraphInstanceIsSharedBetweenSyncAndAsyncParts() async throws {
        let container = Container()
        container.register(Ledger3.self, scope: .graph) { Ledger3() }
        container.register(SyncUser.self) { r in SyncUser(ledger: try r.resolve()) }
        container.register(AsyncUser.self) { r async throws in
            AsyncUser(ledger: try await r.resolveAsync(), sync: try r.resolve())
        }
        let user = try await container.resolveAsync(AsyncUser.self)
        #expect(user.ledger === user.sync.ledger)
        let other = try await container.resolveAsync(AsyncUser.self)
        #expect(other.ledger !== user.ledger)
    }

    @Test func anAsyncHookClosesACycleThroughAsyncFactories() async throws {
        let container = Container()
        container.register(Owner.self, scope: .graph) { () async in Owner() }
            .onCreated { owner, r async throws in owner.helper = try await r.resolveAsync() }
        container.register(Helper.self, scope: .graph) { r async throws in Helper(owner: try await r.resolveAsync()) }
        let owner = try await container.resolveAsync(Owner.self)
        #expect(owner.helper?.owner === owner)
        let helper = try await container.resolveAsync(Helper.self)
        #expect(helper.owner.helper === helper)
    }

    @Test func aRegistrationWithAnAsyncHookIsAsyncOnly() throws {
        let container = Container()
        container.register(Owner.self) { Owner() }.onCreated { _, _ async in }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Owner.self) }
        #expect(error?.code == .asyncRequired)
        #expect(error?.summary == "cannot resolve `Owner` synchronously: it has an async onCreated hook.")
    }

    @Test func buildAsyncBuildsAsyncSingletonsAndReportsEveryProblem() async throws {
        let container = Container()
        let built = Counter()
        container.register(Ledger3.self, scope: .singleton) { () async in
            built.increment()
            return Ledger3()
        }
        container.register(SyncUser.self, scope: .singleton) { r in SyncUser(ledger: try r.resolve()) }
        container.register(Helper.self, scope: .singleton) { r in Helper(owner: try r.resolve()) }
        let error = await #expect(throws: ResolutionError.self) { try await container.buildAsync() }
        #expect(built.count == 1)
        #expect(error?.errors.map(\.code) == [.asyncRequired, .notRegistered])
    }

    @Test func resolveAllAsyncResolvesAsyncContributions() async throws {
        let container = Container()
        container.contribute(String.self) { "sync" }
        container.contribute(String.self) { _ async in "async" }
        #expect(try await container.resolveAllAsync(String.self) == ["sync", "async"])
    }
}
