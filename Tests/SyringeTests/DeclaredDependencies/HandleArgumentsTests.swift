import Syringe
import Testing

final class Puppy: Sendable {
    let name: String
    init(name: String) { self.name = name }
}

/// `Lazy<T>` and `Provider<T>` resolved by type take no arguments; asking with some says what to do instead.
@Suite("Declared dependencies: handles asked for with arguments")
struct HandleArgumentsTests {
    @Test func aLazyAskedForWithArgumentsSaysToResolveTheValueWithThem() throws {
        let container = Container()
        container.register(Puppy.self) { (_, name: String, _: Int) in Puppy(name: name) }
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve(Lazy<Puppy>.self, arguments: "Hachi", 42)
        }
        #expect(error.code == .argumentMismatch)
        #expect(
            error.description.contains(
                "cannot resolve `Lazy<Puppy>` with arguments (String, Int): a Lazy or Provider resolved by type "
                    + "takes no arguments."))
        #expect(error.nearMisses == ["Puppy (arguments: String, Int)"])
        #expect(error.description.contains("resolve(Puppy.self, arguments: …)"))
        // What the error advises works.
        #expect(try container.resolve(Puppy.self, arguments: "Hachi", 42).name == "Hachi")
    }

    @Test func aNamedProviderAskedForWithArgumentsNamesTheRegistration() throws {
        let container = Container()
        container.register(Puppy.self, name: "shelter") { (_, name: String) in Puppy(name: name) }
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve(Provider<Puppy>.self, name: "shelter", arguments: "Rex")
        }
        #expect(error.code == .argumentMismatch)
        #expect(error.description.contains("resolve(Puppy.self, name: \"shelter\", arguments: …)"))
        #expect(error.nearMisses == ["Puppy (name: \"shelter\") (arguments: String)"])
    }
}
