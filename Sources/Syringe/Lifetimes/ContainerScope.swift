/// A scope opened by ``Container/openScope(_:)``: one set of instances of a scope (a request, a unit of work), held
/// by whoever holds this value, and ended by ``close(isolation:)``.
///
/// ```swift
/// extension Scope { static let request = Scope("request") }
/// container.register(UnitOfWork.self, scope: .request) { r in UnitOfWork(db: try r.resolve()) }
///     .onDispose { work in work.rollbackIfOpen() }
///
/// let scope = container.openScope(.request)
/// let work = try scope.resolve(UnitOfWork.self)      // this scope's own; factories' `r.resolve()` see it too
/// …
/// try await scope.close()                            // disposes of what it built, dependents first, once
/// ```
///
/// Everything resolved through the scope, and everything those factories resolve (`r.resolve`, property wrappers
/// and key paths read in them, lazy handles they make), gets the scope's one instance of each registration of its
/// scope. No task-local is involved: any code may hold the scope and resolve through it, from any task, and any
/// task may close it. ``withCurrent(isolation:operation:)`` binds it to a task, for code that resolves through a
/// container (``Container/withScope(_:isolation:operation:)`` is that: open, bind, close).
///
/// A copy of the value is the same scope. Closing it disposes of its instances, newest first, each once; a second
/// close does nothing; a resolve after it throws ``ResolutionError/Code/shutDown``. A scope that is dropped without
/// being closed runs no `onDispose` hook (as a container dropped without `shutdown()`): its instances are released.
public struct ContainerScope: Sendable {
    let opened: OpenedScope

    /// The container it was opened on, which resolves what is asked of the scope.
    ///
    /// ```swift
    /// let scope = container.openScope(.request)
    /// assert(scope.container === container)
    /// ```
    public var container: Container { opened.container }

    /// The scope whose registrations keep their instances here.
    ///
    /// ```swift
    /// let scope = container.openScope(.request).scope   // Scope("request")
    /// ```
    public var scope: Scope { opened.scope }

    /// Whether ``close(isolation:)`` was called.
    ///
    /// ```swift
    /// if !scope.isClosed { try await scope.close() }   // close alone does the same: a second close is a no-op
    /// ```
    public var isClosed: Bool { opened.isClosed }

    /// Resolves `Service` in this scope: an instance of a registration of ``scope`` is this scope's own, built once
    /// however many tasks ask at the same time; any other registration resolves as through ``container``.
    ///
    /// ```swift
    /// let work = try scope.resolve(UnitOfWork.self)
    /// let named: Token = try scope.resolve(name: "staging")
    /// ```
    ///
    /// - Throws: ``ResolutionError``, as ``Container/resolve(_:name:fileID:line:)`` does; ``ResolutionError/Code/shutDown``
    ///   once the scope is closed.
    public func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> Service {
        try opened.container.resolve(Service.self, name: name, through: opened, fileID: FileID(fileID), line: line)
    }

    /// Resolves `Service` with arguments in this scope.
    ///
    /// ```swift
    /// let report = try scope.resolve(Report.self, arguments: 2)
    /// ```
    @_disfavoredOverload
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        arguments: repeat each Argument,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> Service {
        let key = Key(serviceType: Service.self, name: name, argumentTypes: (repeat each Argument).self)
        return try PackedArguments.with((repeat each arguments)) { arguments in
            try opened.container.resolve(
                Service.self, key: key, arguments: arguments, through: opened, fileID: FileID(fileID), line: line)
        }
    }

    /// Resolves `Service` in this scope from async code: async factories too, as `Container.resolveAsync` does.
    ///
    /// ```swift
    /// let work = try await scope.resolveAsync(UnitOfWork.self)
    /// ```
    public func resolveAsync<Service: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> Service {
        let container = opened.container
        // What is kept already (a published instance, or this scope's own) is copied out without binding the scope.
        let found = container.lookUpFast(Key(Service.self, name: name), retaining: .any)
        if let payload = found.published {
            let instance = payload.value(Service.self)
            ReadSection.end(found.reader.unsafelyUnwrapped)
            return instance
        }
        if let entry = found.takeEntry(), let kept = Container.keptInstance(of: entry, in: opened) {
            return kept.value(Service.self)
        }
        return try await withCurrent(isolation: isolation) {
            try await container.resolveAsync(Service.self, name: name, isolation: isolation, fileID: fileID, line: line)
        }
    }

    /// Resolves `Service`, which is not `Sendable`, in this scope from async code (an instance of a main-actor
    /// registration is handed out only on the main actor).
    ///
    /// ```swift
    /// let screen: any Screen = try await scope.resolveAsync()   // from main-actor code
    /// ```
    public func resolveAsync<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) async throws -> Service {
        let container = opened.container
        // The operation captures `isolation`, so it runs isolated to the caller (a closure that does not runs off
        // it): a main-actor registration's instance may be handed out there.
        return try await withCurrent(isolation: isolation) {
            try await container.resolveAsync(Service.self, name: name, isolation: isolation, fileID: fileID, line: line)
        }
    }

    /// Runs `operation` with this scope bound to the current task and its child tasks: resolves made there through
    /// any container (``Container/shared``, property wrappers, key paths) get this scope's instances, as inside
    /// ``Container/withScope(_:isolation:operation:)``. The scope stays open afterwards.
    ///
    /// ```swift
    /// let scope = container.openScope(.request)
    /// let response = try await scope.withCurrent { try await handler(request) }   // resolves through Container.shared
    /// try await scope.close()
    /// ```
    public func withCurrent<Result>(
        isolation: isolated (any Actor)? = #isolation, operation: () async throws -> Result
    ) async rethrows -> Result {
        // Written once: a write per call would be shared by every request of a server.
        if !TaskScopes.everBound.isSet { TaskScopes.everBound.set() }
        return try await TaskScopes.$current.withValue(opened, operation: operation, isolation: isolation)
    }

    /// Closes the scope: disposes of the instances it built, newest first (a dependent before what it depends on),
    /// each once, and refuses later resolves. Synchronous hooks run at once, without suspending; async ones are
    /// awaited. Any task may close the scope; a second close does nothing.
    ///
    /// ```swift
    /// try await scope.close()
    /// ```
    ///
    /// - Throws: one ``ResolutionError`` listing each `onDispose` hook that threw; the others still ran.
    public func close(isolation: isolated (any Actor)? = #isolation) async throws {
        let failures = await opened.close(isolation: isolation)
        if !failures.isEmpty { throw Diagnostics.disposal(failures, by: "close() of \(opened.scope)") }
    }

    /// Closes the scope without awaiting anything, for code that cannot await: when every hook is synchronous (and
    /// main-actor hooks run on the main actor), they all run before it returns; otherwise all of them run in order
    /// in a task of their own, as after a synchronous ``Container/reset(_:)-(Scope)``. A second close does nothing.
    ///
    /// ```swift
    /// let scope = container.openScope(.request)
    /// defer { try? scope.closeNow() }
    /// ```
    ///
    /// - Throws: one ``ResolutionError`` listing each hook that threw before it returned (failures of hooks run in a
    ///   task are not reported: use ``close(isolation:)`` to await them).
    public func closeNow() throws {
        switch opened.beginClose() {
        case .done(let failures):
            if !failures.isEmpty { throw Diagnostics.disposal(failures, by: "closeNow() of \(opened.scope)") }
        case .pending(let items):
            Task { _ = await Disposal.runShielded(items, isolation: nil) }
        }
    }

    /// Closes the scope without waiting: synchronous hooks run now (when every hook is synchronous here), async
    /// ones in a task of their own; each failure goes to `report`. For places that cannot await (a `deinit`).
    package func closeNow(reporting report: @escaping @Sendable (ResolutionError) -> Void) {
        switch opened.beginClose() {
        case .done(let failures):
            if !failures.isEmpty { report(Diagnostics.disposal(failures, by: "close() of \(opened.scope)")) }
        case .pending(let items):
            let scope = opened.scope
            Task {
                let failures = await Disposal.runShielded(items, isolation: nil)
                if !failures.isEmpty { report(Diagnostics.disposal(failures, by: "close() of \(scope)")) }
            }
        }
    }
}

extension Container {
    /// Opens a scope of `scope` that you close yourself: a value any code may hold and resolve through, from any
    /// task, with no task-local involved.
    ///
    /// ```swift
    /// let scope = container.openScope(.request)
    /// defer { Task { try await scope.close() } }   // or `try await scope.close()` where the request ends
    /// let work = try scope.resolve(UnitOfWork.self)
    /// ```
    ///
    /// Opening costs one allocation, and closing a scope that built nothing a few loads. The scope sees the
    /// instances of other scopes that were current where it was opened (an enclosing `withScope`, say). See
    /// ``ContainerScope``.
    public func openScope(_ scope: Scope) -> ContainerScope {
        ContainerScope(opened: OpenedScope(container: self, scope: scope, outer: Engine.innermostScope))
    }

    /// A resolve made through an open scope: on a frame whose resolution resolves in it.
    func resolve<Service>(
        _ type: Service.Type, name: String?, through scope: OpenedScope, fileID: FileID, line: UInt
    ) throws -> Service {
        guard name == nil else {
            return try resolve(
                Service.self, key: Key(Service.self, name: name), arguments: nil, through: scope, fileID: fileID,
                line: line)
        }
        // A kept instance published for the fast path belongs to no scope: copied out as `resolve` does.
        let found = lookUpPlain(ObjectIdentifier(Service.self))
        if let payload = found.published {
            let instance = payload.value(Service.self)
            ReadSection.end(found.reader.unsafelyUnwrapped)
            return instance
        }
        var output: ValueAddress?
        var built = false
        do {
            try Engine.withScope(scope) {
                built = true
                output = try buildPlain(
                    Service.self, found: found, file: fileID, line: line, joinsAsync: false)
            }
        } catch {
            // The lookup's reference to its registration ends in `buildPlain`, or here when that never ran.
            if !built { found.discardEntry() }
            // Built, but the hooks deferred to the end of the scope's frame failed.
            if let output {
                output.deinitialize(Service.self)
                Scratch.pop(output)
            }
            throw error
        }
        let value = output.unsafelyUnwrapped.move(Service.self)
        Scratch.pop(output.unsafelyUnwrapped)
        return value
    }

    /// A resolve of `key` (with `arguments`, if any) made through an open scope.
    func resolve<Service>(
        _ type: Service.Type, key: Key, arguments: PackedArguments?, through scope: OpenedScope,
        fileID: FileID, line: UInt
    ) throws -> Service {
        let output = Scratch.push(Service.self)
        var produced = false
        do {
            try Engine.withScope(scope) {
                try resolve(key, arguments: arguments, fileID: fileID, line: line, joinsAsync: false, into: output)
                produced = true
            }
        } catch {
            if produced { output.deinitialize(Service.self) }
            Scratch.pop(output)
            throw error
        }
        let value = output.move(Service.self)
        Scratch.pop(output)
        return value
    }
}
