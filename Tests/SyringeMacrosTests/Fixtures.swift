#if Macros
import Observation
import SyringeMacros

// The usage of issue 25, compiled as an app writes it (a plain module: nonisolated by default).

protocol Engine: Sendable { var name: String { get } }
struct V8: Engine { let name = "V8" }
protocol Transmission: Sendable { var kind: String { get } }
struct Manual: Transmission { let kind = "manual" }
struct Automatic: Transmission { let kind = "automatic" }
final class Logger: Sendable { init() {} }
protocol Clock: Sendable { var zone: String { get } }
struct UTCClock: Clock { let zone = "UTC" }
protocol APIClient: Sendable { var host: String { get } }
struct LiveAPI: APIClient { let host = "api.example.com" }

@Injectable(scope: .singleton, names: ["transmission": "rear"])
final class Car: Sendable {
    let engine: any Engine
    let transmission: any Transmission
    let logger: Lazy<Logger>
    init(engine: any Engine, transmission: any Transmission, logger: Lazy<Logger>) {
        self.engine = engine
        self.transmission = transmission
        self.logger = logger
    }
}

@Injectable(arguments: ["name"])
final class Greeter {
    let clock: any Clock
    let name: String
    init(clock: any Clock, name: String) {
        self.clock = clock
        self.name = name
    }
    func greet() -> String { "Hello, \(name) (\(clock.zone))" }
}

extension Container {
    var api: any APIClient { provide(.singleton) { LiveAPI() } }
}

@Observable @InjectionConsumer
final class GarageModel {
    @Inject @ObservationIgnored var car: Car
    @Inject(\.api) @ObservationIgnored var api: any APIClient
    var visits = 0
}

// Where property wrappers cannot go: a Sendable final class (a wrapper's storage is a `var`) and an actor.
@InjectionConsumer
final class Dashboard: Sendable {
    @Inject var car: Car
    @Inject(name: "utc") var clock: any Clock
}

actor Mechanic {
    @Inject nonisolated var car: Car
    @Inject(\.api) var api: any APIClient
    func hostname() -> String { api.host }
}

struct Trip {
    @Inject var car: Car
    let miles: Int
}

// Async, optional and deferred parameters; no parameters; a generic type; an implicit init().
@Injectable(scope: .singleton)
final class Database: Sendable {
    let clock: any Clock
    init(clock: any Clock) async throws { self.clock = clock }
}

@Injectable(arguments: ["page"])
struct Report {
    let database: Database
    let page: Int
    init(database: Database, page: Int) async {
        self.database = database
        self.page = page
    }
}

@Injectable
final class Checkout: Sendable {
    let logger: Logger?
    let receipts: Provider<Receipt>
    init(logger: Logger?, receipts: Provider<Receipt>) {
        self.logger = logger
        self.receipts = receipts
    }
}

@Injectable
final class Receipt: Sendable {
    init() {}
}

@Injectable
final class Counter: Sendable {
    let start = 0
}

@Injectable
struct Box<Value: Sendable>: Sendable {
    let value: Value
    init(value: Value) { self.value = value }
}

@Injectable(scope: .cached)
actor Ledger {
    let clock: any Clock
    init(clock: any Clock) { self.clock = clock }
}

@Injectable
@MainActor final class ProfileScreen {
    let api: any APIClient
    init(api: any APIClient) { self.api = api }
}
#endif
