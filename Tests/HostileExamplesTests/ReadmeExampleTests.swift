import Syringe
import SyringeTesting
import Testing

// The README's "In 20 lines", compiled as written. The types it leaves to the reader are filled in here,
// file-private, because DESIGN.md's examples use the same names with other shapes.

private protocol Engine: Sendable {}
private protocol Transmission: Sendable {}
private struct V8Engine: Engine {}
private struct TestEngine: Engine {}
private struct Manual: Transmission {}
private final class Car: Sendable {
    let engine: any Engine
    let transmission: any Transmission
    init(engine: any Engine, transmission: any Transmission) {
        self.engine = engine
        self.transmission = transmission
    }
}
private struct Greeter {
    let name: String
    let times: Int
    init(_ name: String, _ times: Int) {
        self.name = name
        self.times = times
    }
}
private protocol APIClient: Sendable {}
private final class LiveAPIClient: APIClient {}

extension Container {  // key paths, Factory style
    fileprivate var api: any APIClient { provide(.singleton) { LiveAPIClient() } }
}
private struct ProfileViewModel {
    @Injected(\.api) var api
    @Injected var car: Car
}

/// The README's first example: everything it shows compiles and does what its comments say.
@Suite("Hostile: the README's examples")
struct HostileReadmeExampleTests {
    @Test func inTwentyLines() throws {
        let container = Container()
        container.register((any Engine).self) { V8Engine() }  // a new one per resolve
        container.register((any Transmission).self, scope: .singleton) { Manual() }  // built once, thread-safe
        container.register(Car.self) { r in
            Car(engine: try r.resolve(), transmission: try r.resolve())  // constructor injection
        }
        container.register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }

        let car = try container.resolve(Car.self)
        let greeter = try container.resolve(Greeter.self, arguments: "Ada", 3)
        #expect(car.engine is V8Engine)
        #expect(greeter.name == "Ada" && greeter.times == 3)
    }

    @Test(.container { $0.register((any Engine).self) { TestEngine() } })  // SyringeTesting
    func carStarts() throws {
        Container.shared.register((any Transmission).self) { Manual() }
        Container.shared.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        #expect(try Container.shared.resolve(Car.self).engine is TestEngine)
        let model = ProfileViewModel()
        #expect(model.car.engine is TestEngine)
        #expect(model.api is LiveAPIClient)
    }

    /// The error text the README shows, for the same mistake.
    @Test func theErrorSaysWhatAndWhatToDo() throws {
        let container = Container()
        container.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        do {
            _ = try container.resolve(Car.self)
            Issue.record("resolved a Car without an engine")
        } catch let error as ResolutionError {
            #expect(error.code == .notRegistered)
            #expect(error.path.count == 2)
            let text = error.description
            #expect(text.contains("Syringe: cannot resolve `any Engine` (no registration)."))
            #expect(text.contains("while resolving  Car → any Engine"))
            #expect(text.contains("fix: container.register((any Engine).self) { … }"))
        }
    }
}
