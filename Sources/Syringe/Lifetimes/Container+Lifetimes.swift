extension Container {
    /// Runs `operation` with a fresh set of instances of `scope` for this task and its child tasks: every
    /// registration of `scope` resolved inside, through any container, gets one instance per call, shared by
    /// everything the call resolves and never seen by another call running at the same time. When the call
    /// ends (also when `operation` throws or the task is cancelled) those instances are disposed of, newest
    /// first.
    ///
    /// ```swift
    /// extension Scope { static let request = Scope("request") }
    /// container.register(UnitOfWork.self, scope: .request) { r in UnitOfWork(db: try r.resolve()) }
    ///     .onDispose { work async in await work.rollbackIfOpen() }
    ///
    /// try await container.withScope(.request) {
    ///     let work = try Container.shared.resolve(UnitOfWork.self)
    ///     …
    /// }
    /// ```
    ///
    /// A nested call for the same scope opens an inner set. Outside any call, a custom scope keeps one
    /// instance per container until it is reset. A `.singleton` or `.cached` instance that would keep an
    /// instance of `scope` is refused with ``ResolutionError/Code/captive``.
    ///
    /// - Throws: what `operation` throws; else, when `onDispose` hooks failed, one ``ResolutionError`` listing
    ///   each.
    public func withScope<Result>(
        _ scope: Scope, isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
    ) async throws -> Result {
        // An explicit scope, bound to the task for the operation (see `ContainerScope`).
        let opened = OpenedScope(container: self, scope: scope, outer: Engine.innermostScope)
        // Written once: a write per call would be shared by every request of a server.
        if !TaskScopes.everBound.isSet { TaskScopes.everBound.set() }
        let result: Result
        do {
            result = try await TaskScopes.$current.withValue(opened, operation: operation, isolation: isolation)
        } catch {
            _ = await opened.close(isolation: isolation)
            throw error
        }
        let failures = await opened.close(isolation: isolation)
        if !failures.isEmpty { throw Diagnostics.disposal(failures, by: "withScope(\(scope))") }
        return result
    }

    /// Ends this container: disposes of every instance it keeps (newest first, awaiting async hooks), then
    /// refuses to build stored instances. Calling it again does nothing.
    ///
    /// ```swift
    /// try await container.shutdown()
    /// ```
    ///
    /// A container dropped without `shutdown()` runs no `onDispose` hook: its instances are released, but
    /// nothing awaits or orders their disposal. Parents are not shut down. Called from a cancelled task (a service
    /// group that ends by cancellation), it still runs every hook to its end, in a task of its own.
    ///
    /// - Throws: one ``ResolutionError`` listing each `onDispose` hook that threw; the others still ran.
    public func shutdown() async throws {
        guard !closed.isSet else { return }
        closed.set()
        let items = Disposal.take(registry.allEntries.map { ($0, $0 as InstanceSlot) })
        Reclamation.synchronize()
        // Shielded: a service group ends by cancelling the task that shuts the container down, and its hooks must
        // still run to the end (as a scope's close does).
        let failures = await Disposal.runShielded(items)
        if !failures.isEmpty { throw Diagnostics.disposal(failures, by: "shutdown()") }
    }

    /// Drops the instances this container keeps for `scope`, as ``reset(_:)-(Scope)`` does, and awaits their
    /// `onDispose` hooks (run to their end even when the calling task is cancelled).
    ///
    /// ```swift
    /// try await container.dispose(.session)   // at logout
    /// ```
    ///
    /// - Throws: one ``ResolutionError`` listing each `onDispose` hook that threw; the others still ran.
    public func dispose(_ scope: Scope) async throws {
        let items = Disposal.take(registry.allEntries.filter { $0.scope == scope }.map { ($0, $0 as InstanceSlot) })
        Reclamation.synchronize()
        let failures = await Disposal.runShielded(items)
        if !failures.isEmpty { throw Diagnostics.disposal(failures, by: "dispose(\(scope))") }
    }
}
