import Testing

@testable import Syringe

// The car of the injection-patterns article: the same client, injected three ways.
protocol EngineMountable: AnyObject { func mountEngine(engine: any Engine) }
protocol TransmissionMountable: AnyObject { func mountTransmission(transmission: any Transmission) }

/// Interface injection: the car adopts one protocol per dependency it can be given.
final class MountableCar: EngineMountable, TransmissionMountable, Sendable {
    private let parts = Protected<(engine: (any Engine)?, transmission: (any Transmission)?)>((nil, nil))
    var engine: (any Engine)? { parts.withLock { $0.engine } }
    var transmission: (any Transmission)? { parts.withLock { $0.transmission } }
    func mountEngine(engine: any Engine) { parts.withLock { $0.engine = engine } }
    func mountTransmission(transmission: any Transmission) { parts.withLock { $0.transmission = transmission } }
}

/// Adopts only one of the two protocols.
final class EngineOnlyCart: EngineMountable, Sendable {
    private let mounted = Protected<(any Engine)?>(nil)
    var engine: (any Engine)? { mounted.withLock { $0 } }
    func mountEngine(engine: any Engine) { mounted.withLock { $0 = engine } }
}

/// Setter injection: dependencies arrive after creation, through setters.
final class SetterCar: @unchecked Sendable {  // @unchecked: set up inside one resolution before it is shared
    private(set) var engine: (any Engine)?
    private(set) var transmission: (any Transmission)?
    func setEngine(engine: any Engine) { self.engine = engine }
    func setTransmission(transmission: any Transmission) { self.transmission = transmission }
}

/// Constructor injection through default arguments.
enum DefaultArguments {
    static let container = Container()
}
final class Gauge: Sendable {}
final class Dashboard: Sendable {
    let gauge: Gauge
    init(gauge: Gauge = DefaultArguments.container.resolved()) { self.gauge = gauge }
}
final class Sensor: Sendable {}

@Suite("Injection patterns")
struct InjectionPatternTests {
    func parts(_ container: Container = Container()) -> Container {
        container.register((any Engine).self) { V8Engine() }
        container.register((any Transmission).self) { ManualTransmission() }
        return container
    }

    // MARK: Constructor injection

    @Test func constructorInjectionThroughAFactory() throws {
        let container = parts()
        container.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        let car = try container.resolve(Car.self)
        #expect(car.engine.name == "V8")
        #expect(car.transmission.kind == "manual")
    }

    @Test func aDefaultArgumentJoinsThePathOfTheFactoryThatCallsTheInitialiser() throws {
        let container = DefaultArguments.container
        let failures = Collector<ResolutionError>()
        container.register(Gauge.self) { r in
            do {
                _ = try r.resolve(Sensor.self)
            } catch let error as ResolutionError {
                failures.append(error)
            }
            return Gauge()
        }
        container.register(Dashboard.self) { Dashboard() }  // the default argument resolves Gauge
        _ = try container.resolve(Dashboard.self)
        let error = try #require(failures.elements.first)
        #expect(error.path == [Key(Dashboard.self), Key(Gauge.self), Key(Sensor.self)])
        #expect(
            error.description.hasPrefix(
                """
                Syringe: cannot resolve `Sensor` (no registration).
                  while resolving  Dashboard → Gauge → Sensor
                """))
    }

    @Test func aFailingDefaultArgumentStopsTheProgramWithThePath() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            DefaultArguments.container.register(Dashboard.self) { Dashboard() }
            _ = try? DefaultArguments.container.resolve(Dashboard.self)
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                text.contains(
                    """
                    Syringe: cannot resolve `Gauge` (no registration).
                      while resolving  Dashboard → Gauge
                      requested at  SyringeTests/InjectionPatternTests.swift:
                    """))
        }
    }

    // MARK: Setter injection

    @Test func setterInjectionThroughOnCreated() throws {
        let container = parts()
        container.register(SetterCar.self) { SetterCar() }
            .onCreated { car, r in
                car.setEngine(engine: try r.resolve())
                car.setTransmission(transmission: try r.resolve())
            }
        let car = try container.resolve(SetterCar.self)
        #expect(car.engine?.name == "V8")
        #expect(car.transmission?.kind == "manual")
    }

    @Test func aSingletonCycleIsClosedByOnCreated() throws {
        let container = Container()
        container.register(Parent.self, scope: .singleton) { Parent() }
            .onCreated { parent, r in parent.child = try r.resolve() }
        container.register(Child.self) { r in Child(parent: try r.resolve()) }
        let parent = try container.resolve(Parent.self)
        #expect(parent.child?.parent === parent)
        #expect(try container.resolve(Child.self).parent === parent)
    }

    // MARK: Interface injection

    @Test func injectRunsEveryInjectorWhoseProtocolTheTargetAdopts() throws {
        let container = parts()
        container.registerInjector(for: (any EngineMountable).self) { target, r in
            target.mountEngine(engine: try r.resolve())
        }
        container.registerInjector(for: (any TransmissionMountable).self) { target, r in
            target.mountTransmission(transmission: try r.resolve())
        }
        let car = MountableCar()
        try container.inject(into: car)
        #expect(car.engine?.name == "V8")
        #expect(car.transmission?.kind == "manual")
    }

    @Test func injectorsOfProtocolsTheTargetDoesNotAdoptDoNotRun() throws {
        let container = parts()
        let runs = Counter()
        container.registerInjector(for: (any EngineMountable).self) { target, r in
            target.mountEngine(engine: try r.resolve())
        }
        container.registerInjector(for: (any TransmissionMountable).self) { _, _ in runs.increment() }
        let cart = EngineOnlyCart()
        try container.inject(into: cart)
        #expect(cart.engine?.name == "V8")
        #expect(runs.count == 0)
        try container.inject(into: 42)  // nothing adopts anything: nothing to do
    }

    @Test func injectorsRunInRegistrationOrderParentsFirst() throws {
        let parent = Container()
        let child = Container(parent: parent)
        let order = Collector<String>()
        child.registerInjector(for: (any TransmissionMountable).self) { _, _ in order.append("child: transmission") }
        parent.registerInjector(for: (any EngineMountable).self) { _, _ in order.append("parent: engine") }
        parent.registerInjector(for: (any AnyObject & Sendable).self) { _, _ in order.append("parent: any object") }
        child.registerInjector(for: (any EngineMountable & TransmissionMountable).self) { _, _ in
            order.append("child: both")
        }
        try child.inject(into: MountableCar())
        #expect(order.elements == ["parent: engine", "parent: any object", "child: transmission", "child: both"])
    }

    @Test func anInjectorForTheSameProtocolReplacesTheEarlierOne() throws {
        let parent = Container()
        let child = Container(parent: parent)
        let order = Collector<String>()
        parent.registerInjector(for: (any EngineMountable).self) { _, _ in order.append("first") }
        parent.registerInjector(for: (any TransmissionMountable).self) { _, _ in order.append("transmission") }
        parent.registerInjector(for: (any EngineMountable).self) { _, _ in order.append("second") }
        try parent.inject(into: MountableCar())
        #expect(order.elements == ["second", "transmission"])
        child.registerInjector(for: (any EngineMountable).self) { _, _ in order.append("child") }
        try child.inject(into: MountableCar())
        #expect(order.elements == ["second", "transmission", "child", "transmission"])
    }

    @Test func aMissingDependencyOfAnInjectorNamesTheTarget() throws {
        let container = Container()
        let line = #line + 2
        container.registerInjector(for: (any EngineMountable).self) { target, r in
            target.mountEngine(engine: try r.resolve())
        }
        let error = #expect(throws: ResolutionError.self) { try container.inject(into: MountableCar()) }
        #expect(error?.code == .notRegistered)
        #expect(
            error?.description == """
                Syringe: cannot resolve `any Engine` (no registration).
                  while resolving  MountableCar → any Engine
                  requested at  SyringeTests/InjectionPatternTests.swift:\(line)
                  fix: container.register((any Engine).self) { … }.
                """)
    }

    @Test func anInjectorThatThrowsIsAFactoryFailure() throws {
        let container = Container()
        let line = #line + 1
        container.registerInjector(for: (any EngineMountable).self) { _, _ in throw Failure(reason: "no engine today") }
        let error = #expect(throws: ResolutionError.self) { try container.inject(into: MountableCar()) }
        #expect(error?.code == .factoryFailed)
        #expect((error?.underlyingError as? Failure)?.reason == "no engine today")
        #expect(
            error?.description == """
                Syringe: cannot inject into `MountableCar`: the injector for `any EngineMountable` threw \
                Failure(no engine today).
                  while resolving  MountableCar
                  registered at  SyringeTests/InjectionPatternTests.swift:\(line)
                  fix: make the injector registered at SyringeTests/InjectionPatternTests.swift:\(line) succeed, \
                or catch the error where you call inject(into:) (the original is `underlyingError`).
                """)
    }

    @Test func injectingFromAFactoryHookJoinsItsPath() throws {
        let container = Container()
        container.registerInjector(for: (any EngineMountable).self) { target, r in
            target.mountEngine(engine: try r.resolve())
        }
        container.register(MountableCar.self) { MountableCar() }
            .onCreated { car, r in try r.inject(into: car) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(MountableCar.self) }
        #expect(error?.path.map(\.description) == ["MountableCar", "any Engine"])
        container.register((any Engine).self) { V8Engine() }
        #expect(try container.resolve(MountableCar.self).engine?.name == "V8")
    }
}
