/// Async factories. Resolved with `resolveAsync` only: the synchronous API throws `asyncRequired` for them.
extension Container {
    /// Registers an async factory for `Service`, which resolves its dependencies through the
    /// ``Resolution`` it receives (both `try r.resolve(…)` and `try await r.resolveAsync(…)`).
    ///
    /// ```swift
    /// container.register(Database.self, scope: .singleton) { r async throws in
    ///     try await Database.connect(to: try r.resolve(URL.self, name: "database"))
    /// }
    /// let database = try await container.resolveAsync(Database.self)
    /// ```
    ///
    /// A stored scope is built once even when many tasks ask at the same time; the others await it without
    /// blocking a thread.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolution) async throws -> Service
    ) -> Registration<Service> {
        let make = IsolatedCall.unchecked(factory)
        return add(
            Key(Service.self, name: name), scope: scope, fileID: FileID(fileID), line: line,
            factory: .async { r, _, output in
                output.initialize(as: Service.self, to: try await make(r))
            }, asyncIsolation: factory.isolation)
    }

    /// Registers an async factory for `Service` that needs no other dependencies.
    ///
    /// ```swift
    /// container.register(Database.self, scope: .singleton) { try await Database.connect() }
    /// ```
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable () async throws -> Service
    ) -> Registration<Service> {
        let make = IsolatedCall.unchecked(factory)
        return add(
            Key(Service.self, name: name), scope: scope, fileID: FileID(fileID), line: line,
            factory: .async { _, _, output in
                output.initialize(as: Service.self, to: try await make())
            }, asyncIsolation: factory.isolation)
    }

    /// Registers an async factory for `Service` that takes arguments at resolve time.
    ///
    /// ```swift
    /// container.register(Report.self) { (r, page: Int) async throws in try await Report.load(page) }
    /// let report = try await container.resolveAsync(Report.self, arguments: 2)
    /// ```
    @discardableResult
    public func register<Service, First: Sendable, each More: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory:
            @escaping @isolated(any) @Sendable (Resolution, First, repeat each More)
            async throws -> Service
    ) -> Registration<Service> {
        // At least one argument, as the synchronous form (see there).
        registerArguments(Service.self, name: name, scope: scope, fileID: FileID(fileID), line: line, factory: factory)
    }

    func registerArguments<Service, each Argument: Sendable>(
        _ type: Service.Type, name: String?, scope: Scope, fileID: FileID, line: UInt,
        factory: @escaping @isolated(any) @Sendable (Resolution, repeat each Argument) async throws -> Service
    ) -> Registration<Service> {
        let key = Key(serviceType: Service.self, name: name, argumentTypes: (repeat each Argument).self)
        let make = IsolatedCall.unchecked(factory)
        return add(
            key, scope: scope, fileID: fileID, line: line,
            factory: .async { r, arguments, output in
                // The key carries the argument types, so a resolve that reaches this factory passes exactly these.
                let values = arguments as! (repeat each Argument)
                output.initialize(as: Service.self, to: try await make(r, repeat each values))
            }, asyncIsolation: factory.isolation)
    }
}
