import Syringe
import Testing

@MainActor
private protocol SpMainAnimal {
    var name: String? { get }
}

@MainActor
private final class SpMainCat: SpMainAnimal {
    let name: String?

    init(name: String? = nil) { self.name = name }
}

/// Swinject's main-actor tests: a `@MainActor` factory registered and resolved on the main actor.
@Suite("SwinjectParity: main actor")
struct SwinjectParityMainActorTests {
    /// A main-actor factory resolves on the main actor.
    @MainActor @Test func mainActorFactory() throws {
        let container = Container()
        container.register((any SpMainAnimal).self) { @MainActor in SpMainCat() }
        #expect(try container.resolve((any SpMainAnimal).self).name == nil)
    }

    /// A main-actor factory with one argument resolves on the main actor.
    @MainActor @Test func mainActorFactoryWithAnArgument() throws {
        let container = Container()
        container.register((any SpMainAnimal).self) { @MainActor (_, a: String) in SpMainCat(name: a) }
        #expect(try container.resolve((any SpMainAnimal).self, arguments: "1").name == "1")
    }

    /// A main-actor factory with three arguments resolves on the main actor.
    @MainActor @Test func mainActorFactoryWithThreeArguments() throws {
        let container = Container()
        container.register((any SpMainAnimal).self) { @MainActor (_, a: String, b: String, c: String) in
            SpMainCat(name: a + b + c)
        }
        #expect(try container.resolve((any SpMainAnimal).self, arguments: "1", "2", "3").name == "123")
    }
}
