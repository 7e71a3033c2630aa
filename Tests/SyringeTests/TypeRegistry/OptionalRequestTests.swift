import Syringe
import Testing

/// An optional request with nothing registered for the optional itself sees through to the wrapped type,
/// with its name and arguments.
@Suite("Type registry: optional requests")
struct OptionalRequestTests {
    @Test func anOptionalWithArgumentsResolvesTheWrappedRegistration() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String) in Greeter(name, 1) }
        let greeter = try container.resolve(Greeter?.self, arguments: "Ada")
        #expect(greeter?.name == "Ada")
    }

    @Test func anOptionalWithAName() throws {
        let container = Container()
        container.register(Token.self, name: "staging") { StagingToken() }
        #expect(try container.resolve((any Token)?.self, name: "staging")?.value == "staging")
    }

    @Test func aMissingWrappedTypeIsStillAnError() {
        let container = Container()
        container.register(Greeter.self) { (_, name: String) in Greeter(name, 1) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Greeter?.self, arguments: 3) }
        #expect(error?.code == .argumentMismatch)
        #expect(error?.summary == "cannot resolve `Greeter` with arguments (Int) (registered with other arguments).")
    }

    @Test func anOptionalIsRegisteredWhenItsWrappedTypeIs() {
        let container = Container()
        container.register(Token.self, name: "staging") { StagingToken() }
        #expect(container.isRegistered((any Token)?.self, name: "staging"))
        #expect(!container.isRegistered((any Token)?.self))
    }
}
