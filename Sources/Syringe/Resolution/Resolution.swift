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
/// Async factories receive one too, and resolve both ways:
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

    @usableFromInline
    init(container: Container) {
        self.container = container
    }

    /// Whether this resolution is used where no synchronous frame is published: from an async factory,
    /// whose path lives in a task-local (the thread-local frames do not survive its awaits). Inside a
    /// synchronous factory or hook a frame is always published, so that case costs one thread-local read.
    @inlinable
    var isOutsideAFrame: Bool { CurrentFrame.pointer == nil }

    /// Runs `body` on the path of the async factory this resolution is used from, if any: synchronous
    /// resolves made there then join that path. Out of line: the common path stays as small as it was.
    @usableFromInline
    func joiningAsyncPath<Result>(_ body: () throws(ResolutionError) -> Result) throws(ResolutionError) -> Result {
        try AsyncFrame.join(AsyncFrame.current, body)
    }

    /// Resolves a dependency, as part of the current resolution.
    ///
    /// ```swift
    /// container.register(Car.self) { r in Car(engine: try r.resolve()) }
    /// ```
    @inlinable
    public func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws(ResolutionError) -> Service {
        if _slowPath(isOutsideAFrame) {
            return try joiningAsyncPath { () throws(ResolutionError) -> Service in
                try container.resolve(Service.self, name: name, fileID: fileID, line: line)
            }
        }
        return try container.resolve(Service.self, name: name, fileID: fileID, line: line)
    }

    /// Resolves a dependency that takes arguments, as part of the current resolution.
    ///
    /// ```swift
    /// container.register(Screen.self) { r in Screen(greeter: try r.resolve(arguments: "Ada", 3)) }
    /// ```
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        arguments: repeat each Argument,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws(ResolutionError) -> Service {
        if _slowPath(isOutsideAFrame) {
            return try joiningAsyncPath { () throws(ResolutionError) -> Service in
                try container.resolve(
                    Service.self, name: name, arguments: repeat each arguments, fileID: fileID, line: line)
            }
        }
        return try container.resolve(
            Service.self, name: name, arguments: repeat each arguments, fileID: fileID, line: line)
    }

    /// Resolves a dependency through its key path (after remaps by ``InjectionMapper``), as part of the
    /// current resolution: key-path and type-registry dependencies live in one graph.
    ///
    /// ```swift
    /// container.register(LoginScreen.self) { r in LoginScreen(viewModel: try r.resolve(\.login.viewModel)) }
    /// ```
    public func resolve<Value>(
        _ keyPath: KeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line
    ) throws(ResolutionError) -> Value {
        if _slowPath(isOutsideAFrame) {
            return try joiningAsyncPath { () throws(ResolutionError) -> Value in
                try container.resolve(keyPath, fileID: fileID, line: line)
            }
        }
        return try container.resolve(keyPath, fileID: fileID, line: line)
    }

    /// Resolves a dependency if it is registered; `nil` only when nothing is registered for it.
    ///
    /// ```swift
    /// container.register(Checkout.self) { r in Checkout(analytics: r.resolveIfRegistered(Analytics.self)) }
    /// ```
    public func resolveIfRegistered<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws(ResolutionError) -> Service? {
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
    /// A registration with a synchronous factory resolves this way too.
    public func resolveAsync<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws(ResolutionError) -> Service {
        try await container.resolveAsync(Service.self, name: name, fileID: fileID, line: line)
    }

    /// Runs every injector registered for a protocol that `target` adopts: interface injection from inside
    /// a factory or an `onCreated` hook.
    ///
    /// ```swift
    /// container.register(Car.self) { Car() }
    ///     .onCreated { car, r in try r.inject(into: car) }
    /// ```
    public func inject<Target>(into target: Target) throws(ResolutionError) {
        try joiningAsyncPath { () throws(ResolutionError) in try container.inject(into: target) }
    }
}

@available(*, unavailable, message: "A Resolution is valid only while its factory runs")
extension Resolution: Sendable {}
