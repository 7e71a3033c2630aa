#if SWINJECT_PARITY_DEFECTS
import Syringe
import Testing

/// Swinject behaviours Syringe does not match yet. Built only with `-Xswiftc -DSWINJECT_PARITY_DEFECTS`.
@Suite("SwinjectParity: defects")
struct SwinjectParityDefectTests {
    /// A type forwarded to a registration with arguments resolves with those arguments.
    ///
    /// Fails: "cannot resolve `any SpAnimal` with arguments (String, Bool) (registered with other arguments)",
    /// registered nearby `any SpAnimal`; fix text says to register a factory that takes (String, Bool).
    @Test func forwardedTypeResolvesWithArguments() throws {
        let container = Container()
        container.register(SpCat.self) { (_, name: String, sleeping: Bool) in SpCat(name: name, sleeping: sleeping) }
            .forwarding((any SpAnimal).self)
        let cat = try #require(try container.resolve((any SpAnimal).self, arguments: "Mimi", true) as? SpCat)
        #expect(cat.name == "Mimi")
        #expect(cat.sleeping)
    }

    /// A `Lazy` is resolved with resolve-time arguments for its value.
    ///
    /// Fails: "cannot resolve `Lazy<SpDog>` (no registration)", registered nearby `SpDog (arguments: String, Int)`.
    @Test func lazyResolvesWithArguments() throws {
        let container = Container()
        container.register(SpDog.self) { (_, name: String, _: Int) in SpDog(name: name) }
        let lazy = try container.resolve(Lazy<SpDog>.self, arguments: "Hachi", 42)
        #expect(try lazy.value.name == "Hachi")
    }

    /// A `Provider` is resolved with resolve-time arguments for its values.
    ///
    /// Fails: "cannot resolve `Provider<SpDog>` (no registration)", registered nearby `SpDog (arguments: String, Int)`.
    @Test func providerResolvesWithArguments() throws {
        let container = Container()
        container.register(SpDog.self) { (_, name: String, _: Int) in SpDog(name: name) }
        let provider = try container.resolve(Provider<SpDog>.self, arguments: "Hachi", 42)
        #expect(try provider().name == "Hachi")
    }

    /// Printing a container describes its registrations (Swinject's `Container: CustomStringConvertible`).
    ///
    /// Fails: `"\(container)"` is `Syringe.Container`; only `container.registrations` describes them.
    @Test func containerDescriptionListsRegistrations() {
        let container = Container()
        container.register((any SpAnimal).self, name: "My Cat", scope: .singleton) { SpCat() }
        let text = "\(container)"
        #expect(text.contains("SpAnimal"))
        #expect(text.contains("My Cat"))
        #expect(text.contains("singleton"))
    }
}
#endif
