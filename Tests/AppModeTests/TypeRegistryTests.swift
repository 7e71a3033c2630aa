import Syringe
import SyringeTesting
import Testing

// DESIGN.md §3.3 and the README's first lines as app code: registrations written in main-actor code are
// main-actor registrations, built in place on the main actor; `using:` takes a main-actor `init` as it is.

protocol Engine {
    var name: String { get }
}
protocol Transmission {}
final class V8Engine: Engine {
    var name: String { "V8" }
    init() {}
}
final class TestEngine: Engine {
    var name: String { "test" }
    init() {}
}
final class ManualTransmission: Transmission {
    init() {}
}
final class Car {
    let engine: any Engine
    let transmission: any Transmission
    init(engine: any Engine, transmission: any Transmission) {
        self.engine = engine
        self.transmission = transmission
    }
}
protocol RegistryToken {}
final class StagingToken: RegistryToken {
    init() {}
}
final class Greeter {
    let name: String
    let excited: Bool
    init(_ name: String, _ excited: Bool) {
        self.name = name
        self.excited = excited
    }
}

/// `Sendable`, so nonisolated in this module: its async function is `nonisolated(nonsending)` here.
struct RemoteConfig: Sendable {
    let value: Int
    static func load() async throws -> RemoteConfig { RemoteConfig(value: 7) }
}

/// Built from a main-actor engine and a config by an async function that runs on any task.
struct Dashboard: Sendable {
    let summary: String
    nonisolated static func make(engine: V8Engine, config: RemoteConfig) async -> Dashboard {
        Dashboard(summary: "\(await engine.name) \(config.value)")
    }
}

@Suite struct AppModeTypeRegistryTests {
    @Test func theSeedsRegistrationsAsWritten() throws {
        let container = Container()
        container.register(Engine.self) { V8Engine() }  // unique by default
        container.register(Transmission.self, scope: .singleton) { ManualTransmission() }
        container.register(Car.self) { r in
            Car(engine: try r.resolve(), transmission: try r.resolve())  // constructor injection
        }
        container.register(RegistryToken.self, name: "staging") { StagingToken() }
        container.register(Greeter.self) { (r, name: String, excited: Bool) in Greeter(name, excited) }

        let car = try container.resolve(Car.self)
        let engine: any Engine = try container.resolve()
        let token = try container.resolve(RegistryToken.self, name: "staging")
        let greeter = try container.resolve(Greeter.self, arguments: "Ada", true)
        let optional = container.resolveIfRegistered(Car.self)  // nil only when nothing is registered
        let child = Container(parent: container)  // sees the parent's registrations

        let names = (car.engine.name, engine.name, token is StagingToken)
        #expect(names == ("V8", "V8", true))
        #expect(greeter.name == "Ada" && greeter.excited)
        #expect(optional != nil)
        #expect(try child.resolve(Car.self).transmission as AnyObject === car.transmission as AnyObject)
    }

    @Test func usingAMainActorInit() throws {
        let container = Container()
        container.register((any Engine).self, using: V8Engine.init)
        container.register((any Transmission).self, scope: .singleton, using: ManualTransmission.init)
        container.register(Car.self, using: Car.init)
        #expect(try container.resolve(Car.self).engine.name == "V8")
        try container.verify()
        #expect(container.registrations.allSatisfy { $0.execution == .mainActor })
    }

    @Test func aRegistrationFromMainActorCodeIsAMainActorRegistration() async throws {
        let container = Container()
        container.register(V8Engine.self, scope: .singleton) { V8Engine() }
        // Here, on the main actor, it is built in place...
        let here = try container.resolve(V8Engine.self)
        // ...from elsewhere, the synchronous API refuses it (it would hand out a main-actor instance off the main
        // actor, and build one there when it is not kept)...
        let code = await Task.detached { () -> ResolutionError.Code? in
            do {
                _ = try container.resolve(V8Engine.self)
                return nil
            } catch let error as ResolutionError {
                return error.code
            } catch {
                return nil
            }
        }.value
        #expect(code == .mainActorRequired)
        // ...and `resolveAsync` hops to the main actor for it (a main-actor class is `Sendable`).
        let there = try await Task.detached { try await container.resolveAsync(V8Engine.self) }.value
        #expect(there === here)
    }

    @Test func aValueThatIsNotSendableStaysOnTheMainActor() async throws {
        let container = Container()
        container.register(Engine.self) { V8Engine() }
        // `any Engine` is not `Sendable` here: resolved from elsewhere, it would cross to that task.
        let error = await Task.detached { () -> ResolutionError? in
            do {
                _ = try await container.resolveAsync((any Engine).self)
                return nil
            } catch let error as ResolutionError {
                return error
            } catch {
                return nil
            }
        }.value
        #expect(error?.code == .mainActorRequired)
        #expect(try await container.resolveAsync((any Engine).self).name == "V8")  // here, on the main actor
    }

    @Test func usingANonisolatedAsyncFunction() async throws {
        let container = Container()
        container.register(RemoteConfig.self, scope: .singleton, using: RemoteConfig.load)
        #expect(try await container.resolveAsync(RemoteConfig.self).value == 7)
    }

    /// An async function's `Sendable` parameters are built on the main actor and handed to it from any task
    /// (they were refused as "not Sendable", although a main-actor class and a value type here are).
    @Test func usingAnAsyncFunctionOfMainActorRegistrationsFromAnyTask() async throws {
        let container = Container()
        container.register(V8Engine.self, scope: .singleton) { V8Engine() }
        container.register(RemoteConfig.self) { RemoteConfig(value: 3) }
        container.register(Dashboard.self, using: Dashboard.make)
        let dashboard = try await Task.detached { try await container.resolveAsync(Dashboard.self) }.value
        #expect(dashboard.summary == "V8 3")
    }

    @Test func anAsyncFactoryWrittenInMainActorCode() async throws {
        let container = Container()
        container.register(Engine.self) { () async throws -> any Engine in
            try await Task.sleep(for: .milliseconds(1))
            return V8Engine()
        }
        #expect(try await container.resolveAsync((any Engine).self).name == "V8")
    }

    /// `Lazy`'s and `Provider`'s documented test form, a handle made by hand, in app code: its closure builds
    /// main-actor types (it did not compile: the initialisers took a nonisolated closure).
    @Test func handlesMadeByHandForATestThatBuildsItsOwner() async throws {
        let garage = Garage(
            car: Lazy { Car(engine: TestEngine(), transmission: ManualTransmission()) },
            makeEngine: Provider { V8Engine() })
        #expect(try garage.car.value.engine.name == "test")
        #expect(try garage.car.value === garage.car.value)
        #expect(try garage.makeEngine().name == "V8")
        let car = garage.car
        let offMain = await Task.detached { () -> ResolutionError.Code? in
            do {
                _ = try car.value
                return nil
            } catch { return (error as? ResolutionError)?.code }
        }.value
        #expect(offMain == .mainActorRequired)  // made in main-actor code: read there
    }

    /// The hand-written conformance the Macros article and `Injectable`'s documentation show, in app code: a
    /// main-actor `register(in:)` cannot satisfy the protocol, `nonisolated` can.
    @Test func aHandWrittenInjectableConformance() throws {
        let container = Container()
        container.register((any Engine).self) { V8Engine() }
        container.register((any Transmission).self) { ManualTransmission() }
        container.register(DeclaredCar.self)
        let car = try container.resolve(DeclaredCar.self)
        #expect(car.engine.name == "V8")
        #expect(try container.resolve(DeclaredCar.self) === car)
        // Declared: verify() sees DeclaredCar → any Engine, any Transmission without running a factory.
        #expect(try container.verify().description.hasPrefix("verified 1 of 3 registrations; 2 opaque"))
    }
}

final class Garage {
    let car: Lazy<Car>
    let makeEngine: Provider<any Engine>
    init(car: Lazy<Car>, makeEngine: Provider<any Engine>) {
        self.car = car
        self.makeEngine = makeEngine
    }
}

final class DeclaredCar {
    let engine: any Engine
    let transmission: any Transmission
    init(engine: any Engine, transmission: any Transmission) {
        self.engine = engine
        self.transmission = transmission
    }
}

extension DeclaredCar: Injectable {
    nonisolated static func register(in registrar: InjectableRegistrar<DeclaredCar>) -> Registration<DeclaredCar> {
        registrar.register(scope: .singleton, using: DeclaredCar.init(engine:transmission:))
    }
}
