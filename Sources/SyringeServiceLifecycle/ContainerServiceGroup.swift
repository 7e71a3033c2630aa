#if ServiceLifecycle
public import ServiceLifecycle
import Syringe

/// A container's lifecycle services, run as one `ServiceGroup` in dependency order, followed by the
/// container's shutdown. Make one with
/// `container.serviceGroup(logger:)`.
///
/// ```swift
/// let services = try await container.serviceGroup(logger: logger, gracefulShutdownSignals: [.sigterm])
/// try await services.run()   // returns once every service stopped and every onDispose hook ran
/// ```
///
/// Every way the group ends is a graceful shutdown in reverse order of start: a signal,
/// ``triggerGracefulShutdown()``, a service that returns or throws, and cancellation of the task that runs it
/// (a plain `ServiceGroup` cancels every service at once instead). It is a `Service` itself, so it can run
/// inside a larger group.
public final class ContainerServiceGroup: Service, CustomStringConvertible {
    /// The services, in the order they start (they stop in reverse).
    ///
    /// ```swift
    /// print(services.serviceNames)   // ["Database", "JobQueue", "Application<…>"]
    /// ```
    public let serviceNames: [String]
    private let container: Container
    private let group: ServiceGroup

    init(container: Container, serviceNames: [String], group: ServiceGroup) {
        self.container = container
        self.serviceNames = serviceNames
        self.group = group
    }

    /// The services in start order.
    ///
    /// ```swift
    /// print(services)   // ContainerServiceGroup(Database → JobQueue → Application<…>)
    /// ```
    public var description: String {
        "ContainerServiceGroup(\(serviceNames.joined(separator: " → ")))"
    }

    /// Runs the services until they have all stopped, then shuts the container down (``Syringe/Container/shutdown()``:
    /// every other singleton's `onDispose` hooks, newest first).
    ///
    /// ```swift
    /// try await services.run()
    /// ```
    ///
    /// - Throws: the first service's error, else what the container's shutdown threw.
    public func run() async throws {
        let group = self.group
        var failure: (any Error)?
        do {
            try await withTaskCancellationHandler {
                // In a task of its own, so that cancelling this one shuts the services down gracefully, in
                // order, instead of cancelling them all at once.
                try await Task { try await group.run() }.value
            } onCancel: {
                Task { await group.triggerGracefulShutdown() }
            }
        } catch {
            failure = error
        }
        do {
            try await container.shutdown()
        } catch {
            failure = failure ?? error
        }
        if let failure { throw failure }
    }

    /// Asks the services to stop, dependents first; ``run()`` returns when they and the container are done.
    ///
    /// ```swift
    /// await services.triggerGracefulShutdown()
    /// ```
    public func triggerGracefulShutdown() async {
        await group.triggerGracefulShutdown()
    }
}
#endif
