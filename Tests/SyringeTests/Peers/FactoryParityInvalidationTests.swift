import Dispatch
import Foundation
import Syringe
import Testing

/// A cached `Int` registration whose first build blocks until the test has invalidated it.
private struct InFlight {
    let container = Container()
    let started = DispatchSemaphore(value: 0)
    let resume = DispatchSemaphore(value: 0)
    let finished = DispatchSemaphore(value: 0)

    init(scope: Scope) {
        let counter = Counter()
        let started = started
        let resume = resume
        container.register(Int.self, name: "service", scope: scope) {
            let value = counter.increment()
            if value == 1 {
                started.signal()
                _ = resume.wait(timeout: .now() + 10)
            }
            return value
        }
    }

    /// Starts the first build on a thread, runs `invalidate` while it is under way, and returns two later resolves.
    func run(_ invalidate: (Container) -> Void) throws -> (Int, Int) {
        let container = container
        let finished = finished
        Thread {
            _ = try? container.resolve(Int.self, name: "service")
            finished.signal()
        }.start()
        #expect(started.wait(timeout: .now() + 5) == .success)
        invalidate(container)
        resume.signal()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        return (try container.resolve(Int.self, name: "service"), try container.resolve(Int.self, name: "service"))
    }
}

@Suite("FactoryParity: invalidation of a build under way")
struct FactoryParityInvalidationTests {
    /// Registering again while a cached build is under way: later resolves get the new registration's value.
    @Test func registrationDiscardsInFlightCachedValue() throws {
        let result = try InFlight(scope: .cached).run { $0.register(Int.self, name: "service", scope: .cached) { 100 } }
        #expect(result == (100, 100))
    }

    /// Registering again while a singleton build is under way: later resolves get the new registration's value.
    @Test func registrationDiscardsInFlightSingletonValue() throws {
        let result = try InFlight(scope: .singleton).run {
            $0.register(Int.self, name: "service", scope: .singleton) { 100 }
        }
        #expect(result == (100, 100))
    }

    /// Resetting the registration while it builds: the value under way is not kept; the next one is.
    @Test func registrationResetDiscardsInFlightValue() throws {
        let result = try InFlight(scope: .cached).run { $0.reset(Int.self, name: "service") }
        #expect(result == (2, 2))
    }

    /// Resetting the container while a build is under way: the value under way is not kept.
    @Test func containerResetDiscardsInFlightValue() throws {
        let result = try InFlight(scope: .cached).run { $0.resetAll() }
        #expect(result == (2, 2))
    }

    /// Resetting the registration's scope while a build is under way: the value under way is not kept.
    @Test func scopeResetDiscardsInFlightValue() throws {
        let result = try InFlight(scope: .fpSession).run { $0.reset(.fpSession) }
        #expect(result == (2, 2))
    }

    /// Registering something else while a build is under way keeps the value under way.
    @Test func unrelatedRegistrationPreservesInFlightValue() throws {
        let result = try InFlight(scope: .cached).run { $0.register(Int.self, name: "unrelated", scope: .cached) { 0 } }
        #expect(result == (1, 1))
    }

    /// Resetting another scope while a build is under way keeps the value under way.
    @Test func unrelatedScopeResetPreservesInFlightValue() throws {
        let result = try InFlight(scope: .cached).run { $0.reset(.shared) }
        #expect(result == (1, 1))
    }
}
