/// What a factory receives to resolve its own dependencies: `r` in `{ r in … }`.
///
/// A resolution knows the path from the top-level request to the factory that is running, so a cycle or
/// a missing dependency deep in a graph is reported with the whole chain.
///
/// ```swift
/// container.register(Car.self) { r in
///     Car(engine: try r.resolve(), transmission: try r.resolve(Transmission.self))
/// }
/// ```
///
/// Async factories receive one too, and resolve both ways; what they resolve joins their resolution, so
/// `.graph` instances and cycle checks span sync and async factories alike:
///
/// ```swift
/// container.register(Database.self, scope: .singleton) { r async throws in
///     try await Database.connect(settings: try r.resolve(), pool: try await r.resolveAsync())
/// }
/// ```
///
/// A resolution is meant for the duration of the factory call; it is deliberately not `Sendable`.
public struct Resolution {
    /// The container that dependencies are resolved from.
    ///
    /// ```swift
    /// container.register(Car.self) { r in Car(engine: r.container.resolved()) }
    /// ```
    public let container: Container

    init(container: Container) {
        self.container = container
    }

    /// Resolves a dependency, as part of the current resolution.
    ///
    /// ```swift
    /// container.register(Car.self) { r in Car(engine: try r.resolve()) }
    /// ```
    @_transparent
    public func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> Service {
        // A forwarder, inlined into the factory: the fast path is not (unlike `Container.resolve`), as a factory
        // runs once per instance it builds, while a fast path inlined in every factory of a large app would cost
        // code and compile time per service type. Transparent, so no specialised copy is made per type either.
        if name == nil { return try container.resolveFromFactory(file: FileID(fileID), line: line) }
        return try container.resolveSlow(Service.self, name: name, fileID: FileID(fileID), line: line, joinsAsync: true)
    }

    /// Resolves a dependency that takes arguments, as part of the current resolution.
    ///
    /// ```swift
    /// container.register(Screen.self) { r in Screen(greeter: try r.resolve(arguments: "Ada", 3)) }
    /// ```
    @_disfavoredOverload
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        arguments: repeat each Argument,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> Service {
        try container.resolveSlow(
            Service.self, name: name, arguments: repeat each arguments, fileID: FileID(fileID), line: line,
            joinsAsync: true)
    }

    /// Resolves a dependency if it is registered; `nil` only when nothing is registered for it. A
    /// registration that exists but fails throws.
    ///
    /// ```swift
    /// container.register(Checkout.self) { r in Checkout(analytics: try r.resolveIfRegistered(Analytics.self)) }
    /// ```
    public func resolveIfRegistered<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> Service? {
        guard container.isRegistered(Service.self, name: name) else { return nil }
        return try resolve(Service.self, name: name, fileID: fileID, line: line)
    }

    /// Resolves a dependency through the async API, as part of the current resolution: for registrations
    /// with async factories, from inside another async factory.
    ///
    /// ```swift
    /// container.register(Repository.self) { r async throws in
    ///     Repository(database: try await r.resolveAsync(Database.self))
    /// }
    /// ```
    ///
    /// A registration with a synchronous factory resolves this way too. `Service` is `Sendable`: an instance of a
    /// main-actor registration is handed over from the main actor if need be.
    public func resolveAsync<Service: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> Service {
        try await container.resolveAsync(Service.self, name: name, fileID: fileID, line: line)
    }

    /// Resolves a dependency with arguments through the async API, as part of the current resolution.
    ///
    /// ```swift
    /// container.register(Report.self) { r async throws in Report(page: try await r.resolveAsync(arguments: 1)) }
    /// ```
    @_disfavoredOverload
    public func resolveAsync<Service: Sendable, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        arguments: repeat each Argument,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> Service {
        try await container.resolveAsync(
            Service.self, name: name, arguments: repeat each arguments, fileID: fileID, line: line)
    }

    /// Resolves a dependency through the async API, as part of the current resolution: for registrations
    /// with async factories, from inside another async factory.
    ///
    /// ```swift
    /// container.register(Repository.self) { r async throws in
    ///     Repository(database: try await r.resolveAsync(Database.self))
    /// }
    /// ```
    ///
    /// A registration with a synchronous factory resolves this way too. `Service` is not `Sendable`: an
    /// instance of a main-actor registration is handed out only on the main actor.
    public func resolveAsync<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> Service {
        try await container.resolveAsync(Service.self, name: name, fileID: fileID, line: line)
    }

    /// Resolves a dependency that is not `Sendable`, with arguments, through the async API, as part of the
    /// current resolution (an instance of a main-actor registration is handed out only on the main actor).
    ///
    /// ```swift
    /// container.register(Report.self) { r async throws in Report(page: try await r.resolveAsync(arguments: 1)) }
    /// ```
    @_disfavoredOverload
    public func resolveAsync<Service, each Argument: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        arguments: repeat each Argument,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> Service {
        try await container.resolveAsync(
            Service.self, name: name, arguments: repeat each arguments, fileID: fileID, line: line)
    }
}

@available(*, unavailable, message: "A Resolution is valid only while its factory runs")
extension Resolution: Sendable {}
