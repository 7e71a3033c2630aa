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

    /// Resolves a dependency, as part of the current resolution.
    ///
    /// ```swift
    /// container.register(Car.self) { r in Car(engine: try r.resolve()) }
    /// ```
    public func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws(ResolutionError) -> Service {
        try container.resolve(Service.self, name: name, fileID: fileID, line: line)
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
        try container.resolve(Service.self, name: name, arguments: repeat each arguments, fileID: fileID, line: line)
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
        try container.resolve(keyPath, fileID: fileID, line: line)
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
        return try container.resolve(Service.self, name: name, fileID: fileID, line: line)
    }
}

@available(*, unavailable, message: "A Resolution is valid only while its factory runs")
extension Resolution: Sendable {}
