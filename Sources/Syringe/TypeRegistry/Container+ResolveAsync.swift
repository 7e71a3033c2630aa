/// The async entry point. Resolution stays synchronous and `await`-free everywhere else: the async API has
/// a name of its own, `resolveAsync`, so `try container.resolve(X.self)` inside async code never needs `await`.
extension Container {
    /// Resolves `Service` from async code: runs async factories, and every other registration as well.
    ///
    /// ```swift
    /// let database = try await container.resolveAsync(Database.self)
    /// let clock: any Clock = try await container.resolveAsync()   // a synchronous registration works too
    /// ```
    ///
    /// It runs on the caller's actor (`isolation` defaults to it), so a `@MainActor` registration resolved
    /// from main-actor code is built in place; from elsewhere its factory runs on the main actor and the
    /// instance is handed back. A dependency cycle through async factories, also one split across tasks,
    /// is thrown as ``ResolutionError/Code/cycle``. A task cancelled while it waits for another task's build
    /// of a kept instance stops waiting with ``ResolutionError/Code/cancelled``; the build goes on.
    ///
    /// - Throws: ``ResolutionError``, as ``resolve(_:name:fileID:line:)`` does.
    public func resolveAsync<Service: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> Service {
        try await resolveAsyncValue(Service.self, name: name, isolation: isolation, fileID: FileID(fileID), line: line)
    }

    /// Resolves `Service`, which is not `Sendable`, from async code: as the `Sendable` form does, but an instance
    /// of a registration bound to the main actor (its factory or a hook was written in main-actor code) is handed
    /// out only on the main actor, as it could not cross to another task safely.
    ///
    /// ```swift
    /// protocol Engine {}                                   // in an app module: not Sendable
    /// let engine: any Engine = try await container.resolveAsync()   // from main-actor code
    /// ```
    ///
    /// - Throws: ``ResolutionError``, as ``resolve(_:name:fileID:line:)`` does, and
    ///   ``ResolutionError/Code/mainActorRequired`` off the main actor for such a registration.
    public func resolveAsync<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> Service {
        try requireSameIsolation(Key(Service.self, name: name), fileID: FileID(fileID), line: line)
        return try await resolveAsyncValue(
            Service.self, name: name, isolation: isolation, fileID: FileID(fileID), line: line)
    }

    func resolveAsyncValue<Service>(
        _ type: Service.Type, name: String?, isolation: isolated (any Actor)?, fileID: FileID, line: UInt
    ) async throws -> Service {
        let key = Key(Service.self, name: name)
        // A kept instance is copied out without the async engine (nothing awaited, no instance of its own): a
        // published one (of a synchronous registration) without a lock, as `resolve` copies it; one of an async or
        // main-actor registration under its slot's lock, when no resolution runs here that could be building it.
        let found = lookUpFast(key, retaining: .any)
        if let payload = found.published {
            let instance = payload.value(Service.self)
            ReadSection.end(found.reader.unsafelyUnwrapped)
            return instance
        }
        if let entry = found.takeEntry() {
            if entry.storage == .stored, !entry.scope.isCustom, CurrentFrame.frame == nil, AsyncFrame.current == nil,
                let kept = entry.keptInstance
            {
                return kept.payload.value(Service.self)
            }
            // An instance the task's open scope keeps already (the common second resolve of a request's service):
            // copied out of its slot, as the synchronous engine does, without an async build's frames.
            if let kept = Container.keptInstance(of: entry, in: nil) { return kept.value(Service.self) }
            // An async registration of this container (one with no parent owns what it finds): built with the
            // registration in hand, without a second lookup and its copies of the registration and the container,
            // which every request shares.
            if parent == nil, policy == nil, entry.needsAsync, entry.forwardingTarget == nil {
                let instance = try await produceAsync(entry, requester: self, arguments: nil)
                return instance.payload.value(Service.self)
            }
        }
        let instance = try await resolveAsync(
            key, arguments: nil, fileID: fileID, line: line, isolation: isolation
        ) { key, _, output in
            try self.resolve(key, arguments: nil, fileID: fileID, line: line, joinsAsync: true, into: output)
        }
        return instance.payload.value(Service.self)
    }

    /// Where an open scope keeps an instance of `entry` (a custom scope's registration) in its slot, for an async
    /// resolve outside any resolution: the scope of `entry`'s kind in the chain of `head`, or of the task's binding
    /// when `head` is `nil`. Whoever holds that chain (the caller, or the binding) keeps the instance alive while
    /// the task resolves. Synchronous and not generic: the async caller's frame stays as small as before.
    @inline(never)
    static func keptInstance(of entry: Entry, in head: OpenedScope?) -> ValueAddress? {
        guard entry.storage == .stored, entry.scope.isCustom, CurrentFrame.frame == nil, AsyncFrame.current == nil
        else { return nil }
        if let head { return head.innermost(keeping: entry.scope)?.keptInstance(of: entry) }
        return Engine.withOpenScope(for: entry.scope, under: nil) { scope, _ in scope.keptInstance(of: entry) } ?? nil
    }

    /// Resolves `Service` with arguments from async code; async factories may take arguments too.
    ///
    /// ```swift
    /// container.register(Report.self) { (r, page: Int) async throws in try await Report.load(page) }
    /// let report = try await container.resolveAsync(Report.self, arguments: 2)
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
        try await resolveAsyncValue(
            Service.self, name: name, arguments: repeat each arguments, isolation: isolation, fileID: FileID(fileID),
            line: line)
    }

    /// Resolves `Service`, which is not `Sendable`, with arguments from async code: an instance of a registration
    /// bound to the main actor is handed out only on the main actor, as the overload without arguments does.
    ///
    /// ```swift
    /// let report: any Report = try await container.resolveAsync(arguments: 2)   // from main-actor code
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
        let key = Key(serviceType: Service.self, name: name, argumentTypes: (repeat each Argument).self)
        try requireSameIsolation(key, fileID: FileID(fileID), line: line)
        return try await resolveAsyncValue(
            Service.self, name: name, arguments: repeat each arguments, isolation: isolation, fileID: FileID(fileID),
            line: line)
    }

    func resolveAsyncValue<Service, each Argument: Sendable>(
        _ type: Service.Type, name: String?, arguments: repeat each Argument, isolation: isolated (any Actor)?,
        fileID: FileID, line: UInt
    ) async throws -> Service {
        let key = Key(serviceType: Service.self, name: name, argumentTypes: (repeat each Argument).self)
        let values = (repeat each arguments)
        let instance = try await resolveAsync(
            key, arguments: values, fileID: fileID, line: line, isolation: isolation
        ) {
            key, values, output in
            try PackedArguments.with(values as! (repeat each Argument)) { (arguments) in
                try self.resolve(
                    key, arguments: arguments, fileID: fileID, line: line, joinsAsync: true,
                    into: output)
            }
        }
        return instance.payload.value(Service.self)
    }

    /// Resolves `key` from async code into an instance of its own. `resolveSync` resolves it with the
    /// synchronous engine (a registration with a synchronous factory, or a key nothing is registered under).
    func resolveAsync(
        _ key: Key, arguments: (any Sendable)?, fileID: FileID, line: UInt, isolation: isolated (any Actor)?,
        resolveSync: @Sendable (Key, (any Sendable)?, ValueAddress) throws -> Void
    ) async throws -> Instance {
        let layout = ServiceType(key.serviceType)
        var attempts = 0
        while true {
            let found = policy == nil ? lookup(key) : FailureReporting.at(fileID, line, { lookup(key) })
            if found == nil,
                let wrapped = try await resolveWrappedAsync(
                    key, layout: layout, arguments: arguments, isolation: isolation, resolveSync: resolveSync)
            {
                return wrapped
            }
            if let found {
                let entry = found.entry
                if let target = entry.forwardingTarget {
                    // The target as the async API resolves it (async, or built on the main actor), converted.
                    let forwarded = try await resolveAsync(
                        target, arguments: arguments, fileID: fileID, line: line, isolation: isolation,
                        resolveSync: resolveSync)
                    let instance = Instance.make(layout)
                    guard layout.store(forwarded.value, to: instance.payload) else {
                        throw Diagnostics.typeMismatch(
                            key, entry: entry, overrideType: type(of: forwarded.value), getterType: key.serviceType)
                    }
                    instance.markInitialized()
                    return instance
                }
                if entry.needsAsync {
                    return try await found.owner.produceAsync(entry, requester: self, arguments: arguments)
                }
                if entry.needsMainActor, !MainActorCheck.isCurrent {
                    let outcome = await MainActor.run { () -> Result<InstanceTransfer, any Error> in
                        Result { () -> InstanceTransfer in
                            InstanceTransfer(
                                instance: try Self.resolveSyncIntoInstance(
                                    layout, key: key, arguments: arguments, resolveSync))
                        }
                    }
                    return try outcome.get().instance
                }
            }
            do {
                return try Self.resolveSyncIntoInstance(layout, key: key, arguments: arguments, resolveSync)
            } catch let error as ResolutionError where error.code == .asyncRequired {
                // The registration found above was replaced (by one with an async factory, maybe replaced again)
                // before the synchronous engine looked the key up: this caller can await, so it starts again.
                attempts += 1
                guard attempts < 16, lookup(key)?.entry !== found?.entry else { throw error }
            }
        }
    }

    /// For `key`, which nothing is registered for: when it is an optional whose wrapped type has an async
    /// registration, or one bound to the main actor resolved elsewhere, that registration's instance, wrapped (the
    /// async counterpart of `OptionalWrapped`); else `nil` (the synchronous engine sees through the optional).
    private func resolveWrappedAsync(
        _ key: Key, layout: ServiceType, arguments: (any Sendable)?, isolation: isolated (any Actor)?,
        resolveSync: @Sendable (Key, (any Sendable)?, ValueAddress) throws -> Void
    ) async throws -> Instance? {
        guard key.origin == nil, let optional = key.serviceType as? any OptionalValue.Type else { return nil }
        let wrappedKey = Key(serviceType: optional.wrappedType, name: key.name, argumentTypes: key.argumentTypes)
        guard let found = lookup(wrappedKey) else { return nil }
        let wrapped: Instance
        if found.entry.needsAsync {
            wrapped = try await found.owner.produceAsync(found.entry, requester: self, arguments: arguments)
        } else if found.entry.needsMainActor, !MainActorCheck.isCurrent {
            // As for the type itself (`resolveAsync(key:…)`): built on the main actor, handed over complete.
            let wrappedLayout = ServiceType(optional.wrappedType)
            let outcome = await MainActor.run { () -> Result<InstanceTransfer, any Error> in
                Result { () -> InstanceTransfer in
                    InstanceTransfer(
                        instance: try Self.resolveSyncIntoInstance(
                            wrappedLayout, key: wrappedKey, arguments: arguments, resolveSync))
                }
            }
            wrapped = try outcome.get().instance
        } else {
            return nil
        }
        let instance = Instance.make(layout)
        let value = Scratch.push(size: wrapped.type.size, alignment: wrapped.type.alignment)
        defer { Scratch.pop(value, alignment: wrapped.type.alignment) }
        wrapped.copy(to: value)
        optional.wrap(movingFrom: value, to: instance.payload)
        instance.markInitialized()
        return instance
    }

    /// Runs the synchronous engine from async code, joined to the current async build, into a new instance.
    private static func resolveSyncIntoInstance(
        _ layout: ServiceType, key: Key, arguments: (any Sendable)?,
        _ resolveSync: (Key, (any Sendable)?, ValueAddress) throws -> Void
    ) throws -> Instance {
        let instance = Instance.make(layout)
        try Engine.joining(AsyncFrame.current) { () in
            try resolveSync(key, arguments, instance.payload)
        }
        instance.markInitialized()
        return instance
    }
}

extension Container {
    /// For a service type that is not `Sendable`: refuses, off the main actor, a registration bound to it, whose
    /// instance would cross from the main actor to the caller.
    func requireSameIsolation(_ key: Key, fileID: FileID, line: UInt) throws {
        guard !MainActorCheck.isCurrent else { return }
        var found = lookup(key)
        if found == nil, key.origin == nil, let optional = key.serviceType as? any OptionalValue.Type {
            // An optional sees through to its wrapped type's registration.
            found = lookup(Key(serviceType: optional.wrappedType, name: key.name, argumentTypes: key.argumentTypes))
        }
        if let target = found?.entry.forwardingTarget { found = lookup(target) }
        guard let found, found.entry.needsMainActor else { return }
        throw Diagnostics.mainActorValueNotSendable(key, entry: found.entry, fileID: fileID, line: line)
    }
}
