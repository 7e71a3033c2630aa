import Syringe
import Testing

protocol Pet: Sendable {
    var name: String { get }
}

final class Kitten: Pet {
    let name: String
    let sleeping: Bool
    init(name: String, sleeping: Bool = false) {
        self.name = name
        self.sleeping = sleeping
    }
}

/// `forwarding(_:)` of registrations that take arguments: the forwarded type takes the same arguments.
@Suite("Type registry: forwarding with arguments")
struct ForwardingTests {
    @Test func aForwardedTypeResolvesWithTheRegistrationsArguments() throws {
        let container = Container()
        container.register(Kitten.self) { (_, name: String, sleeping: Bool) in Kitten(name: name, sleeping: sleeping) }
            .forwarding((any Pet).self)
        let pet = try container.resolve((any Pet).self, arguments: "Mimi", true)
        let kitten = try #require(pet as? Kitten)
        #expect(kitten.name == "Mimi" && kitten.sleeping)
    }

    @Test func aForwardedTypeResolvesWithArgumentsFromAsyncCode() async throws {
        let container = Container()
        container.register(Kitten.self) { (_, name: String) async in Kitten(name: name) }
            .forwarding((any Pet).self, name: "async")
        let pet = try await container.resolveAsync((any Pet).self, name: "async", arguments: "Tama")
        #expect(pet.name == "Tama")
    }

    @Test func aKeptForwardedInstanceIsTheRegistrationsOne() throws {
        let container = Container()
        container.register(Kitten.self, scope: .singleton) { (_, name: String) in Kitten(name: name) }
            .forwarding((any Pet).self)
        let pet = try container.resolve((any Pet).self, arguments: "Mimi")
        let kitten = try container.resolve(Kitten.self, arguments: "ignored: the first arguments built it")
        #expect(pet as? Kitten === kitten)
    }

    @Test func aForwardedTypeAskedWithOtherArgumentsSaysWhichItTakes() throws {
        let container = Container()
        container.register(Kitten.self) { (_, name: String) in Kitten(name: name) }
            .forwarding((any Pet).self)
        let error = try #require(throws: ResolutionError.self) {
            try container.resolve((any Pet).self, arguments: 42)
        }
        #expect(error.code == .argumentMismatch)
        #expect(error.description.contains("any Pet (arguments: String)"))
        #expect(throws: ResolutionError.self) { try container.resolve((any Pet).self) }
    }
}
