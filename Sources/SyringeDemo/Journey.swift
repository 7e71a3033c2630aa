import Foundation
import Syringe

// Seed 002: modules, the result-builder DSL, build(), and iterating what was built.

protocol Resettable: AnyObject, Sendable { func reset() }

protocol LocationService: Sendable { func currentPosition() -> String }
protocol JourneyService: Sendable { func start() -> String }
protocol Clock: Sendable { func now() -> String }

final class GPSLocationService: LocationService, Resettable {
    private let fixes = Counter()
    func currentPosition() -> String { "38.72° N, 9.14° W (fix #\(fixes.next()))" }
    func reset() { fixes.reset() }
}

struct JourneyTracker: JourneyService {
    let location: any LocationService
    let clock: any Clock
    func start() -> String { "journey started at \(clock.now()) from \(location.currentPosition())" }
}

struct SystemClock: Clock { func now() -> String { "08:30" } }

/// A tiny thread-safe counter, so the location service can be a `Sendable` singleton.
final class Counter: @unchecked Sendable {  // @unchecked: `value` is guarded by `lock`
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.withLock {
            value += 1; return value
        }
    }
    func reset() { lock.withLock { value = 0 } }
}

struct LocationModule: Module {
    var registrations: some Registrations {
        Register((any LocationService).self, scope: .singleton, using: GPSLocationService.init)
        Register((any JourneyService).self, using: JourneyTracker.init)
    }
}

enum JourneyFeature {
    static func install(in container: Container, useMocks: Bool) {
        container.install {
            LocationModule()
            Register((any Clock).self, using: SystemClock.init)
        }
    }

    static func run(_ narrator: Narrator) throws {
        narrator.section("Journey: a module, build(), and instances(of: Resettable)")
        try Container.shared.build()
        narrator.say("build() created every singleton up front and found no problems.")
        let journey = try Container.shared.resolve((any JourneyService).self)
        narrator.say(journey.start())
        narrator.say(journey.start())
        let resettables = Container.shared.instances(of: (any Resettable).self)
        for resettable in resettables { resettable.reset() }
        narrator.say("Reset \(resettables.count) Resettable instance(s); the next fix starts over:")
        narrator.say(journey.start())
    }
}
