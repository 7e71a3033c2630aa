/// Async factories and the async entry point. Resolution stays synchronous and `await`-free everywhere
/// else: the async API has a name of its own, `resolveAsync`, so `try container.resolve(X.self)` inside
/// async code never needs `await`.
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
    /// Such a registration is resolved with ``resolveAsync(_:name:isolation:fileID:line:)`` only: the
    /// synchronous API throws ``ResolutionError/Code/asyncRequired`` for it, immediately. A stored scope is
    /// built once even when many tasks ask at the same time; the others await it without blocking a thread.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolution) async throws -> Service
    ) -> Registration<Service> {
        add(Key(Service.self, name: name), scope: scope, factory: .async(factory), fileID: fileID, line: line)
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
        factory: @escaping @Sendable () async throws -> Service
    ) -> Registration<Service> {
        let factory: Entry<Service>.Factory = .async { _ in try await factory() }
        return add(Key(Service.self, name: name), scope: scope, factory: factory, fileID: fileID, line: line)
    }

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
    /// is thrown as ``ResolutionError/Code/cycle``.
    ///
    /// - Throws: ``ResolutionError``, as ``resolve(_:name:fileID:line:)`` does.
    public func resolveAsync<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws(ResolutionError) -> Service {
        let key = Key(Service.self, name: name)
        let chain = AsyncFrame.current
        guard let found = lookup(key) else {
            return try AsyncFrame.join(chain) { () throws(ResolutionError) -> Service in
                try resolveUnregistered(key, fileID: fileID, line: line)
            }
        }
        let entry = unsafeDowncast(found.entry, to: Entry<Service>.self)
        switch entry.factory {
        case .async:
            return try await found.owner.produceAsync(entry, key: key, requester: self)
        case let .mainActor(factory) where !MainActorCheck.isCurrent:
            return try await factory.hop(entry, key, found.owner, self)
        default:
            return try AsyncFrame.join(chain) { () throws(ResolutionError) -> Service in
                try found.owner.produce(entry, key: key, requester: self, arguments: nil)
            }
        }
    }

    // MARK: - The async engine

    /// The async counterpart of `produce`: `entry` (an async registration of this container) for a request
    /// made to `requester`.
    func produceAsync<Service>(
        _ entry: Entry<Service>, key: Key, requester: Container
    ) async throws(ResolutionError) -> Service {
        switch entry.scope.kind {
        case .unique:
            return try await buildAsync(entry, key: key, in: requester, ticket: nil)
        case .graph:
            let graph = AsyncFrame.current?.root.graph
            let id = ObjectIdentifier(entry)
            if let kept = graph?.withLock({ $0[id] }) { return unsafeDowncast(kept, to: Box<Service>.self).value }
            let instance = try await buildAsync(entry, key: key, in: requester, ticket: nil)
            // Two child tasks may build one graph instance at once; the first one kept is the one shared.
            let kept = graph?.withLock { graph -> AnyObject in
                if let existing = graph[id] { return existing }
                let box = Box(instance)
                graph[id] = box
                return box
            }
            return kept.map { unsafeDowncast($0, to: Box<Service>.self).value } ?? instance
        case .cached, .singleton, .shared, .custom:
            if let instance = entry.storedInstance() { return instance }
            return try await buildStoredAsync(entry, key: key)
        }
    }

    /// Builds the instance of a stored scope exactly once, however many tasks ask at the same time. Waiters
    /// suspend on the builder's ticket; a build that fails leaves the slot empty for the next one to claim.
    private func buildStoredAsync<Service>(
        _ entry: Entry<Service>, key: Key
    ) async throws(ResolutionError) -> Service {
        let chain = AsyncFrame.current
        if let chain, chain.contains(entry) {
            throw AsyncFrame.describing(chain) { cycle(key: key, entry: entry) }
        }
        while true {
            var claimed: AsyncBuildTicket?
            switch entry.readOrClaimAsync({ claimed = AsyncBuildTicket(); return claimed! }) {
            case let .ready(instance):
                return instance
            case let .building(ticket):
                if let waiter = chain?.innermostTicket {
                    guard AsyncWaitGraph.beginWaiting(waiter, for: ticket) else {
                        throw AsyncFrame.describing(chain) { crossTaskCycle(key: key, entry: entry) }
                    }
                    await ticket.wait()
                    AsyncWaitGraph.endWaiting(waiter, for: ticket)
                } else {
                    await ticket.wait()
                }
            case let .empty(epoch):
                let ticket = claimed!
                do {
                    let instance = try await buildAsync(entry, key: key, in: self, ticket: ticket)
                    entry.finishAsyncBuild(instance, startedAt: epoch)
                    ticket.finish()
                    return instance
                } catch {
                    entry.finishAsyncBuild(nil, startedAt: epoch)
                    ticket.finish()
                    throw error
                }
            }
        }
    }

    /// Runs the async factory and the hooks of `entry` on a new frame of the current async resolution.
    private func buildAsync<Service>(
        _ entry: Entry<Service>, key: Key, in container: Container, ticket: AsyncBuildTicket?
    ) async throws(ResolutionError) -> Service {
        guard case let .async(factory) = entry.factory else {
            preconditionFailure("Syringe: the async engine builds async registrations only")
        }
        let parent = AsyncFrame.current
        if let parent, parent.contains(entry) {
            throw AsyncFrame.describing(parent) { cycle(key: key, entry: entry) }
        }
        let frame = AsyncFrame(entry: entry, parent: parent, ticket: ticket)
        let instance: Service
        do {
            instance = try await AsyncFrame.$current.withValue(frame) {
                try await factory(Resolution(container: container))
            }
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw AsyncFrame.describing(frame) { factoryFailed(entry: entry, error: error) }
        }
        let hooks = entry.currentHooks
        if hooks.isEmpty { return instance }
        let box = Box(instance)
        try AsyncFrame.join(frame) { () throws(ResolutionError) in
            try runHooks(hooks, of: entry, on: box, resolution: Resolution(container: container))
        }
        return box.value
    }
}
