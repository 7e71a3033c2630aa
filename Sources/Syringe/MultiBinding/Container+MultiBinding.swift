extension Container {
    /// Contributes one implementation of `Service` to a multi-binding: contributions add up instead of
    /// replacing each other, and ``resolveAll(_:fileID:line:)`` returns them all.
    ///
    /// Each contribution keeps its own `scope`. Contributions are separate from `register`: a plain or
    /// named registration of the same type is not part of the multi-binding.
    ///
    /// ```swift
    /// container.contribute((any Plugin).self, scope: .singleton) { AnalyticsPlugin() }
    /// container.contribute((any Plugin).self) { CrashPlugin() }
    /// let plugins = try container.resolveAll((any Plugin).self)   // [AnalyticsPlugin, CrashPlugin]
    /// ```
    @discardableResult
    public func contribute<Service>(
        _ type: Service.Type = Service.self, scope: Scope = .unique, fileID: StaticString = #fileID,
        line: UInt = #line, @_inheritActorContext factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Registration<Service> {
        let make = IsolatedCall.unchecked(factory)
        return add(
            .contribution(to: Service.self, fileID: fileID, line: line), scope: scope, fileID: FileID(fileID),
            line: line,
            factory: .isolated(factory.isolation) { _, _, output in
                output.initialize(as: Service.self, to: try make())
            })
    }

    /// Contributes one implementation of `Service` whose factory resolves its own dependencies.
    ///
    /// ```swift
    /// container.contribute((any Plugin).self) { r in CrashPlugin(log: try r.resolve()) }
    /// ```
    @discardableResult
    public func contribute<Service>(
        _ type: Service.Type = Service.self, scope: Scope = .unique, fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Registration<Service> {
        let make = IsolatedCall.unchecked(factory)
        return add(
            .contribution(to: Service.self, fileID: fileID, line: line), scope: scope, fileID: FileID(fileID),
            line: line,
            factory: .isolated(factory.isolation) { r, _, output in
                output.initialize(as: Service.self, to: try make(r))
            })
    }

    /// Contributes one implementation of `Service` with an async factory; `resolveAllAsync(_:)`
    /// returns it.
    ///
    /// ```swift
    /// container.contribute((any Plugin).self) { r async throws in try await RemotePlugin.load() }
    /// ```
    @discardableResult
    public func contribute<Service>(
        _ type: Service.Type = Service.self, scope: Scope = .unique, fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory: @escaping @isolated(any) @Sendable (Resolution) async throws -> Service
    ) -> Registration<Service> {
        let make = IsolatedCall.unchecked(factory)
        return add(
            .contribution(to: Service.self, fileID: fileID, line: line), scope: scope, fileID: FileID(fileID),
            line: line,
            factory: .async { r, _, output in output.initialize(as: Service.self, to: try await make(r)) },
            asyncIsolation: factory.isolation)
    }

    /// Resolves every contribution of `Service`: the parents' first (root first), then this container's,
    /// each in registration order, each according to its own scope.
    ///
    /// All contributions are built in one resolution, so `.graph` instances are shared between them.
    /// Nothing contributed gives an empty array, unless `Service` is registered with `register` (then
    /// the mix-up is an error that says so).
    ///
    /// ```swift
    /// let plugins: [any Plugin] = try container.resolveAll((any Plugin).self)
    /// for plugin in plugins { plugin.start() }
    /// ```
    ///
    /// - Throws: ``ResolutionError`` from the first contribution that fails, with the usual path.
    public func resolveAll<Service>(
        _ type: Service.Type = Service.self, fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> [Service] {
        let contributions = self.contributions(of: Service.self)
        let request = Key.allContributions(of: Service.self)
        guard !contributions.isEmpty else {
            if let error = Diagnostics.nothingContributed(
                Service.self, request: request, in: self, fileID: FileID(fileID), line: line)
            {
                throw error
            }
            return []
        }
        return try Engine.withRequestFrame(request) { frame in
            var all: [Service] = []
            all.reserveCapacity(contributions.count)
            for found in contributions {
                let output = Scratch.push(Service.self)
                defer { Scratch.pop(output, Service.self) }
                try found.owner.produce(found.entry, requester: self, arguments: nil, into: output)
                all.append(output.move(Service.self))
            }
            // One resolution: the hooks its `.graph` instances deferred run now, then those instances are read
            // back (a value type's hooks change the kept copy).
            guard frame.parent == nil, let context = Engine.existingContext(of: frame) else { return all }
            try Engine.runDeferredHooks(at: frame)
            for (index, found) in contributions.enumerated() where found.entry.storage == .graph {
                if let record = context.graphRecord(.init(found.entry, self)) {
                    all[index] = record.instance.payload.value(Service.self)
                }
            }
            return all
        }
    }

    /// Resolves every contribution of `Service` from async code: async contributions too, and main-actor ones (written
    /// in main-actor code) on the main actor, after a hop when this task runs elsewhere. Unlike ``resolveAll(_:fileID:line:)``,
    /// each contribution is built in a resolution of its own: a `.graph` dependency is not shared between them.
    ///
    /// ```swift
    /// let plugins = try await container.resolveAllAsync((any Plugin).self)
    /// ```
    public func resolveAllAsync<Service: Sendable>(
        _ type: Service.Type = Service.self, isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, line: UInt = #line
    ) async throws -> [Service] {
        try await resolveAllAsyncValues(
            Service.self, handsOutMainActorValues: true, isolation: isolation, fileID: FileID(fileID), line: line)
    }

    /// Resolves every contribution of `Service`, which is not `Sendable`, from async code: as the `Sendable` form does,
    /// but an instance of a main-actor contribution is handed out only on the main actor, as it could not cross to
    /// another task safely.
    ///
    /// ```swift
    /// let plugins: [any Plugin] = try await container.resolveAllAsync()   // from main-actor code, in an app module
    /// ```
    ///
    /// - Throws: ``ResolutionError``, and ``ResolutionError/Code/mainActorRequired`` off the main actor for such a
    ///   contribution.
    public func resolveAllAsync<Service>(
        _ type: Service.Type = Service.self, isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID, line: UInt = #line
    ) async throws -> [Service] {
        try await resolveAllAsyncValues(
            Service.self, handsOutMainActorValues: false, isolation: isolation, fileID: FileID(fileID), line: line)
    }

    private func resolveAllAsyncValues<Service>(
        _ type: Service.Type, handsOutMainActorValues: Bool, isolation: isolated (any Actor)?, fileID: FileID,
        line: UInt
    ) async throws -> [Service] {
        var all: [Service] = []
        for found in contributions(of: Service.self) {
            let offMainActor = found.entry.needsMainActor && !MainActorCheck.isCurrent
            if offMainActor, !handsOutMainActorValues {
                throw Diagnostics.mainActorValueNotSendable(
                    found.entry.key, entry: found.entry, fileID: fileID, line: line)
            }
            let instance: Instance
            if found.entry.needsAsync {
                instance = try await found.owner.produceAsync(found.entry, requester: self, arguments: nil)
            } else if offMainActor {
                // As `resolveAsync` does: built on the main actor, handed over complete.
                let outcome = await MainActor.run { () -> Result<InstanceTransfer, any Error> in
                    Result { InstanceTransfer(instance: try self.produceIntoInstance(found)) }
                }
                instance = try outcome.get().instance
            } else {
                instance = try produceIntoInstance(found)
            }
            all.append(instance.payload.value(Service.self))
        }
        if all.isEmpty,
            let error = Diagnostics.nothingContributed(
                Service.self, request: .allContributions(of: Service.self), in: self, fileID: fileID, line: line)
        {
            throw error
        }
        return all
    }

    /// Builds (or reads) the instance of one contribution with the synchronous engine, joined to the async
    /// resolution running here.
    private func produceIntoInstance(_ found: Found) throws -> Instance {
        let instance = Instance.make(found.entry.service)
        try Engine.joining(AsyncFrame.current) {
            try found.owner.produce(found.entry, requester: self, arguments: nil, into: instance.payload)
        }
        instance.markInitialized()
        return instance
    }

    /// The contributions of `Service` visible here, root container first, each with its owner.
    func contributions<Service>(of type: Service.Type) -> [Found] {
        let id = ObjectIdentifier(Service.self)
        return lineage.reversed().flatMap { container in
            container.registry.allEntries
                .filter { $0.key.isContribution && ObjectIdentifier($0.key.serviceType) == id }
                .map { Found(entry: $0, owner: container) }
        }
    }
}

extension Resolution {
    /// Resolves every contribution of `Service` as part of the current resolution: for a service built
    /// from a multi-binding.
    ///
    /// ```swift
    /// container.register(PluginHost.self, scope: .singleton) { r in
    ///     PluginHost(plugins: try r.resolveAll((any Plugin).self))
    /// }
    /// ```
    public func resolveAll<Service>(
        _ type: Service.Type = Service.self, fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> [Service] {
        try Engine.joining(CurrentFrame.frame == nil ? AsyncFrame.current : nil) {
            try container.resolveAll(Service.self, fileID: fileID, line: line)
        }
    }
}
