import Syringe

// Seed 003: constructor, setter and interface injection.

protocol Engine: Sendable { var name: String { get } }
protocol Transmission: Sendable { var kind: String { get } }
struct V8Engine: Engine { let name = "V8" }
struct ElectricEngine: Engine { let name = "electric" }
struct ManualTransmission: Transmission { let kind = "manual" }

/// Constructor injection through default arguments: `Car()` asks the current container.
final class Car: Sendable {
    let engine: any Engine
    let transmission: any Transmission
    init(
        engine: any Engine = Container.shared.resolved(),
        transmission: any Transmission = Container.shared.resolved()
    ) {
        self.engine = engine
        self.transmission = transmission
    }
    var summary: String { "\(engine.name) engine, \(transmission.kind) gearbox" }
}

/// Interface injection: whoever adopts `EngineMountable` gets an engine mounted by the container.
protocol EngineMountable: AnyObject { func mountEngine(_ engine: any Engine) }

final class ProjectCar: EngineMountable {
    private(set) var engine: (any Engine)?
    func mountEngine(_ engine: any Engine) { self.engine = engine }
}

/// Setter injection: the profile screen gets its API client after it is created.
final class ProfileScreen: @unchecked Sendable {  // @unchecked: `api` is set once, by onCreated, before use
    var api: APIClient?
    func render() -> String { api.map { "Profile of \($0.fetchProfile())" } ?? "Profile (offline)" }
}

enum GarageFeature {
    static func install(in container: Container) {
        // Declared dependencies: Syringe reads them from the functions' shapes, so verify() can check them.
        container.register((any Engine).self, using: V8Engine.init)
        container.register((any Transmission).self, scope: .singleton, using: ManualTransmission.init)
        container.register(Car.self, using: Car.init)
        container.register(ProfileScreen.self) { ProfileScreen() }
            .onCreated { screen, r in screen.api = try r.resolve() }
        container.registerInjector(for: (any EngineMountable).self) { target, r in target.mountEngine(try r.resolve()) }
    }

    static func run(_ narrator: Narrator) throws {
        narrator.section("Garage: constructor, setter and interface injection")
        narrator.say("Constructor (a factory):        Car: " + (try Container.shared.resolve(Car.self)).summary)
        narrator.say("Constructor (default argument): Car(): " + Car().summary)
        let project = ProjectCar()
        try Container.shared.inject(into: project)
        narrator.say("Interface (registerInjector):   the project car got a \(project.engine?.name ?? "no") engine")
        narrator.say("Setter (onCreated):             " + (try Container.shared.resolve(ProfileScreen.self)).render())
        try Container.withOverrides {
            $0.register((any Engine).self) { ElectricEngine() }
        } operation: { () throws in
            narrator.say("With a test engine:             Car(): " + Car().summary)
        }
    }
}
