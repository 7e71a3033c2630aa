import Foundation
import Syringe
import SyringeTesting
import Testing

// DESIGN.md's code examples (§3.1–§3.7, §7), compiled as written. The types the blueprint leaves to the reader
// are filled in here, file-private: the README's examples use the same names in another file.

// MARK: §3.1 Keys

private struct Location: Sendable {}
private protocol TemperatureProviding: Sendable {
    func temperature(at location: Location) async throws -> Double
}
private struct OpenMeteoTemperatureProvider: TemperatureProviding {
    func temperature(at location: Location) async throws -> Double { 21 }
}
private struct MockTemperatureProvider: TemperatureProviding {
    func temperature(at location: Location) async throws -> Double { -5 }
}

private struct TemperatureProviderKey: InjectionKey {
    static var defaultValue: any TemperatureProviding { OpenMeteoTemperatureProvider() }
}

extension Container {
    fileprivate var temperatureProvider: any TemperatureProviding {
        get { self[TemperatureProviderKey.self] }
        set { self[TemperatureProviderKey.self] = newValue }
    }
}

private struct TemperatureViewModel {
    @Injected(\.temperatureProvider) var temperatureProvider
}

// MARK: §3.2 Container properties and sub-containers

private protocol APIClient: Sendable {}
private final class Session: Sendable {}
private final class LiveAPIClient: APIClient {
    let session: Session
    init(session: Session) { self.session = session }
}
private protocol LoginViewModel: Sendable { var isMock: Bool { get } }
private protocol LoginUseCase: Sendable {}
private final class DefaultLoginUseCase: LoginUseCase {}
private final class DefaultLoginViewModel: LoginViewModel {
    let useCase: any LoginUseCase
    var isMock: Bool { false }
    init(useCase: any LoginUseCase) { self.useCase = useCase }
}
private final class MockLoginViewModel: LoginViewModel {
    var isMock: Bool { true }
}

extension Container {
    fileprivate var login: LoginContainer { LoginContainer(container: self) }
    fileprivate var api: any APIClient { provide(.singleton) { LiveAPIClient(session: self.session) } }
    fileprivate var session: Session { provide(.cached) { Session() } }
}

private struct LoginContainer: SubContainer {
    let container: Container
    var viewModel: any LoginViewModel { provide { DefaultLoginViewModel(useCase: useCase) } }
    var useCase: any LoginUseCase { provide(.cached) { DefaultLoginUseCase() } }
    var mockViewModel: any LoginViewModel { MockLoginViewModel() }
}

private final class MockAPI: APIClient {}

private final class LoginViewController {
    @Injected(\.login.viewModel) var viewModel
}

// MARK: §3.3 Type registry

private protocol Engine: Sendable {}
private protocol Transmission: Sendable {}
private struct V8Engine: Engine {}
private struct TestEngine: Engine {}
private final class ManualTransmission: Transmission {}
private final class Car: Sendable {
    let engine: any Engine
    let transmission: any Transmission
    init(engine: any Engine, transmission: any Transmission) {
        self.engine = engine
        self.transmission = transmission
    }
}
private protocol RegistryToken: Sendable {}
private struct StagingToken: RegistryToken {}
private struct Greeter {
    let name: String
    let excited: Bool
    init(_ name: String, _ excited: Bool) {
        self.name = name
        self.excited = excited
    }
}

// MARK: §3.4 Modules

private protocol LocationService: Sendable {}
private final class GPSLocationService: LocationService {}
private protocol JourneyService: Sendable {}
private final class JourneyTracker: JourneyService {
    let location: any LocationService
    init(location: any LocationService) { self.location = location }
}
private protocol Clock: Sendable {}
private struct SystemClock: Clock {}
private struct TestClock: Clock {}
private protocol Resettable: AnyObject { func reset() }
private protocol Plugin: Sendable {}
private struct AnalyticsPlugin: Plugin {}

private struct LocationModule: Module {
    var registrations: some Registrations {
        Register(LocationService.self, scope: .singleton) { GPSLocationService() }
        Register(JourneyService.self) { r in JourneyTracker(location: try r.resolve()) }
    }
}

// MARK: §3.5 Components

private struct Settings: Component {
    var apiToken = "abc123"
    init() {}
}
private protocol Token: Component { var value: String { get } }
private struct ProductionToken: Token {
    var value = "prod"
    init() {}
}
private struct TestToken: Token {
    var value = "test"
    init() {}
}

private struct API {
    @Injected var settings: Settings
    @Injected var token: any Token  // resolved to ProductionToken
}

// MARK: §3.6 Injection patterns

private final class Parent {
    var child: Child?
}
private final class Child {
    let parent: Parent
    init(parent: Parent) { self.parent = parent }
}
private protocol EngineMountable: AnyObject { func mountEngine(_ engine: any Engine) }
private final class MountableCar: EngineMountable {
    var engine: (any Engine)?
    func mountEngine(_ engine: any Engine) { self.engine = engine }
}
private final class DefaultArgumentCar {
    let engine: any Engine
    init(engine: any Engine = Container.shared.resolved()) { self.engine = engine }
}

// MARK: The tests

@Suite("Hostile: DESIGN.md's examples", .serialized)
struct HostileDesignExampleTests {
    @Test(.container())
    func keys() async throws {
        #expect(try await TemperatureViewModel().temperatureProvider.temperature(at: Location()) == 21)
        // App start, previews or a test:
        Container[\.temperatureProvider] = MockTemperatureProvider()
        #expect(try await TemperatureViewModel().temperatureProvider.temperature(at: Location()) == -5)
    }

    @Test(.container())
    func containerPropertiesAndSubContainers() throws {
        #expect(LoginViewController().viewModel.isMock == false)
        let useCase = Container[\.login.useCase]  // read through the current container
        #expect(useCase as AnyObject === Container[\.login.useCase] as AnyObject)  // .cached
        #expect(Container[\.api] as AnyObject === Container[\.api] as AnyObject)  // .singleton
        InjectionMapper[\.login.viewModel] = \.login.mockViewModel  // remap one key path to another
        defer { InjectionMapper.reset(\.login.viewModel) }
        #expect(LoginViewController().viewModel.isMock)
        InjectionMapper.reset(\.login.viewModel)
        #expect(LoginViewController().viewModel.isMock == false)
        InjectionMapper.map(\.login.mockViewModel, to: \.login.viewModel)  // the same, as a call
        #expect(LoginViewController().viewModel.isMock)
        InjectionMapper.reset(\.login.viewModel)
        #expect(LoginViewController().viewModel.isMock == false)
    }

    @Test func typeRegistry() throws {
        let container = Container()
        container.register(Engine.self) { V8Engine() }  // unique by default
        container.register(Transmission.self, scope: .singleton) { ManualTransmission() }
        container.register(Car.self) { r in
            Car(engine: try r.resolve(), transmission: try r.resolve())  // constructor injection
        }
        container.register(RegistryToken.self, name: "staging") { StagingToken() }
        container.register(Greeter.self) { (r, name: String, excited: Bool) in Greeter(name, excited) }

        let car = try container.resolve(Car.self)
        let engine: Engine = try container.resolve()
        let token = try container.resolve(RegistryToken.self, name: "staging")
        let greeter = try container.resolve(Greeter.self, arguments: "Ada", true)
        let optional = container.resolveIfRegistered(Car.self)  // nil only when nothing is registered

        let child = Container(parent: container)  // sees the parent's registrations
        #expect(car.engine is V8Engine && engine is V8Engine && token is StagingToken)
        #expect(greeter.name == "Ada" && greeter.excited)
        #expect(optional != nil)
        #expect(try child.resolve(Car.self).transmission as AnyObject === car.transmission as AnyObject)
        #expect(Container().resolveIfRegistered(Car.self) == nil)
    }

    @Test func modulesAndTheBuilder() throws {
        let container = Container {
            LocationModule()
            Register(Clock.self) { SystemClock() }
        }
        try container.build()  // creates every eager singleton now; reports every problem at once
        #expect(container.instances(of: (any LocationService).self).count == 1)

        final class Cache: Resettable, Sendable {
            let resets = Counter()
            func reset() { resets.increment() }
        }
        container.register(Cache.self, scope: .singleton) { Cache() }
        try container.build()
        for resettable in container.instances(of: Resettable.self) { resettable.reset() }
        #expect(try container.resolve(Cache.self).resets.count == 1)
        container.contribute(Plugin.self) { AnalyticsPlugin() }
        let plugins: [any Plugin] = try container.resolveAll(Plugin.self)  // multi-binding
        #expect(plugins.count == 1)
        #expect(try container.resolve(JourneyService.self) is JourneyTracker)
    }

    @Test(.container())
    func components() throws {
        Container.shared.register(Settings.self)  // uses init()
        Container.shared.register(ProductionToken.self)  // also answers requests for `Token`
        let api = API()
        #expect(api.settings.apiToken == "abc123")
        #expect(api.token.value == "prod")
        // In a test: register(TestToken.self) — the latest registration that conforms wins.
        Container.shared.register(TestToken.self)
        #expect(API().token.value == "test")
    }

    @Test(.container())
    func injectionPatterns() throws {
        let container = Container.shared
        container.register(Engine.self) { V8Engine() }
        #expect(DefaultArgumentCar().engine is V8Engine)

        // Setter injection, also the way to close a cycle:
        container.register(Parent.self, scope: .graph) { Parent() }
            .onCreated { parent, r in parent.child = try r.resolve() }
        container.register(Child.self, scope: .graph) { r in Child(parent: try r.resolve()) }
        let parent = try container.resolve(Parent.self)
        #expect(parent.child?.parent === parent)
        let child = try container.resolve(Child.self)
        #expect(child.parent.child === child)

        // Interface injection: an injector for every type that adopts a protocol.
        container.registerInjector(for: (any EngineMountable).self) { target, r in
            target.mountEngine(try r.resolve())
        }
        let car = MountableCar()
        try container.inject(into: car)  // runs every injector whose protocol `car` adopts
        #expect(car.engine is V8Engine)
    }

    @Test(.container { $0.register(Clock.self) { TestClock() } })  // Swift Testing trait, SyringeTesting
    func tripTakesTwoHours() async throws {
        #expect(try Container.shared.resolve(Clock.self) is TestClock)
        try await Container.withOverrides {
            $0.temperatureProvider = MockTemperatureProvider()
            $0.register(Engine.self) { TestEngine() }
        } operation: {
            // everything resolved in here, including in child tasks, sees the overrides and fresh singletons
            let engine = try await Task { try Container.shared.resolve(Engine.self) }.value
            let celsius = try await Container[\.temperatureProvider].temperature(at: Location())
            #expect(engine is TestEngine)
            #expect(celsius == -5)
        }
    }

    /// §7: contexts, and a key path overridden with a factory.
    @Test func contextsAndFactoryOverrides() throws {
        let container = Container()
        container.register((any APIClient).self, scope: .singleton) { LiveAPIClient(session: Session()) }
            .onPreview { MockAPI() }
            .onTest { MockAPI() }
            .onDebug { MockAPI() }
            .onArgument("-mock-api") { MockAPI() }
        #expect(try container.resolve((any APIClient).self) is MockAPI)  // this is a test process
        let overridden = Container.withOverrides {
            $0.override(\.temperatureProvider) { MockTemperatureProvider() }
        } operation: {
            Container[\.temperatureProvider]
        }
        #expect(overridden is MockTemperatureProvider)
    }

    @Test func errorsAndDiagnostics() throws {
        let container = Container()
        container.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Car.self) }
        #expect(error?.code == .notRegistered)
        #expect(error?.path.map(\.description) == ["Car", "any Engine"])
    }
}

/// A thread-safe counter.
private final class Counter: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var value = 0
    func increment() {
        lock.lock()
        value += 1
        lock.unlock()
    }
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
