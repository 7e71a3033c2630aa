/// One contribution to a multi-binding inside `Container { … }` or a ``Module``: the builder form of
/// `container.contribute(_:scope:factory:)`.
///
/// Contributions of one service type add up instead of replacing each other;
/// ``Container/resolveAll(_:fileID:line:)`` returns them in registration order.
///
/// ```swift
/// struct AnalyticsModule: Module {
///     var registrations: some Registrations {
///         Contribute((any Plugin).self, scope: .singleton) { AnalyticsPlugin() }
///     }
/// }
/// struct CrashModule: Module {
///     var registrations: some Registrations {
///         Contribute((any Plugin).self) { r in CrashPlugin(log: try r.resolve()) }
///     }
/// }
/// let container = Container { AnalyticsModule(); CrashModule() }
/// let plugins = try container.resolveAll((any Plugin).self)   // [AnalyticsPlugin, CrashPlugin]
/// ```
public struct Contribute<Service>: Registrations, Sendable {
    private let pending: PendingRegistration<Service>

    private init(pending: PendingRegistration<Service>) {
        self.pending = pending
    }

    /// Contributes an implementation of `Service` that needs no other dependencies.
    ///
    /// ```swift
    /// Contribute((any Plugin).self, scope: .singleton) { AnalyticsPlugin() }
    /// ```
    public init(
        _ type: Service.Type = Service.self,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) {
        pending = PendingRegistration { container in
            container.contribute(Service.self, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Contributes an implementation of `Service` that resolves its dependencies.
    ///
    /// ```swift
    /// Contribute((any Plugin).self) { r in CrashPlugin(log: try r.resolve()) }
    /// ```
    public init(
        _ type: Service.Type = Service.self,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) {
        pending = PendingRegistration { container in
            container.contribute(Service.self, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Contributes an implementation of `Service` with an async factory.
    ///
    /// ```swift
    /// Contribute((any Plugin).self) { r async throws in try await RemotePlugin.load() }
    /// ```
    public init(
        _ type: Service.Type = Service.self,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolution) async throws -> Service
    ) {
        pending = PendingRegistration { container in
            container.contribute(Service.self, scope: scope, fileID: fileID, line: line, factory: factory)
        }
    }

    /// Adds a hook that runs after the factory and before the instance is handed out.
    ///
    /// ```swift
    /// Contribute((any Plugin).self) { AnalyticsPlugin() }
    ///     .onCreated { plugin, r in plugin.configure(with: try r.resolve()) }
    /// ```
    public func onCreated(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ hook: @escaping @isolated(any) @Sendable (inout Service, Resolution) throws -> Void
    ) -> Contribute {
        Contribute(pending: pending.adding { $0.onCreated(fileID: fileID, line: line, hook) })
    }

    /// Marks the contribution as live-only (see ``Registration/liveOnly()``).
    ///
    /// ```swift
    /// Contribute((any Plugin).self) { CrashReportingPlugin() }.liveOnly()
    /// ```
    public func liveOnly() -> Contribute {
        Contribute(pending: pending.adding { $0.liveOnly() })
    }

    /// Makes the contribution in `container`.
    ///
    /// ```swift
    /// Contribute((any Plugin).self) { AnalyticsPlugin() }.apply(to: container)
    /// ```
    public func apply(to container: Container) {
        pending.apply(to: container)
    }
}
