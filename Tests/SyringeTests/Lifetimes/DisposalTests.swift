import Foundation
import Syringe
import Testing

/// `onDispose` hooks run newest first (an instance before what it depends on), each instance exactly once,
/// whatever ends its life.
@Suite("Lifetimes: disposal")
struct DisposalTests {
    @Test func shutdownDisposesDependentsFirst() async throws {
        let container = Container()
        let journal = Journal()
        registerFourLevels(in: container, scope: .singleton, journal: journal)
        _ = try container.resolve(Repo.self)
        try await container.shutdown()
        #expect(journal.all == ["Repo", "Pool", "Driver", "Config"])
    }

    @Test func resetOfAScopeDisposesInTheSameOrderAndOnce() throws {
        let container = Container()
        let journal = Journal()
        registerFourLevels(in: container, scope: .cached, journal: journal)
        _ = try container.resolve(Repo.self)
        container.reset(.cached)
        container.reset(.cached)
        #expect(journal.all == ["Repo", "Pool", "Driver", "Config"])
    }

    @Test func resetOfOneKeyAndReRegistrationDisposeThatInstance() throws {
        let container = Container()
        let journal = Journal()
        registerFourLevels(in: container, scope: .singleton, journal: journal)
        _ = try container.resolve(Repo.self)
        container.reset(Pool.self)
        #expect(journal.all == ["Pool"])
        container.register(Config.self, scope: .singleton) { Config() }
        #expect(journal.all == ["Pool", "Config"])
    }

    @Test func disposalOfAValueTypeGetsTheValue() async throws {
        struct Settings { var name = "prod" }
        let container = Container()
        let journal = Journal()
        container.register(Settings.self, scope: .singleton) { Settings() }
            .onDispose { settings in journal.log(settings.name) }
        _ = try container.resolve(Settings.self)
        try await container.shutdown()
        #expect(journal.all == ["prod"])
    }

    /// What a hook keeps of the instance it disposes of is its own reference: the instance outlives its scope, and
    /// one that no hook keeps goes with the scope.
    @Test func anInstanceAHookKeepsOutlivesItsScopeAndOneItDoesNotGoesWithIt() async throws {
        final class Token: Sendable {}
        final class Keeper: @unchecked Sendable {
            // @unchecked Sendable: written by the hooks of one close, read after it.
            var kept: [Token] = []
        }
        let container = Container()
        let keeper = Keeper()
        container.register(Token.self, scope: .request) { Token() }.onDispose { keeper.kept.append($0) }
        container.register(Config.self, scope: .request) { Config() }.onDispose { _ in }
        weak var token: Token?
        weak var config: Config?
        do {
            let scope = container.openScope(.request)
            token = try scope.resolve(Token.self)
            config = try scope.resolve(Config.self)
            try await scope.close()
        }
        #expect(config == nil)
        #expect(token != nil)
        #expect(keeper.kept.count == 1 && keeper.kept.first === token)
        keeper.kept = []
        #expect(token == nil)
    }

    @Test func anAsyncHookIsHandedTheInstanceItselfAcrossItsSuspensions() async throws {
        let container = Container()
        let journal = Journal()
        let resolved = Protected<ObjectIdentifier?>(nil)
        container.register(Pool.self, scope: .request) { Pool(driver: Driver(config: Config())) }
            .onDispose { pool async in
                await Task.yield()
                journal.log(resolved.withLock { $0 } == ObjectIdentifier(pool) ? "the pool" : "another pool")
            }
        weak var pool: Pool?
        do {
            let scope = container.openScope(.request)
            let built = try scope.resolve(Pool.self)
            resolved.withLock { $0 = ObjectIdentifier(built) }
            pool = built
            try await scope.close()
        }
        #expect(journal.all == ["the pool"])
        #expect(pool == nil)
    }

    @Test func aUniqueInstanceIsNotTheContainersToDispose() async throws {
        let container = Container()
        let journal = Journal()
        container.register(Config.self) { Config() }.onDispose { _ in journal.log("Config") }
        _ = try container.resolve(Config.self)
        try await container.shutdown()
        #expect(journal.all.isEmpty)
    }

    /// A `.shared` instance belongs to those who hold it: neither a reset nor a shutdown disposes of it while they
    /// use it (the Lifetimes article listed `.shared` among the scopes with hooks until 2026-11-27).
    @Test func aSharedInstanceIsNotTheContainersToDispose() async throws {
        final class Held: Sendable {}
        let container = Container()
        let journal = Journal()
        container.register(Held.self, scope: .shared) { Held() }.onDispose { _ in journal.log("Held") }
        let held = try container.resolve(Held.self)
        container.reset(.shared)
        #expect(try container.resolve(Held.self) !== held)  // the reset let go of it
        try await container.shutdown()
        #expect(journal.all.isEmpty)
    }

    /// A singleton holding a `Provider` (the fix for a captive dependency) and an unread `Lazy` holds its container
    /// through them: `shutdown()` breaks that cycle, and the container, the singleton and the handles are freed.
    @Test func shutdownFreesAContainerWhoseSingletonHoldsHandlesOnIt() async throws {
        final class Item: Sendable {}
        final class Feed: Sendable {
            let makeItem: Provider<Item>
            let first: Lazy<Item>
            init(makeItem: Provider<Item>, first: Lazy<Item>) { (self.makeItem, self.first) = (makeItem, first) }
        }
        weak var released: Container?
        weak var feed: Feed?
        do {
            let container = Container()
            released = container
            container.register(Item.self, using: Item.init)
            container.register(Feed.self, scope: .singleton, using: Feed.init)
            let kept = try container.resolve(Feed.self)
            feed = kept
            _ = try kept.makeItem()
            try await container.shutdown()
        }
        #expect(released == nil)
        #expect(feed == nil)
    }

    @Test func aThrowingHookDoesNotStopTheOthersAndEveryFailureIsNamed() async throws {
        let container = Container()
        let journal = Journal()
        registerFourLevels(in: container, scope: .singleton, journal: journal)
        let poolLine = #line + 1
        container.register(Pool.self, scope: .singleton) { r in Pool(driver: try r.resolve()) }
            .onDispose { _ in throw Failure(reason: "pool") }
        container.register(Config.self, scope: .singleton) { Config() }
            .onDispose { _ async throws in throw Failure(reason: "config") }
        _ = try container.resolve(Repo.self)
        let error = await #expect(throws: ResolutionError.self) { try await container.shutdown() }
        #expect(journal.all == ["Repo", "Driver"])
        #expect(error?.code == .multiple)
        #expect(error?.errors.map(\.code) == [.disposeFailed, .disposeFailed])
        #expect(error?.errors.map { $0.key?.description } == ["Pool", "Config"])
        #expect(
            error?.errors.first?.description == """
                Syringe: cannot dispose of `Pool`: its onDispose hook threw Failure(pool).
                  hook at  SyringeTests/DisposalTests.swift:\(poolLine + 1)
                  fix: make the onDispose hook at SyringeTests/DisposalTests.swift:\(poolLine + 1) succeed; the other \
                instances were disposed of (the original is `underlyingError`).
                """)
    }

    @Test func shutdownIsIdempotentAndAfterItStoredRegistrationsAreRefused() async throws {
        let container = Container()
        let journal = Journal()
        registerFourLevels(in: container, scope: .singleton, journal: journal)
        container.register(Int.self) { 7 }
        _ = try container.resolve(Repo.self)
        try await container.shutdown()
        try await container.shutdown()
        #expect(journal.all.count == 4)
        let line = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Repo.self) }
        #expect(error?.code == .shutDown)
        #expect(error?.summary == "cannot resolve `Repo`: its container has been shut down.")
        #expect(try container.resolve(Int.self) == 7)  // unique registrations keep working
        _ = line
    }

    @Test func droppingAContainerRunsNoHookAndLeaksNothing() throws {
        let journal = Journal()
        weak var repo: Repo?
        do {
            let container = Container()
            registerFourLevels(in: container, scope: .singleton, journal: journal)
            container.register(Repo.self, scope: .singleton) { r in Repo(pool: try r.resolve()) }
                .onDispose { _ async in journal.log("async Repo") }
            repo = try container.resolve(Repo.self)
        }
        #expect(repo == nil)
        #expect(journal.all.isEmpty)
    }

    @Test func aSynchronousResetRunsAsyncHooksInATaskOfTheirOwn() async throws {
        let container = Container()
        let journal = Journal()
        registerFourLevels(in: container, scope: .cached, journal: journal)
        container.register(Repo.self, scope: .cached) { r in Repo(pool: try r.resolve()) }
            .onDispose { _ async in journal.log("Repo") }
        _ = try container.resolve(Repo.self)
        container.reset(.cached)
        for _ in 0..<200 where journal.all.count < 4 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(journal.all == ["Repo", "Pool", "Driver", "Config"])
    }

    @Test func disposeAwaitsTheHooksOfOneScope() async throws {
        let container = Container()
        let journal = Journal()
        registerFourLevels(in: container, scope: .session, journal: journal)
        container.register(Repo.self, scope: .session) { r in Repo(pool: try r.resolve()) }
            .onDispose { _ async in
                try? await Task.sleep(for: .milliseconds(5))
                journal.log("Repo")
            }
        let first = try container.resolve(Repo.self)
        try await container.dispose(.session)
        #expect(journal.all == ["Repo", "Pool", "Driver", "Config"])
        #expect(try container.resolve(Repo.self) !== first)
    }

    @Test func aHookMayUseTheContainer() async throws {
        let container = Container()
        let journal = Journal()
        container.register(Int.self) { 7 }
        container.register(Config.self, scope: .singleton) { Config() }
            .onDispose { _ in journal.log("resolved \((try? container.resolve(Int.self)) ?? 0)") }
        _ = try container.resolve(Config.self)
        try await container.shutdown()
        #expect(journal.all == ["resolved 7"])
    }

    /// A hook that adds a hook (each time it runs) does not keep its own disposal, or a build, going: what it adds
    /// runs from the next instance on.
    @Test func aHookThatAddsAHookRunsItFromTheNextInstanceOn() throws {
        let container = Container()
        let journal = Journal()
        let registration = container.register(Config.self, scope: .cached) { Config() }
        @Sendable func addDisposeHook(_ name: String) {
            registration.onDispose { _ in
                journal.log(name)
                addDisposeHook(name + "+")
            }
        }
        addDisposeHook("d")
        registration.onCreated { _, _ in
            journal.log("c")
            registration.onCreated { _, _ in journal.log("c+") }
        }
        _ = try container.resolve(Config.self)
        container.reset(.cached)
        #expect(journal.all == ["c", "d"])
        _ = try container.resolve(Config.self)
        container.reset(.cached)
        #expect(journal.all == ["c", "d", "c", "c+", "d", "d+"])
    }

    /// A scope's close that awaits (one hook is async) runs every hook of each instance in the order they were
    /// added, sync and async alike, newest instance first; one added while the instance lived runs too.
    @Test func anAwaitedCloseRunsEachInstancesHooksInOrder() async throws {
        let container = Container()
        let journal = Journal()
        container.register(Config.self, scope: .request) { Config() }
            .onDispose { _ in journal.log("config") }
        let driver = container.register(Driver.self, scope: .request) { r in Driver(config: try r.resolve()) }
            .onDispose { _ in journal.log("driver 1") }
            .onDispose { _ async in
                await Task.yield()
                journal.log("driver 2")
            }
        let scope = container.openScope(.request)
        _ = try scope.resolve(Driver.self)
        driver.onDispose { _ in journal.log("driver 3") }
        try await scope.close()
        #expect(journal.all == ["driver 1", "driver 2", "driver 3", "config"])
    }
}
