import Testing

@testable import Syringe

extension Scope {
    static let session = Scope("session")
    static let request = Scope("request")
}

final class Parent: @unchecked Sendable {  // @unchecked: mutated only inside one resolution in these tests
    var child: Child?
}
final class Child: Sendable {
    let parent: Parent
    init(parent: Parent) { self.parent = parent }
}
final class Leaf: Sendable {}
final class Branch: Sendable {
    let left: Leaf
    let right: Leaf
    init(left: Leaf, right: Leaf) {
        self.left = left
        self.right = right
    }
}

@Suite("Scopes")
struct ScopeTests {
    @Test func uniqueRunsTheFactoryEveryTime() throws {
        let container = Container()
        let runs = Counter()
        container.register(Service.self) { Service(id: runs.increment()) }
        let a = try container.resolve(Service.self)
        let b = try container.resolve(Service.self)
        #expect(a !== b)
        #expect(runs.count == 2)
    }

    @Test func graphSharesOneInstanceInsideOneTopLevelResolve() throws {
        let container = Container()
        container.register(Leaf.self, scope: .graph) { Leaf() }
        container.register(Branch.self) { r in Branch(left: try r.resolve(), right: try r.resolve()) }
        let first = try container.resolve(Branch.self)
        let second = try container.resolve(Branch.self)
        #expect(first.left === first.right)
        #expect(first.left !== second.left)
    }

    @Test func graphWithOnCreatedClosesACycle() throws {
        let container = Container()
        container.register(Parent.self, scope: .graph) { Parent() }
            .onCreated { parent, r in parent.child = try r.resolve() }
        container.register(Child.self, scope: .graph) { r in Child(parent: try r.resolve()) }
        let parent = try container.resolve(Parent.self)
        #expect(parent.child?.parent === parent)
        let child = try container.resolve(Child.self)
        #expect(child.parent.child === child)
        #expect(try container.resolve(Parent.self) !== parent)
    }

    @Test func cachedKeepsOneInstanceUntilReset() throws {
        let container = Container()
        container.register(Service.self, scope: .cached) { Service() }
        let a = try container.resolve(Service.self)
        #expect(try container.resolve(Service.self) === a)
        container.reset(.cached)
        #expect(try container.resolve(Service.self) !== a)
    }

    @Test func resetOfOneKeyDropsOnlyThatInstance() throws {
        let container = Container()
        container.register(Service.self, scope: .cached) { Service() }
        container.register(Leaf.self, scope: .cached) { Leaf() }
        let service = try container.resolve(Service.self)
        let leaf = try container.resolve(Leaf.self)
        container.reset(Service.self)
        #expect(try container.resolve(Service.self) !== service)
        #expect(try container.resolve(Leaf.self) === leaf)
    }

    @Test func singletonIsBuiltOnceForTheContainersLifetime() throws {
        let container = Container()
        let runs = Counter()
        container.register(Service.self, scope: .singleton) { Service(id: runs.increment()) }
        let a = try container.resolve(Service.self)
        container.reset(.cached)  // other scopes' resets leave singletons alone
        #expect(try container.resolve(Service.self) === a)
        #expect(runs.count == 1)
    }

    @Test func sharedLivesWhileSomeoneHoldsIt() throws {
        let container = Container()
        container.register(Service.self, scope: .shared) { Service() }
        var held: Service? = try container.resolve(Service.self)
        let id = held.map(ObjectIdentifier.init)
        #expect(try ObjectIdentifier(container.resolve(Service.self)) == id)
        weak let weakHeld = held
        held = nil
        #expect(weakHeld == nil)
        let next = try container.resolve(Service.self)
        #expect(next !== weakHeld)
        #expect(try container.resolve(Service.self) === next)
    }

    @Test func sharedBuildsAValueEveryTime() throws {
        let container = Container()
        let runs = Counter()
        container.register(Greeter.self, scope: .shared) { Greeter("v\(runs.increment())", 1) }
        #expect(try container.resolve(Greeter.self).name == "v1")
        #expect(try container.resolve(Greeter.self).name == "v2")
    }

    @Test func customScopesAreCachedAndResetOnTheirOwn() throws {
        let container = Container()
        container.register(Service.self, scope: .session) { Service() }
        container.register(Leaf.self, scope: .request) { Leaf() }
        let service = try container.resolve(Service.self)
        let leaf = try container.resolve(Leaf.self)
        #expect(try container.resolve(Service.self) === service)
        container.reset(.request)
        #expect(try container.resolve(Service.self) === service)
        #expect(try container.resolve(Leaf.self) !== leaf)
        container.reset(.session)
        #expect(try container.resolve(Service.self) !== service)
        #expect(Scope("session") == .session)
        #expect(Scope.session.description == "Scope(\"session\")")
    }

    @Test(arguments: [Scope.unique, .graph, .cached, .singleton, .shared, .session])
    func valueTypesKeepValueSemantics(scope: Scope) throws {
        struct Settings: Sendable { var token = "abc" }
        let container = Container()
        container.register(Settings.self, scope: scope) { Settings() }
        var copy = try container.resolve(Settings.self)
        copy.token = "changed"
        #expect(try container.resolve(Settings.self).token == "abc")
    }

    @Test func resetAllDropsEveryScope() throws {
        let container = Container()
        container.register(Service.self, scope: .singleton) { Service() }
        container.register(Leaf.self, scope: .session) { Leaf() }
        let service = try container.resolve(Service.self)
        let leaf = try container.resolve(Leaf.self)
        container.resetAll()
        #expect(try container.resolve(Service.self) !== service)
        #expect(try container.resolve(Leaf.self) !== leaf)
    }

    @Test func onCreatedRunsBeforeTheInstanceIsHandedOut() throws {
        struct Settings: Sendable { var configured = false }
        let container = Container()
        container.register(Settings.self, scope: .singleton) { Settings() }
            .onCreated { settings, _ in settings.configured = true }
        #expect(try container.resolve(Settings.self).configured)
    }
}
