#if ServiceLifecycle
import ServiceLifecycle
import Syringe

/// What `registerLifecycleService` leaves in the container (as a multi-binding): how to resolve the service,
/// and when its latest instance finished building.
final class LifecycleServiceMark: Sendable {
    let key: Key
    let resolve: @Sendable (Container) async throws -> any Service
    private let createdAt = Protected<UInt64?>(nil)

    init(key: Key, resolve: @escaping @Sendable (Container) async throws -> any Service) {
        self.key = key
        self.resolve = resolve
    }

    /// The position of the latest instance in the order of creation, or `nil` before one was built.
    var sequence: UInt64? { createdAt.withLock { $0 } }

    /// Called when an instance has been built: after everything its factory resolved.
    func created() {
        let sequence = Self.clock.withLock { value -> UInt64 in
            value += 1
            return value
        }
        createdAt.withLock { $0 = sequence }
    }

    /// One order of creation for every mark of the process.
    private static let clock = Protected<UInt64>(0)
}

/// A singleton conforms to `Service` but was registered with `register`, so its place among the services is
/// unknown.
///
/// ```swift
/// do { _ = try await container.serviceGroup(logger: logger) } catch let error as LifecycleServiceError {
///     print(error.unmarked)   // ["JobQueue"]
/// }
/// ```
public struct LifecycleServiceError: Error, CustomStringConvertible {
    /// The types of the singletons that conform to `Service` without being registered as lifecycle services.
    ///
    /// ```swift
    /// error.unmarked   // ["JobQueue"]
    /// ```
    public let unmarked: [String]

    /// What went wrong and how to fix it.
    ///
    /// ```swift
    /// print(error)   // Syringe: `JobQueue` is a singleton that conforms to `Service` …
    /// ```
    public var description: String {
        let names = unmarked.map { "`\($0)`" }.joined(separator: ", ")
        return """
            Syringe: \(names) \(unmarked.count == 1 ? "is a singleton that conforms" : "are singletons that conform") \
            to `Service` but \(unmarked.count == 1 ? "was" : "were") registered with `register`, so \
            serviceGroup() cannot tell where \(unmarked.count == 1 ? "it goes" : "they go") among the services.
              fix: container.registerLifecycleService(\(unmarked[0]).self) { r in … }
            """
    }
}
#endif
