import Syringe
import Testing

private protocol SpDogProtocol1 {}
private protocol SpDogProtocol2 {}
private protocol SpDogProtocol3 {}
extension SpDog: SpDogProtocol1, SpDogProtocol2, SpDogProtocol3 {}

/// Swinject's type-forwarding tests (`forward`, `implements`) and optional resolution, ported to `forwarding`.
@Suite("SwinjectParity: type forwarding and optionals")
struct SwinjectParityForwardingTests {
    /// A registration kept in a variable can forward another type later (Swinject's `container.forward`).
    @Test func forwardsATypeToAKeptRegistration() throws {
        let container = Container()
        let service = container.register(SpDog.self) { SpDog() }
        service.forwarding((any SpAnimal).self)
        #expect(try container.resolve((any SpAnimal).self) is SpDog)
    }

    /// A forwarding under a name resolves with that name only.
    @Test func namedForwardingResolvesWithItsNameOnly() throws {
        let container = Container()
        container.register(SpDog.self) { SpDog() }
            .forwarding((any SpAnimal).self, name: "Hachi")
        #expect(try container.resolve((any SpAnimal).self, name: "Hachi") is SpDog)
        #expect(throws: ResolutionError.self) { try container.resolve((any SpAnimal).self, name: "Mimi") }
    }

    /// `forwarding` chained on `register` (Swinject's `implements`).
    @Test func forwardingChainedOnRegister() throws {
        let container = Container()
        container.register(SpDog.self) { SpDog() }.forwarding((any SpAnimal).self)
        #expect(try container.resolve((any SpAnimal).self) is SpDog)
    }

    /// Several forwardings on one registration all resolve.
    @Test func severalForwardings() throws {
        let container = Container()
        container.register(SpDog.self) { SpDog() }
            .forwarding((any SpDogProtocol1).self)
            .forwarding((any SpDogProtocol2).self)
            .forwarding((any SpDogProtocol3).self)
        #expect(try container.resolve((any SpDogProtocol1).self) is SpDog)
        #expect(try container.resolve((any SpDogProtocol2).self) is SpDog)
        #expect(try container.resolve((any SpDogProtocol3).self) is SpDog)
    }

    /// Named forwardings resolve only under their own names.
    @Test func namedForwardingsResolveOnlyUnderTheirNames() throws {
        let container = Container()
        container.register(SpDog.self) { SpDog() }
            .forwarding((any SpDogProtocol1).self, name: "1")
            .forwarding((any SpDogProtocol2).self, name: "2")
            .forwarding((any SpDogProtocol3).self, name: "3")
        #expect(try container.resolve((any SpDogProtocol1).self, name: "1") is SpDog)
        #expect(throws: ResolutionError.self) { try container.resolve((any SpDogProtocol2).self) }
        #expect(throws: ResolutionError.self) { try container.resolve((any SpDogProtocol3).self, name: "2") }
    }

    /// Several types forwarded to one component at once (Swinject's `implements(A.self, B.self, C.self)`).
    @Test func severalTypesAtOnceForAComponent() throws {
        let container = Container {
            Register(SpComponentDog.self, as: (any SpDogProtocol1).self, (any SpDogProtocol2).self)
        }
        #expect(try container.resolve((any SpDogProtocol1).self) is SpComponentDog)
        #expect(try container.resolve((any SpDogProtocol2).self) is SpComponentDog)
    }

    /// `resolve(Dog?.self)` resolves the registered `Dog`.
    @Test func optionalOfARegisteredType() throws {
        let container = Container()
        container.register(SpDog.self) { SpDog() }
        let dog = try container.resolve(SpDog?.self)
        #expect(dog != nil)
    }

    /// `resolve(Dog?.self, name:)` resolves the `Dog` registered under that name.
    @Test func optionalWithAName() throws {
        let container = Container()
        container.register(SpDog.self, name: "Hachi") { SpDog() }
        let dog = try container.resolve(SpDog?.self, name: "Hachi")
        #expect(dog != nil)
    }

    /// `resolve(Dog?.self, arguments:)` resolves the `Dog` registered with that argument.
    @Test func optionalWithArguments() throws {
        let container = Container()
        container.register(SpDog.self) { (_, name: String) in SpDog(name: name) }
        let dog = try container.resolve(SpDog?.self, arguments: "Hachi")
        #expect(dog?.name == "Hachi")
    }

    /// An optional of a forwarded type resolves the registration behind it.
    @Test func optionalOfAForwardedType() throws {
        let container = Container()
        container.register(SpDog.self) { SpDog() }.forwarding((any SpAnimal).self)
        let animal = try container.resolve((any SpAnimal)?.self)
        #expect(animal is SpDog)
    }
}

private final class SpComponentDog: Component, SpDogProtocol1, SpDogProtocol2 {
    init() {}
}
