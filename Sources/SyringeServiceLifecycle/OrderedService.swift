#if ServiceLifecycle
import ServiceLifecycle
import Syringe

/// A service that starts only once the one before it has started, so that the group's start order holds
/// (a `ServiceGroup` starts every service at once, each in a task of its own).
struct OrderedService: Service, CustomStringConvertible {
    let service: any Service
    let previous: StartSignal?
    let started = StartSignal()

    var description: String { "\(service)" }

    /// The group's configuration of `services` (in start order): each waits for the one before it, and any
    /// end of one (return or throw) shuts the whole group down gracefully, in reverse order.
    static func chain(_ services: [any Service]) -> [ServiceGroupConfiguration.ServiceConfiguration] {
        var previous: StartSignal?
        return services.map { service in
            let ordered = OrderedService(service: service, previous: previous)
            previous = ordered.started
            return .init(
                service: ordered, successTerminationBehavior: .gracefullyShutdownGroup,
                failureTerminationBehavior: .gracefullyShutdownGroup, serviceName: "\(service)")
        }
    }

    func run() async throws {
        if let previous {
            // A shutdown that comes first means this service never starts.
            let signal = previous
            guard await cancelWhenGracefulShutdown({ await signal.wait() }) else { return }
        }
        started.fire()
        try await service.run()
    }
}

/// A one-time signal: `wait()` returns `true` once `fire()` was called, or `false` if the waiting task is
/// cancelled first.
final class StartSignal: Sendable {
    private struct State {
        var fired = false
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Protected(State())

    func fire() {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.fired = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    func wait() async -> Bool {
        let id = state.withLock { state -> Int in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let resumeNow = state.withLock { state -> Bool? in
                    if state.fired { return true }
                    if Task.isCancelled { return false }
                    state.waiters[id] = continuation
                    return nil
                }
                if let resumeNow { continuation.resume(returning: resumeNow) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: false)
        }
    }
}
#endif
