import Foundation
import Syringe
import Testing

protocol HNamed: Sendable { var name: String { get } }
struct HName: HNamed { let name: String }

final class HHooked: @unchecked Sendable {  // `hooks` is written by its hooks, before anyone else sees it
    let label: String
    var hooks: [String] = []
    var peer: HHooked?
    init(label: String = "") { self.label = label }
}

final class HHookedUser: Sendable {
    let first: HHooked
    let second: HHooked
    init(first: HHooked, second: HHooked) {
        self.first = first
        self.second = second
    }
}

/// The code a user writes first for setter injection in async code: an ordinary factory with an `async` hook
/// (`register(X.self) { X() }.onCreated { x, r async in … }`). Found broken: `resolveAsync` threw
/// "cannot resolve `X` synchronously: it has an async onCreated hook", in every scope, so such a registration
/// could not be resolved at all.
@Suite("Hostile: a synchronous factory with an async hook", .timeLimit(.minutes(1)))
struct HostileAsyncHookTests {
    @Test(arguments: [Scope.unique, .graph, .cached, .singleton, Scope("hostile-async-hook")])
    func resolveAsyncRunsTheFactoryAndTheHook(scope: Scope) async throws {
        let container = Container()
        container.register(HHooked.self, scope: scope) { HHooked() }
            .onCreated { hooked, _ async in
                await Task.yield()
                hooked.hooks.append("async")
            }
        let hooked = try await container.resolveAsync(HHooked.self)
        #expect(hooked.hooks == ["async"])
        // The synchronous API still refuses it, as documented.
        let error = #expect(throws: ResolutionError.self) { try container.resolve(HHooked.self) }
        #expect(error?.code == .asyncRequired)
    }

    /// Once kept, the instance is still refused by the synchronous API: in a test container too, and when the
    /// async hook was added after the instance was kept.
    @Test func aKeptInstanceIsStillRefusedSynchronously() async throws {
        try await Container.withOverrides {
            $0.register(HHooked.self, scope: .singleton) { HHooked() }.onCreated { _, _ async in }
        } operation: {
            try await Container.withOverrides { _ in
            } operation: {
                _ = try await Container.shared.resolveAsync(HHooked.self)
                let error = #expect(throws: ResolutionError.self) { try Container.shared.resolve(HHooked.self) }
                #expect(error?.code == .asyncRequired)
            }
        }
        let container = Container()
        let registration = container.register(HHooked.self, scope: .cached) { HHooked() }
        let kept = try container.resolve(HHooked.self)
        registration.onCreated { _, _ async in }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(HHooked.self) }
        #expect(error?.code == .asyncRequired)
        #expect(try await container.resolveAsync(HHooked.self) === kept)
    }

    @Test func syncAndAsyncHooksRunInOrder() async throws {
        let container = Container()
        container.register(HHooked.self) { HHooked() }
            .onCreated { hooked, _ in hooked.hooks.append("sync 1") }
            .onCreated { hooked, _ async in hooked.hooks.append("async") }
            .onCreated { hooked, _ in hooked.hooks.append("sync 2") }
        #expect(try await container.resolveAsync(HHooked.self).hooks == ["sync 1", "async", "sync 2"])
    }

    /// The factory's own `r.resolve` calls join the resolution: a `.graph` instance is shared with the async
    /// factory that asked, and a cycle is found.
    @Test func theFactoryJoinsTheResolution() async throws {
        let container = Container()
        container.register(HName.self, scope: .graph) { HName(name: UUID().uuidString) }
        container.register(HHooked.self) { r in HHooked(label: try r.resolve(HName.self).name) }
            .onCreated { hooked, r async throws in hooked.hooks.append(try await r.resolveAsync(HName.self).name) }
        container.register(HHookedUser.self) { r async throws in
            HHookedUser(first: try await r.resolveAsync(), second: try await r.resolveAsync())
        }
        let user = try await container.resolveAsync(HHookedUser.self)
        #expect(user.first.label == user.second.label)
        #expect(user.first.hooks == [user.first.label])

        container.register(HHooked.self) { r in
            _ = try r.resolve(HHookedUser.self) as HHookedUser; return HHooked()
        }
        .onCreated { _, _ async in }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(HHookedUser.self) }
        #expect(error?.code == .cycle)  // HHookedUser is on the path, its factory not returned: a cycle
    }

    /// An async hook closes a cycle of two `.graph` registrations with ordinary factories.
    @Test func anAsyncHookClosesACycle() async throws {
        let container = Container()
        container.register(HHooked.self, scope: .graph) { HHooked(label: "parent") }
            .onCreated { parent, r async throws in parent.peer = try await r.resolveAsync(HHooked.self, name: "child") }
        container.register(HHooked.self, name: "child", scope: .graph) { r in
            let child = HHooked(label: "child")
            child.peer = try r.resolveIfRegistered(HHooked.self)
            return child
        }
        // The child's synchronous factory asks for the parent (async: it has an async hook), whose factory has
        // returned on this resolution's path: it gets that parent.
        let parent = try await container.resolveAsync(HHooked.self)
        #expect(parent.peer?.label == "child")
        #expect(parent.peer?.peer === parent)
    }

    @Test func argumentsReachTheFactory() async throws {
        let container = Container()
        container.register(HHooked.self) { (_, label: String, count: Int) in HHooked(label: "\(label) \(count)") }
            .onCreated { hooked, _ async in hooked.hooks.append("async") }
        let hooked = try await container.resolveAsync(HHooked.self, arguments: "Ada", 3)
        #expect(hooked.label == "Ada 3" && hooked.hooks == ["async"])
        // One argument, of an existential type.
        container.register(HHooked.self) { (_, named: any HNamed) in HHooked(label: named.name) }
            .onCreated { hooked, _ async in hooked.hooks.append("async") }
        let named = try await container.resolveAsync(HHooked.self, arguments: HName(name: "Bo") as any HNamed)
        #expect(named.label == "Bo" && named.hooks == ["async"])
    }

    @Test func buildAsyncAndResolveAllAsync() async throws {
        let container = Container()
        let built = HostileCounter()
        container.register(HHooked.self, scope: .singleton) {
            built.increment()
            return HHooked()
        }
        .onCreated { hooked, _ async in hooked.hooks.append("async") }
        container.contribute(HHooked.self) { HHooked(label: "contributed") }
            .onCreated { hooked, _ async in hooked.hooks.append("async") }
        try await container.buildAsync()
        #expect(built.count == 1)
        #expect(container.instances(of: HHooked.self).map(\.hooks) == [["async"]])
        #expect(try await container.resolveAllAsync(HHooked.self).map(\.hooks) == [["async"]])
    }

    @Test func theBuilderFormToo() async throws {
        let container = Container {
            Register(HHooked.self, scope: .singleton) { HHooked() }
                .onCreated { hooked, _ async in hooked.hooks.append("async") }
        }
        #expect(try await container.resolveAsync(HHooked.self).hooks == ["async"])
    }
}

final class HOwner: @unchecked Sendable {  // `helper` is set by its hook
    var helper: HHelper?
}

final class HHelper: Sendable {
    let owner: HOwner
    init(owner: HOwner) { self.owner = owner }
}

/// `.graph` instances are shared between the sync and async parts of one resolution (Design decisions, "One
/// engine for sync and async"). Found broken: a synchronous factory that asked for an async `.graph` instance
/// the resolution had already built got `asyncRequired`, so an async hook could not close a cycle through a
/// synchronous factory, nor a `Lazy` made in an async factory be read.
@Suite("Hostile: async .graph instances seen from synchronous parts", .timeLimit(.minutes(1)))
struct HostileAsyncGraphTests {
    @Test func anAsyncHookClosesACycleThroughASynchronousFactory() async throws {
        let container = Container()
        container.register(HOwner.self, scope: .graph) { () async in HOwner() }
            .onCreated { owner, r async throws in owner.helper = try r.resolve() }
        container.register(HHelper.self, scope: .graph) { r in HHelper(owner: try r.resolve()) }
        let owner = try await container.resolveAsync(HOwner.self)
        #expect(owner.helper?.owner === owner)
    }

    @Test func aLazyMadeInAnAsyncFactoryIsReadLater() async throws {
        let container = Container()
        container.register(HLazyChick.self, scope: .graph, using: HLazyChick.init)
        container.register(HLazyNest.self, scope: .graph) { r async throws in
            HLazyNest(chick: try r.resolve(Lazy<HLazyChick>.self))
        }
        let nest = try await container.resolveAsync(HLazyNest.self)
        #expect(try nest.chick.value.nest === nest)
    }

    /// Outside such a resolution the synchronous API still refuses the async registration.
    @Test func aFreshSynchronousRequestIsStillRefused() {
        let container = Container()
        container.register(HOwner.self, scope: .graph) { () async in HOwner() }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(HOwner.self) }
        #expect(error?.code == .asyncRequired)
    }
}
