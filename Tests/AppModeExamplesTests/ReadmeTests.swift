import Syringe
import SyringeTesting
import Testing

// The README's "In 20 lines", copied as written into an app module (default main-actor isolation), with the
// types it leaves to the reader written as app code: main-actor classes, protocols that are not Sendable.

protocol Engine {}
protocol Transmission {}
protocol APIClient {}
final class V8Engine: Engine { init() {} }
final class TestEngine: Engine { init() {} }
final class Manual: Transmission { init() {} }
final class LiveAPIClient: APIClient { init() {} }
final class Car {
    let engine: any Engine
    let transmission: any Transmission
    init(engine: any Engine, transmission: any Transmission) {
        self.engine = engine
        self.transmission = transmission
    }
}
final class Greeter {
    let name: String
    let times: Int
    init(_ name: String, _ times: Int) {
        self.name = name
        self.times = times
    }
}

// The README's lines, at the top level of a file as written, inside a function here (a test module has no
// top-level code).
func inTwentyLines() throws -> (Car, Greeter) {
    let container = Container()
    container.register((any Engine).self) { V8Engine() }  // a new one per resolve
    container.register((any Transmission).self, scope: .singleton) { Manual() }  // built once, thread-safe
    container.register(Car.self) { r in
        Car(engine: try r.resolve(), transmission: try r.resolve())  // constructor injection
    }
    container.register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }

    let car = try container.resolve(Car.self)
    let greeter = try container.resolve(Greeter.self, arguments: "Ada", 3)
    return (car, greeter)
}

extension Container {  // key paths, Factory style
    var api: any APIClient { provide(.singleton) { LiveAPIClient() } }
}
struct ProfileViewModel {
    @Injected(\.api) var api
    @Injected var car: Car
}

@Test(.container { $0.register((any Engine).self) { TestEngine() } })  // SyringeTesting
func carStarts() throws {
    // What the README leaves out: the app registered a car and a transmission.
    Container.shared.register((any Transmission).self) { Manual() }
    Container.shared.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
    #expect(try Container.shared.resolve(Car.self).engine is TestEngine)
}

final class MockAPIClient: APIClient { init() {} }

/// What a user who read the README writes next: replace the property with a mock in a test. The factory's closure
/// built `LiveAPIClient` (Swift inferred the concrete type), so the mock stopped the program.
@Test(.container { $0.override(\.api) { MockAPIClient() } })
func theApiPropertyTakesAMockInATest() {
    #expect(ProfileViewModelAPIOnly().api is MockAPIClient)
    #expect(Container.shared.api is MockAPIClient)
}

struct ProfileViewModelAPIOnly {
    @Injected(\.api) var api
}

@Suite(.container())
struct AppModeReadmeTests {
    @Test func theLinesDoWhatTheirCommentsSay() throws {
        let (car, greeter) = try inTwentyLines()
        #expect(car.engine is V8Engine)
        #expect(greeter.name == "Ada" && greeter.times == 3)
    }

    @Test func theViewModelGetsItsDependencies() {
        Container.shared.register((any Engine).self) { V8Engine() }
        Container.shared.register((any Transmission).self) { Manual() }
        Container.shared.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        let model = ProfileViewModel()
        #expect(model.api is LiveAPIClient)
        #expect(model.car.engine is V8Engine)
    }
}
