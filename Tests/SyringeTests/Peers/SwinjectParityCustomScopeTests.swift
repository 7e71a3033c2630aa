import Syringe
import Testing

extension Scope {
    fileprivate static let spSession = Scope("swinject-parity-session")
    fileprivate static let spOther = Scope("swinject-parity-other")
}

private final class SpFoo {}
private final class SpBar {}

/// Swinject's custom-scope and `resetObjectScope` tests, ported to `Scope("…")` and `reset`.
@Suite("SwinjectParity: custom scopes and resets")
struct SwinjectParityCustomScopeTests {
    /// A custom scope keeps one instance per registration, not one per scope.
    @Test func customScopeKeepsOneInstancePerRegistration() throws {
        let container = Container()
        let runs = Counter()
        container.register(Int.self, scope: .spSession) {
            runs.increment()
            return 1
        }
        container.register(Double.self, scope: .spSession) {
            runs.increment()
            return 2
        }
        #expect(try container.resolve(Int.self) == 1)
        #expect(try container.resolve(Double.self) == 2)
        _ = try container.resolve(Int.self)
        _ = try container.resolve(Double.self)
        #expect(runs.count == 2)
    }

    /// A custom scope keeps the instance its first resolve built.
    @Test func customScopeReturnsTheKeptInstance() throws {
        let container = Container()
        container.register(SpFoo.self, scope: .spSession) { SpFoo() }
        #expect(try container.resolve(SpFoo.self) === container.resolve(SpFoo.self))
    }

    /// Resetting a custom scope drops its instances: the next resolve builds a new one.
    @Test func resettingAScopeDropsItsInstances() throws {
        let container = Container()
        container.register(SpFoo.self, scope: .spSession) { SpFoo() }
        let before = try container.resolve(SpFoo.self)
        container.reset(.spSession)
        #expect(try container.resolve(SpFoo.self) !== before)
    }

    /// Resetting one custom scope leaves another scope's instances alone.
    @Test func resettingAScopeLeavesOtherScopes() throws {
        let container = Container()
        container.register(SpFoo.self, scope: .spSession) { SpFoo() }
        let before = try container.resolve(SpFoo.self)
        container.reset(.spOther)
        #expect(try container.resolve(SpFoo.self) === before)
    }

    /// Resetting a type drops its kept instance (Swinject's `resetObjectScope(_:serviceType:)`).
    @Test func resettingATypeDropsItsInstance() throws {
        let container = Container()
        container.register(SpFoo.self, scope: .singleton) { SpFoo() }
        let before = try container.resolve(SpFoo.self)
        container.reset(SpFoo.self)
        #expect(try container.resolve(SpFoo.self) !== before)
    }

    /// Resetting the `.graph` scope leaves a singleton of the same type alone.
    @Test func resettingGraphLeavesSingletonsOfTheType() throws {
        let container = Container()
        container.register(SpFoo.self, name: "containerScoped", scope: .singleton) { SpFoo() }
        container.register(SpFoo.self, name: "graphScoped", scope: .graph) { SpFoo() }
        let kept = try container.resolve(SpFoo.self, name: "containerScoped")
        _ = try container.resolve(SpFoo.self, name: "graphScoped")
        container.reset(.graph)
        #expect(try container.resolve(SpFoo.self, name: "containerScoped") === kept)
    }

    /// Resetting one type leaves other types' instances in the same scope alone.
    @Test func resettingATypeLeavesOtherTypes() throws {
        let container = Container()
        container.register(SpFoo.self, scope: .singleton) { SpFoo() }
        container.register(SpBar.self, scope: .singleton) { SpBar() }
        let foo = try container.resolve(SpFoo.self)
        let bar = try container.resolve(SpBar.self)
        container.reset(SpFoo.self)
        #expect(try container.resolve(SpFoo.self) !== foo)
        #expect(try container.resolve(SpBar.self) === bar)
    }
}

/// Swinject's `CustomStringConvertible` tests, ported to `registrations`: what a container can say about itself.
@Suite("SwinjectParity: describing registrations")
struct SwinjectParityDescriptionTests {
    /// An empty container has no registrations to describe.
    @Test func emptyContainerDescribesNothing() {
        #expect(Container().registrations.isEmpty)
    }

    /// A registration is described by its service type and scope.
    @Test func describesTypeAndScope() throws {
        let container = Container()
        container.register((any SpAnimal).self) { SpCat() }
        let info = try #require(container.registrations.first)
        #expect(container.registrations.count == 1)
        #expect("\(info)".contains("SpAnimal"))
        #expect(info.scope == .unique)
        #expect("\(info)".contains(".unique"))
    }

    /// A named registration's description names it.
    @Test func describesTheName() throws {
        let container = Container()
        container.register((any SpAnimal).self, name: "My Cat") { SpCat() }
        let info = try #require(container.registrations.first)
        #expect(info.key.name == "My Cat")
        #expect("\(info)".contains("\"My Cat\""))
    }

    /// A registration with arguments is described with their types.
    @Test func describesTheArgumentTypes() throws {
        let container = Container()
        container.register((any SpAnimal).self) { (_, name: String, sleeping: Bool) in
            SpCat(name: name, sleeping: sleeping)
        }
        let info = try #require(container.registrations.first)
        #expect("\(info)".contains("String, Bool"))
    }

    /// A registration's scope other than the default is described.
    @Test func describesTheScope() throws {
        let container = Container()
        container.register((any SpAnimal).self, scope: .singleton) { SpCat() }
        let info = try #require(container.registrations.first)
        #expect(info.scope == .singleton)
        #expect("\(info)".contains(".singleton"))
    }

    /// Several registrations are described in registration order.
    @Test func describesRegistrationsInOrder() {
        let container = Container()
        container.register((any SpAnimal).self, name: "1") { SpCat() }
        container.register((any SpAnimal).self, name: "2") { SpCat() }
        #expect(container.registrations.map(\.key.name) == ["1", "2"])
    }
}
