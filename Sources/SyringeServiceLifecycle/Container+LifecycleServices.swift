#if ServiceLifecycle
public import Logging
public import ServiceLifecycle
public import Syringe
public import UnixSignals

extension Container {
    /// Registers a singleton that runs as a lifecycle service:
    /// ``serviceGroup(logger:gracefulShutdownSignals:cancellationSignals:maximumGracefulShutdownDuration:)``
    /// starts it after the services it was built from and shuts it down before them.
    ///
    /// ```swift
    /// container.registerLifecycleService(JobQueue.self) { r in JobQueue(database: try r.resolve()) }
    /// ```
    ///
    /// The order comes from creation: a singleton finishes building after everything its factory resolved, so
    /// the services are started in the order they finished building and stopped in reverse.
    @discardableResult
    public func registerLifecycleService<S: Service>(
        _ type: S.Type = S.self, name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolution) throws -> S
    ) -> Registration<S> {
        marking(register(S.self, name: name, scope: .singleton, fileID: fileID, line: line, factory: factory))
    }

    /// Registers a singleton with an async factory that runs as a lifecycle service.
    ///
    /// ```swift
    /// container.registerLifecycleService(PostgresPool.self) { r async throws in
    ///     try await PostgresPool.connect(settings: try r.resolve())
    /// }
    /// ```
    @discardableResult
    public func registerLifecycleService<S: Service>(
        _ type: S.Type = S.self, name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolution) async throws -> S
    ) -> Registration<S> {
        marking(register(S.self, name: name, scope: .singleton, fileID: fileID, line: line, factory: factory))
    }

    /// Builds every singleton (async ones too), then returns this container's lifecycle services as one
    /// service group, in dependency order. Running it starts each service after those it depends on; when it
    /// ends (a signal, a graceful shutdown, cancellation, or a service that stops or fails) the services stop
    /// one by one, dependents first, and then ``Container/shutdown()`` runs the `onDispose` hooks of every
    /// other singleton.
    ///
    /// ```swift
    /// let services = try await container.serviceGroup(logger: logger, gracefulShutdownSignals: [.sigterm, .sigint])
    /// try await services.run()
    /// ```
    ///
    /// - Throws: what building the singletons throws, or ``LifecycleServiceError`` when a singleton conforms
    ///   to `Service` but was not registered with `registerLifecycleService` (its place in the order is unknown).
    public func serviceGroup(
        logger: Logger, gracefulShutdownSignals: [UnixSignal] = [], cancellationSignals: [UnixSignal] = [],
        maximumGracefulShutdownDuration: Duration? = nil
    ) async throws -> ContainerServiceGroup {
        try await buildAsync()
        let services = try await lifecycleServices()
        var configuration = ServiceGroupConfiguration(
            services: OrderedService.chain(services), gracefulShutdownSignals: gracefulShutdownSignals,
            cancellationSignals: cancellationSignals, logger: logger)
        configuration.maximumGracefulShutdownDuration = maximumGracefulShutdownDuration
        return ContainerServiceGroup(
            container: self, serviceNames: services.map { "\($0)" }, group: ServiceGroup(configuration: configuration))
    }

    /// This container's lifecycle services (and its parents'), built, oldest first.
    func lifecycleServices() async throws -> [any Service] {
        var latest: [Key: LifecycleServiceMark] = [:]
        var marks: [LifecycleServiceMark] = []
        for mark in try resolveAll(LifecycleServiceMark.self) {
            if latest.updateValue(mark, forKey: mark.key) == nil { marks.append(mark) }
        }
        var built: [(service: any Service, sequence: UInt64)] = []
        var unmarked: [any Service] = []
        for mark in marks {
            let service = try await mark.resolve(self)
            // No record of its creation: a plain `register` of the same key replaced the lifecycle one.
            if let sequence = latest[mark.key]?.sequence {
                built.append((service, sequence))
            } else {
                unmarked.append(service)
            }
        }
        let services = built.sorted { $0.sequence < $1.sequence }.map(\.service)
        try checkEveryServiceIsMarked(services, unmarked: unmarked)
        return services
    }

    /// A singleton that is a `Service` but not registered as one would not run: refuse rather than guess.
    private func checkEveryServiceIsMarked(_ services: [any Service], unmarked: [any Service]) throws {
        let marked = Set(services.map { ObjectIdentifier(type(of: $0)) })
        let others = instances(of: (any Service).self).filter { !marked.contains(ObjectIdentifier(type(of: $0))) }
        var names: [String] = []
        for service in unmarked + others where !names.contains("\(type(of: service))") {
            names.append("\(type(of: service))")
        }
        guard names.isEmpty else { throw LifecycleServiceError(unmarked: names) }
    }

    private func marking<S: Service>(_ registration: Registration<S>) -> Registration<S> {
        let mark = LifecycleServiceMark(key: registration.key) { container in
            try await container.resolveAsync(S.self, name: registration.key.name)
        }
        contribute(LifecycleServiceMark.self) { mark }
        return registration.onCreated { _, _ in mark.created() }
    }
}
#endif
