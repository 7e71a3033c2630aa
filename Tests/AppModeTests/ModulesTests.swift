import Syringe
import SyringeTesting
import Testing

// DESIGN.md §3.4 as app code: a module, the builder, `build()`, iteration, multi-bindings and `verify()`.

protocol LocationService {}
final class GPSLocationService: LocationService {
    init() {}
}
protocol JourneyService {}
final class JourneyTracker: JourneyService {
    let location: any LocationService
    init(location: any LocationService) { self.location = location }
}
/// `Sendable` and nonisolated, so a background task may use one; its factory is still written in main-actor code.
nonisolated protocol Exporter: Sendable {
    var format: String { get }
}
nonisolated final class CSVExporter: Exporter {
    let format = "csv"
}
protocol Clock {
    var isTest: Bool { get }
}
final class SystemClock: Clock {
    var isTest: Bool { false }
    init() {}
}
final class TestClock: Clock {
    var isTest: Bool { true }
    init() {}
}
protocol Resettable: AnyObject {
    func reset()
}
final class Cache: Resettable {
    var resets = 0
    init() {}
    func reset() { resets += 1 }
}
protocol Plugin {
    var name: String { get }
}
final class AnalyticsPlugin: Plugin {
    var name: String { "analytics" }
    init() {}
}

struct LocationModule: Module {
    var registrations: some Registrations {
        Register(LocationService.self, scope: .singleton) { GPSLocationService() }
        Register(JourneyService.self) { r in JourneyTracker(location: try r.resolve()) }
    }
}

@Suite struct AppModeModulesTests {
    @Test func aModuleAndTheBuilder() throws {
        let container = Container {
            LocationModule()
            Register(Clock.self) { SystemClock() }
            Register(Cache.self, scope: .singleton) { Cache() }
            Contribute(Plugin.self) { AnalyticsPlugin() }
        }
        try container.build()  // creates every eager singleton now; reports every problem at once
        for resettable in container.instances(of: Resettable.self) { resettable.reset() }
        let plugins: [any Plugin] = try container.resolveAll(Plugin.self)  // multi-binding

        #expect(try container.resolve(Cache.self).resets == 1)
        #expect(plugins.map(\.name) == ["analytics"])
        #expect(try container.resolve(JourneyService.self) is JourneyTracker)
        #expect(try container.resolve(Clock.self).isTest == false)
        #expect(container.instances(of: (any LocationService).self).count == 1)
    }

    @Test func contributionsAreCollectedFromABackgroundTask() async throws {
        let container = Container {
            Contribute((any Exporter).self) { CSVExporter() }  // app code: a main-actor factory
        }
        // Off the main actor, resolveAllAsync builds each main-actor contribution there, as resolveAsync does.
        let formats = try await Task.detached { try await container.resolveAllAsync((any Exporter).self).map(\.format) }
            .value
        #expect(formats == ["csv"])
    }

    @Test func verifyProvesADeclaredGraphOfMainActorInits() throws {
        let container = Container {
            Register((any LocationService).self, scope: .singleton, using: GPSLocationService.init)
            Register((any JourneyService).self, using: JourneyTracker.init)
        }
        try container.verify()
        let report = container.graph()
        #expect(report.mermaid.contains("JourneyService"))
    }

    @Test func verifyFindsAMissingDependency() throws {
        let container = Container {
            Register((any JourneyService).self, using: JourneyTracker.init)
        }
        let error = #expect(throws: ResolutionError.self) { try container.verify() }
        #expect(error?.code == .multiple)
        #expect(error?.description.contains("cannot resolve `any LocationService` (no registration).") == true)
        #expect(error?.description.contains("any JourneyService → any LocationService") == true)
    }
}
