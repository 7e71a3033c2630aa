/// One registration inside `Container { … }` or a ``Module``: the builder form of `container.register`.
///
/// It takes every shape `container.register` takes: a plain factory, a factory that resolves its
/// dependencies, a factory with arguments, async and `@MainActor` factories, a ``Component`` by its type,
/// a `name:`, a `scope:`, `.onCreated` hooks and `.liveOnly()`. Errors point at the line of the `Register`.
///
/// ```swift
/// struct LocationModule: Module {
///     var registrations: some Registrations {
///         Register(LocationService.self, scope: .singleton) { GPSLocationService() }
///         Register(JourneyService.self) { r in JourneyTracker(location: try r.resolve()) }
///         Register(Map.self, name: "eu") { Map("eu") }
///         Register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }
///         Register(Database.self, scope: .singleton) { r async throws in try await Database.connect() }
///         Register(Settings.self)                                             // a Component
///         Register(Parent.self, scope: .graph) { Parent() }
///             .onCreated { parent, r in parent.child = try r.resolve() }
///     }
/// }
/// ```
public struct Register<Service>: Registrations, Sendable {
    private let pending: PendingRegistration<Service>

    init(pending: PendingRegistration<Service>) {
        self.pending = pending
    }

    /// Registers a factory for `Service` that needs no other dependencies.
    ///
    /// ```swift
    /// Register(AppClock.self) { SystemClock() }
    /// Register(Transmission.self, scope: .singleton) { ManualTransmission() }
    /// ```
    public init(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .unique,
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) {
        pending = PendingRegistration {
            $0.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Registers a factory for `Service` that resolves its dependencies: constructor injection.
    ///
    /// ```swift
    /// Register(JourneyService.self) { r in JourneyTracker(location: try r.resolve()) }
    /// ```
    public init(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .unique,
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) {
        pending = PendingRegistration {
            $0.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Registers a factory for `Service` that takes arguments at resolve time.
    ///
    /// ```swift
    /// Register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }
    /// // later: try container.resolve(Greeter.self, arguments: "Ada", 3)
    /// ```
    public init<First, each More>(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .unique,
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext factory:
            @escaping @isolated(any) @Sendable (Resolution, First, repeat each More) throws -> Service
    ) {
        pending = PendingRegistration {
            $0.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Registers an async factory for `Service`, resolved with `resolveAsync`.
    ///
    /// ```swift
    /// Register(Database.self, scope: .singleton) { r async throws in try await Database.connect(r.resolve()) }
    /// ```
    public init(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .unique,
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolution) async throws -> Service
    ) {
        pending = PendingRegistration {
            $0.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Registers an async factory for `Service` that needs no other dependencies.
    ///
    /// ```swift
    /// Register(Database.self, scope: .singleton) { try await Database.connect() }
    /// ```
    public init(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .unique,
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable () async throws -> Service
    ) {
        pending = PendingRegistration {
            $0.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Registers an async factory for `Service` that takes arguments at resolve time.
    ///
    /// ```swift
    /// Register(Report.self) { (r, page: Int) async throws in try await Report.load(page) }
    /// ```
    public init<First: Sendable, each More: Sendable>(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .unique,
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext factory:
            @escaping @isolated(any) @Sendable (Resolution, First, repeat each More) async throws -> Service
    ) {
        pending = PendingRegistration {
            $0.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Adds a hook that runs after the factory and before the instance is handed out: setter injection.
    /// See `onCreated` of ``Registration``.
    ///
    /// ```swift
    /// Register(Parent.self, scope: .graph) { Parent() }
    ///     .onCreated { parent, r in parent.child = try r.resolve() }
    /// ```
    public func onCreated(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ hook: @escaping @isolated(any) @Sendable (inout Service, Resolution) throws -> Void
    ) -> Register {
        Register(pending: pending.adding { $0.onCreated(fileID: fileID, line: line, hook) })
    }

    /// Adds an async hook that runs after the factory; the registration is then resolved with `resolveAsync`.
    ///
    /// ```swift
    /// Register(Cache.self, scope: .singleton) { Cache() }
    ///     .onCreated { cache, r async throws in await cache.warm() }
    /// ```
    public func onCreated(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ hook:
            @escaping @isolated(any) @Sendable (inout Service, Resolution) async throws -> Void
    ) -> Register {
        Register(pending: pending.adding { $0.onCreated(fileID: fileID, line: line, hook) })
    }

    /// Marks the registration as live-only (see ``Registration/liveOnly()``).
    ///
    /// ```swift
    /// Register(APIClient.self, scope: .singleton) { LiveAPIClient() }.liveOnly()
    /// ```
    public func liveOnly() -> Register {
        Register(pending: pending.adding { $0.liveOnly() })
    }

    /// The same registration, then `modifier` applied to what `register` returns.
    func adding(_ modifier: @escaping @Sendable (Registration<Service>) -> Void) -> Register {
        Register(pending: pending.adding(modifier))
    }

    /// The same registration, then `modifier` applied to what `register` returns; later modifiers apply to the
    /// handle it returns.
    func replacing(_ modifier: @escaping @Sendable (Registration<Service>) -> Registration<Service>) -> Register {
        Register(pending: pending.replacing(modifier))
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

extension Register where Service: Component {
    /// Registers a ``Component`` to be built with its `init()`, optionally forwarding other types to it.
    ///
    /// ```swift
    /// Register(Settings.self)
    /// Register(ProductionToken.self, as: (any Token).self, scope: .singleton)
    /// ```
    public init<each Forwarded>(
        _ type: Service.Type, as forwarded: repeat (each Forwarded).Type, name: String? = nil,
        scope: Scope = .unique, fileID: StaticString = #fileID, line: UInt = #line
    ) {
        var targets: [ForwardTarget] = []
        for target in repeat each forwarded { targets.append(ForwardTarget(target)) }
        pending = PendingRegistration { [targets] container in
            container.register(
                Service.self, forwardingTo: targets, name: name, scope: scope, fileID: FileID(fileID), line: line)
        }
    }
}
