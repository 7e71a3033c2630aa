/// One registration inside `Container { … }` or a ``Module``: the builder form of
/// `container.register(_:name:scope:factory:)`.
///
/// It takes the same shapes as `container.register`: a plain factory, a factory that resolves its
/// dependencies, a factory with arguments, a `name:`, a `scope:`, and `.onCreated` hooks. Errors point
/// at the line of the `Register`.
///
/// ```swift
/// struct LocationModule: Module {
///     var registrations: some Registrations {
///         Register(LocationService.self, scope: .singleton) { GPSLocationService() }
///         Register(JourneyService.self) { r in JourneyTracker(location: try r.resolve()) }
///         Register(Map.self, name: "eu") { Map("eu") }
///         Register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }
///         Register(Parent.self, scope: .graph) { Parent() }
///             .onCreated { parent, r in parent.child = try r.resolve() }
///     }
/// }
/// ```
public struct Register<Service>: Registrations, Sendable {
    private let pending: PendingRegistration<Service>

    private init(pending: PendingRegistration<Service>) {
        self.pending = pending
    }

    /// Registers a factory for `Service` that needs no other dependencies.
    ///
    /// ```swift
    /// Register(AppClock.self) { SystemClock() }
    /// Register(Transmission.self, scope: .singleton) { ManualTransmission() }
    /// ```
    public init(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () throws -> Service
    ) {
        pending = PendingRegistration { container in
            container.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Registers a factory for `Service` that resolves its dependencies: constructor injection.
    ///
    /// ```swift
    /// Register(JourneyService.self) { r in JourneyTracker(location: try r.resolve()) }
    /// ```
    public init(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolution) throws -> Service
    ) {
        pending = PendingRegistration { container in
            container.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Registers a factory for `Service` that takes arguments at resolve time.
    ///
    /// ```swift
    /// Register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }
    /// // later: try container.resolve(Greeter.self, arguments: "Ada", 3)
    /// ```
    public init<each Argument>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolution, repeat each Argument) throws -> Service
    ) {
        pending = PendingRegistration { container in
            container.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Adds a hook that runs after the factory and before the instance is handed out: setter injection.
    /// See ``Registration/onCreated(_:)``.
    ///
    /// ```swift
    /// Register(Parent.self, scope: .graph) { Parent() }
    ///     .onCreated { parent, r in parent.child = try r.resolve() }
    /// ```
    public func onCreated(_ hook: @escaping @Sendable (inout Service, Resolution) throws -> Void) -> Register {
        Register(pending: pending.adding(hook))
    }

    /// Makes the registration in `container`.
    ///
    /// ```swift
    /// Register(Engine.self) { V8Engine() }.apply(to: container)
    /// ```
    public func apply(to container: Container) {
        pending.apply(to: container)
    }
}
