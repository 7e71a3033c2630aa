import Testing

@testable import Syringe

// Injectable types written by hand: what `@Injectable` generates, without the macro.

protocol InjEngine: Sendable {}
final class InjV8: InjEngine { init() {} }
final class InjWheel: Sendable { init() {} }
final class InjClock: Sendable { init() {} }

final class InjCar: Sendable {
    let engine: any InjEngine
    let wheel: InjWheel
    init(engine: any InjEngine, wheel: InjWheel) {
        self.engine = engine
        self.wheel = wheel
    }
}

extension InjCar: Injectable {
    static func register(in registrar: InjectableRegistrar<InjCar>) -> Registration<InjCar> {
        registrar.register(scope: .singleton, using: InjCar.init(engine:wheel:))
    }
}

final class InjTruck: Sendable {
    let rear: InjWheel
    let spare: Lazy<InjWheel>
    init(front: InjWheel, rear: InjWheel, spare: Lazy<InjWheel>) {
        self.rear = rear
        self.spare = spare
    }
}

extension InjTruck: Injectable {
    static func register(in registrar: InjectableRegistrar<InjTruck>) -> Registration<InjTruck> {
        registrar.register(
            parameters: [.resolved, .named("rear"), .named("spare")], using: InjTruck.init(front:rear:spare:))
    }
}

final class InjGreeter: Sendable {
    let clock: InjClock
    let name: String
    let times: Int
    init(clock: InjClock, name: String, times: Int) {
        self.clock = clock
        self.name = name
        self.times = times
    }
}

extension InjGreeter: Injectable {
    static func register(in registrar: InjectableRegistrar<InjGreeter>) -> Registration<InjGreeter> {
        registrar.register(
            parameters: [.resolved, .argument, .argument], arguments: String.self, Int.self,
            using: InjGreeter.init(clock:name:times:))
    }
}

final class InjDatabase: Sendable {
    let clock: InjClock
    init(clock: InjClock) async { self.clock = clock }
}

extension InjDatabase: Injectable {
    static func register(in registrar: InjectableRegistrar<InjDatabase>) -> Registration<InjDatabase> {
        registrar.register(scope: .singleton, using: InjDatabase.init(clock:))
    }
}

final class InjReport: Sendable {
    let database: InjDatabase
    let title: String
    init(database: InjDatabase, title: String) async {
        self.database = database
        self.title = title
    }
}

extension InjReport: Injectable {
    static func register(in registrar: InjectableRegistrar<InjReport>) -> Registration<InjReport> {
        registrar.register(
            parameters: [.resolved, .argument], arguments: String.self, using: InjReport.init(database:title:))
    }
}

@MainActor final class InjScreen: Sendable {
    let clock: InjClock
    init(clock: InjClock) { self.clock = clock }
}

extension InjScreen: Injectable {
    nonisolated static func register(in registrar: InjectableRegistrar<InjScreen>) -> Registration<InjScreen> {
        registrar.register(parameters: [.named("utc")], using: InjScreen.init(clock:))
    }
}

@Suite("Declared dependencies: Injectable types register themselves")
struct InjectableTests {
    let file = "SyringeTests/InjectableTests.swift"

    @Test func registerOfAnInjectableTypeIsADeclaredRegistrationWithItsScopeAndTheCallsPlace() throws {
        let container = Container()
        container.register((any InjEngine).self, using: InjV8.init)
        container.register(InjWheel.self, using: InjWheel.init)
        let line = #line + 1
        let registration = container.register(InjCar.self)
        let info = try #require(container.registrations.first { $0.key == Key(InjCar.self) })
        #expect(registration.key == Key(InjCar.self))
        #expect(info.scope == .singleton)
        #expect(info.dependencies?.map(\.key) == [Key((any InjEngine).self), Key(InjWheel.self)])
        #expect(info.description == "InjCar (.singleton) at \(file):\(line), using any InjEngine, InjWheel")
        #expect(try container.verify().description == "verified 3 of 3 registrations; 0 opaque")
        let car = try container.resolve(InjCar.self)
        #expect(car.engine is InjV8)
        #expect(try container.resolve(InjCar.self) === car)
    }

    @Test func theCallsNameAndScopeWinOverTheTypes() throws {
        let container = Container()
        container.register((any InjEngine).self, using: InjV8.init)
        container.register(InjWheel.self, using: InjWheel.init)
        container.register(InjCar.self, name: "spare", scope: .unique)
        let info = try #require(container.registrations.last)
        #expect(info.key == Key(InjCar.self, name: "spare"))
        #expect(info.scope == .unique)
        let first = try container.resolve(InjCar.self, name: "spare")
        #expect(try container.resolve(InjCar.self, name: "spare") !== first)
        #expect(!container.isRegistered(InjCar.self))
    }

    @Test func aMissingDependencyIsFoundByVerifyWithoutBuildingAnything() throws {
        let container = Container()
        container.register(InjWheel.self, using: InjWheel.init)
        container.register(InjCar.self)
        let problems = verifyProblems(container)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("cannot resolve `any InjEngine` (no registration)") == true)
        #expect(problems.first?.contains("InjCar → any InjEngine") == true)
    }

    @Test func namedParametersResolveAndAreDeclaredWithTheirNames() throws {
        let container = Container()
        let front = InjWheel()
        let rear = InjWheel()
        container.register(InjWheel.self) { front }
        container.register(InjWheel.self, name: "rear") { rear }
        container.register(InjTruck.self)
        let info = try #require(container.registrations.last)
        #expect(
            info.dependencies?.map(\.key)
                == [Key(InjWheel.self), Key(InjWheel.self, name: "rear"), Key(Lazy<InjWheel>.self, name: "spare")])
        let problems = verifyProblems(container)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("cannot resolve `InjWheel` named \"spare\" (no registration)") == true)
        let truck = try container.resolve(InjTruck.self)
        #expect(truck.rear === rear)
        let spare = InjWheel()
        container.register(InjWheel.self, name: "spare") { spare }
        #expect(try truck.spare.value === spare)
        #expect(
            try container.verify().description == "verified 1 of 4 registrations; 3 opaque: `InjWheel`, "
                + "`InjWheel (name: \"rear\")`, `InjWheel (name: \"spare\")`")
    }

    @Test func argumentsArePassedAtResolveTimeAndAreNoDependencies() throws {
        let container = Container()
        container.register(InjClock.self, scope: .singleton, using: InjClock.init)
        container.register(InjGreeter.self)
        let info = try #require(container.registrations.last)
        #expect(info.key.description == "InjGreeter (arguments: String, Int)")
        #expect(info.dependencies?.map(\.key) == [Key(InjClock.self)])
        let greeter = try container.resolve(InjGreeter.self, arguments: "Ada", 3)
        #expect(greeter.name == "Ada" && greeter.times == 3)
        #expect(greeter.clock === (try container.resolve(InjClock.self)))
        #expect(throws: ResolutionError.self) { try container.resolve(InjGreeter.self) }
        do {
            _ = try container.resolve(InjGreeter.self, arguments: "Ada")
            Issue.record("resolved with the wrong arguments")
        } catch let error as ResolutionError {
            #expect(error.code == .argumentMismatch)
        }
    }

    @Test func anAsyncInitializerIsResolvedWithResolveAsyncArgumentsToo() async throws {
        let container = Container()
        container.register(InjClock.self, using: InjClock.init)
        container.register(InjDatabase.self)
        container.register(InjReport.self)
        #expect(container.registrations.map(\.execution) == [.synchronous, .async, .async])
        let database = try await container.resolveAsync(InjDatabase.self)
        #expect(try await container.resolveAsync(InjDatabase.self) === database)
        let report = try await container.resolveAsync(InjReport.self, arguments: "Q3")
        #expect(report.title == "Q3" && report.database === database)
        do {
            _ = try container.resolve(InjDatabase.self)
            Issue.record("an async registration resolved synchronously")
        } catch let error as ResolutionError {
            #expect(error.code == .asyncRequired)
        }
    }

    @MainActor @Test func aMainActorInitializerIsAMainActorRegistration() async throws {
        let container = Container()
        let utc = InjClock()
        container.register(InjClock.self, name: "utc") { utc }
        container.register(InjScreen.self)
        #expect(container.registrations.last?.execution == .mainActor)
        #expect(try container.resolve(InjScreen.self).clock === utc)
        let fromElsewhere = try await Task.detached { try await container.resolveAsync(InjScreen.self) }.value
        #expect(fromElsewhere.clock === utc)
    }

    @Test func theBuilderRegistersAnInjectableType() throws {
        let container = Container {
            Register((any InjEngine).self, using: InjV8.init)
            Register(InjWheel.self, using: InjWheel.init)
            Register(InjCar.self, scope: .cached)
        }
        #expect(container.registrations.last?.scope == .cached)
        #expect(try container.verify().verified == 3)
    }
}
