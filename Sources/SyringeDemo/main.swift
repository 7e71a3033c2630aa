import Syringe

protocol Engine: Sendable { var name: String { get } }
struct V8Engine: Engine { let name = "V8" }
final class Car: Sendable {
    let engine: any Engine
    init(engine: any Engine) { self.engine = engine }
}

let container = Container()
container.register((any Engine).self) { V8Engine() }
container.register(Car.self) { r in Car(engine: try r.resolve()) }

do {
    let car = try container.resolve(Car.self)
    print("Built a car with a \(car.engine.name) engine.")
} catch {
    print(error)
}
