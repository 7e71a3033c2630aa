import Syringe
import Testing

/// Swinject's argument tests: a factory takes one to nine resolve-time arguments.
@Suite("SwinjectParity: arguments")
struct SwinjectParityArgumentsTests {
    /// One argument.
    @Test func acceptsOneArgument() throws {
        let container = Container()
        container.register((any SpAnimal).self) { (_, a: String) in SpCat(name: a) }
        #expect(try container.resolve((any SpAnimal).self, arguments: "1").name == "1")
    }

    /// Two arguments.
    @Test func acceptsTwoArguments() throws {
        let container = Container()
        container.register((any SpAnimal).self) { (_, a: String, b: String) in SpCat(name: a + b) }
        #expect(try container.resolve((any SpAnimal).self, arguments: "1", "2").name == "12")
    }

    /// Three arguments.
    @Test func acceptsThreeArguments() throws {
        let container = Container()
        container.register((any SpAnimal).self) { (_, a: String, b: String, c: String) in SpCat(name: a + b + c) }
        #expect(try container.resolve((any SpAnimal).self, arguments: "1", "2", "3").name == "123")
    }

    /// Four arguments.
    @Test func acceptsFourArguments() throws {
        let container = Container()
        container.register((any SpAnimal).self) { (_, a: String, b: String, c: String, d: String) in
            SpCat(name: a + b + c + d)
        }
        #expect(try container.resolve((any SpAnimal).self, arguments: "1", "2", "3", "4").name == "1234")
    }

    /// Five arguments.
    @Test func acceptsFiveArguments() throws {
        let container = Container()
        container.register((any SpAnimal).self) { (_, a: String, b: String, c: String, d: String, e: String) in
            SpCat(name: a + b + c + d + e)
        }
        let animal = try container.resolve((any SpAnimal).self, arguments: "1", "2", "3", "4", "5")
        #expect(animal.name == "12345")
    }

    /// Six arguments.
    @Test func acceptsSixArguments() throws {
        let container = Container()
        container.register((any SpAnimal).self) {
            (_, a: String, b: String, c: String, d: String, e: String, f: String) in
            SpCat(name: a + b + c + d + e + f)
        }
        let animal = try container.resolve((any SpAnimal).self, arguments: "1", "2", "3", "4", "5", "6")
        #expect(animal.name == "123456")
    }

    /// Seven arguments.
    @Test func acceptsSevenArguments() throws {
        let container = Container()
        container.register((any SpAnimal).self) {
            (_, a: String, b: String, c: String, d: String, e: String, f: String, g: String) in
            SpCat(name: a + b + c + d + e + f + g)
        }
        let animal = try container.resolve((any SpAnimal).self, arguments: "1", "2", "3", "4", "5", "6", "7")
        #expect(animal.name == "1234567")
    }

    /// Eight arguments.
    @Test func acceptsEightArguments() throws {
        let container = Container()
        container.register((any SpAnimal).self) {
            (_, a: String, b: String, c: String, d: String, e: String, f: String, g: String, h: String) in
            SpCat(name: [a, b, c, d, e, f, g, h].joined())
        }
        let animal = try container.resolve((any SpAnimal).self, arguments: "1", "2", "3", "4", "5", "6", "7", "8")
        #expect(animal.name == "12345678")
    }

    /// Nine arguments.
    @Test func acceptsNineArguments() throws {
        let container = Container()
        container.register((any SpAnimal).self) {
            (_, a: String, b: String, c: String, d: String, e: String, f: String, g: String, h: String, i: String) in
            SpCat(name: [a, b, c, d, e, f, g, h, i].joined())
        }
        let animal = try container.resolve(
            (any SpAnimal).self, arguments: "1", "2", "3", "4", "5", "6", "7", "8", "9")
        #expect(animal.name == "123456789")
    }

    /// Arguments of a type of the caller's own (here a `Hashable` struct) reach the factory.
    @Test func acceptsAnArgumentOfAnOwnType() throws {
        struct Config: Hashable {
            let id: Int
            let name: String
        }
        let container = Container()
        container.register((any SpAnimal).self) { (_, config: Config) in SpCat(name: config.name) }
        let animal = try container.resolve((any SpAnimal).self, arguments: Config(id: 1, name: "Mimi"))
        #expect(animal.name == "Mimi")
    }
}
