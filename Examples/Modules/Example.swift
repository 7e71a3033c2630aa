import Syringe

// Seed 002: register, build and resolve with a result-builder DSL; iterate every Resettable.

protocol Resettable: AnyObject, Sendable { func reset() -> String }
protocol LocationService: Sendable { var name: String { get } }
protocol JourneyService: Sendable { var summary: String { get } }

final class GPSLocationService: LocationService, Resettable {
    let name = "GPS"
    func reset() -> String { "GPS fixes cleared" }
}
final class MockLocationService: LocationService, Resettable {
    let name = "mock location"
    func reset() -> String { "mock fixes cleared" }
}
struct JourneyTracker: JourneyService {
    let location: any LocationService
    var summary: String { "tracking with \(location.name)" }
}

struct LocationModule: Module {
    let useMocks: Bool
    var registrations: some Registrations {
        if useMocks {
            Register((any LocationService).self, scope: .singleton) { MockLocationService() }
        } else {
            Register((any LocationService).self, scope: .singleton) { GPSLocationService() }
        }
        Register((any JourneyService).self) { r in JourneyTracker(location: try r.resolve()) }
    }
}

/// The lines the example prints.
func run() throws -> [String] {
    var lines: [String] = []
    for useMocks in [false, true] {
        let container = Container { LocationModule(useMocks: useMocks) }
        try container.build()
        lines.append(try container.resolve((any JourneyService).self).summary)
        for resettable in container.instances(of: (any Resettable).self) { lines.append(resettable.reset()) }
    }
    let broken = Container { Register((any JourneyService).self) { r in JourneyTracker(location: try r.resolve()) } }
    do {
        try broken.validate()
    } catch let error as ResolutionError {
        lines.append("validate(): \(error.errors.count) problem, \(error.errors.first?.code ?? .multiple)")
    } catch {
        lines.append("validate(): \(error)")
    }
    return lines
}
