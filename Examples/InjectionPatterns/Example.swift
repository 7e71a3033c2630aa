import Syringe

// Seed 003: constructor, setter and interface injection.

protocol EngineProtocol: Sendable { var name: String { get } }
protocol TransmissionProtocol: Sendable { var gears: Int { get } }
struct V8: EngineProtocol { let name = "V8" }
struct SixSpeed: TransmissionProtocol { let gears = 6 }

/// Constructor injection: everything through `init`, with defaults from the current container.
final class Car: Sendable {
    let engine: any EngineProtocol
    let transmission: any TransmissionProtocol
    init(
        engine: any EngineProtocol = Container.shared.resolved(),
        transmission: any TransmissionProtocol = Container.shared.resolved()
    ) {
        self.engine = engine
        self.transmission = transmission
    }
}

/// Setter injection: dependencies set after creation, by `onCreated`.
final class Garage: @unchecked Sendable {  // @unchecked: `car` is set once, by onCreated, before use
    var car: Car?
}

/// Interface injection: an injector for everything that adopts the protocol.
protocol EngineMountable: AnyObject { func mountEngine(_ engine: any EngineProtocol) }
final class KitCar: EngineMountable {
    var engine: (any EngineProtocol)?
    func mountEngine(_ engine: any EngineProtocol) { self.engine = engine }
}

/// The lines the example prints.
func run() throws -> [String] {
    let container = Container.shared
    container.register((any EngineProtocol).self) { V8() }
    container.register((any TransmissionProtocol).self) { SixSpeed() }
    container.register(Garage.self) { Garage() }.onCreated { garage, r in garage.car = Car(engine: try r.resolve()) }
    container.registerInjector(for: (any EngineMountable).self) { car, r in car.mountEngine(try r.resolve()) }

    let car = Car()
    let garage = try container.resolve(Garage.self)
    let kit = KitCar()
    try container.inject(into: kit)
    return [
        "constructor: \(car.engine.name) with \(car.transmission.gears) gears",
        "setter: the garage holds a \(garage.car?.engine.name ?? "no") car",
        "interface: the kit car got a \(kit.engine?.name ?? "no") engine",
    ]
}
