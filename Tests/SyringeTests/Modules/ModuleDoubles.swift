@testable import Syringe

// Test doubles of the Modules suites: the services of the example.

protocol Resettable: Sendable {
    func reset()
    var resets: Int { get }
}

/// A class whose resets can be counted from anywhere.
class ResettableBase: Resettable, @unchecked Sendable {
    // @unchecked Sendable: `count` is only touched under `lock`.
    private let count = Protected(0)
    func reset() { count.withLock { $0 += 1 } }
    var resets: Int { count.withLock { $0 } }
}

protocol LocationService: Sendable { var source: String { get } }
final class GPSLocationService: ResettableBase, LocationService, @unchecked Sendable {
    // @unchecked Sendable: no state of its own beyond the base's protected counter.
    let source = "gps"
}

protocol JourneyService: Sendable { var location: any LocationService { get } }
final class JourneyTracker: JourneyService {
    let location: any LocationService
    init(location: any LocationService) { self.location = location }
}

protocol AppClock: Sendable { var name: String { get } }
struct SystemClock: AppClock { let name = "system" }
final class TestClock: ResettableBase, AppClock, @unchecked Sendable {
    // @unchecked Sendable: no state of its own beyond the base's protected counter.
    let name = "test"
}

protocol Network: Sendable { var kind: String { get } }
struct MockNetwork: Network { let kind = "mock" }
struct URLNetwork: Network { let kind = "url" }

struct RegionMap: Sendable {
    let region: String
    init(_ region: String) { self.region = region }
}

protocol Plugin: Sendable { var id: String { get } }
struct NamedPlugin: Plugin { let id: String }
final class ObjectPlugin: Plugin {
    let id: String
    init(id: String) { self.id = id }
}

struct LocationModule: Module {
    var registrations: some Registrations {
        Register(LocationService.self, scope: .singleton) { GPSLocationService() }
        Register(JourneyService.self) { r in JourneyTracker(location: try r.resolve()) }
    }
}

struct NetworkModule: Module {
    var useMocks: Bool
    var registrations: some Registrations {
        if useMocks { Register(Network.self) { MockNetwork() } } else { Register(Network.self) { URLNetwork() } }
    }
}

/// A module that contains other modules.
struct AppModule: Module {
    var useMocks = false
    var registrations: some Registrations {
        LocationModule()
        NetworkModule(useMocks: useMocks)
        Register(AppClock.self) { SystemClock() }
    }
}

struct AnalyticsPluginModule: Module {
    var registrations: some Registrations {
        Contribute(Plugin.self, scope: .singleton) { ObjectPlugin(id: "analytics") }
    }
}

struct CrashPluginModule: Module {
    var registrations: some Registrations {
        Contribute(Plugin.self) { NamedPlugin(id: "crash") }
    }
}
