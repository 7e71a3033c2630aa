/// The handle a registration returns, for adding what runs around its instances' lives.
///
/// ```swift
/// container.register(Parent.self, scope: .graph) { Parent() }
///     .onCreated { parent, r in parent.child = try r.resolve() }
/// ```
public struct Registration<Service>: Sendable {
    @usableFromInline let entry: Entry
    /// The container the registration was made in.
    @usableFromInline let container: Container

    // Transparent: made at every registration of a large app, without a specialised copy per service type.
    @usableFromInline @_transparent
    init(entry: Entry, container: Container) {
        self.entry = entry
        self.container = container
    }

    /// The key this registration answers.
    ///
    /// ```swift
    /// let key = container.register(Engine.self) { V8Engine() }.key   // any Engine
    /// ```
    public var key: Key { entry.key }

    /// Adds a hook that runs after the factory and before the instance is handed out: setter injection.
    ///
    /// The hook receives the new instance (`inout`, so value types can be set up too) and a
    /// ``Resolution`` for its own dependencies. With ``Scope/graph`` it closes cycles: the instance is
    /// already visible to the graph while its hook runs, so a child that resolves its parent gets this one.
    /// When a hook throws, the resolve fails and nothing built on its path is kept (nor disposed of: `onDispose` hooks
    /// serve kept instances only, so what the factory acquired is released by `deinit`). A hook serves the instances
    /// built after it was added: chain it on the `register` call. (An instance that another thread resolves in the
    /// moment between `register` and `onCreated` is built without it, and kept so if its scope keeps it.)
    ///
    /// ```swift
    /// container.register(Parent.self, scope: .graph) { Parent() }
    ///     .onCreated { parent, r in parent.child = try r.resolve() }
    /// container.register(Child.self, scope: .graph) { r in Child(parent: try r.resolve()) }
    /// ```
    @discardableResult
    public func onCreated(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ hook: @escaping @isolated(any) @Sendable (inout Service, Resolution) throws -> Void
    ) -> Self {
        let run = IsolatedCall.unchecked(hook)
        entry.addCreated(isolation: hook.isolation, place: Place(fileID: FileID(fileID), line: line)) {
            payload, resolution in
            // The hook mutates a copy: whoever closes a cycle back to this instance while the hook runs reads
            // the stored one (the same object, for a class).
            var instance = payload.value(Service.self)
            try run(&instance, resolution)
            payload.update(as: Service.self, to: instance)
        }
        return self
    }

    /// Adds an async hook that runs after the factory and before the instance is handed out. A registration
    /// with an async hook resolves through `resolveAsync` only.
    ///
    /// ```swift
    /// container.register(Cache.self, scope: .singleton) { Cache() }
    ///     .onCreated { cache, r async throws in await cache.warm(from: try await r.resolveAsync()) }
    /// ```
    @discardableResult
    public func onCreated(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ hook:
            @escaping @isolated(any) @Sendable (inout Service, Resolution) async throws -> Void
    ) -> Self {
        let run = IsolatedCall.unchecked(hook)
        entry.addCreated(
            .async(
                { payload, resolution in
                    var instance = payload.value(Service.self)
                    try await run(&instance, resolution)
                    payload.update(as: Service.self, to: instance)
                }, Place(fileID: FileID(fileID), line: line)))
        return self
    }

    /// Marks the registration as live-only: a strict test (``Container/withOverrides(strict:_:operation:)``
    /// or SyringeTesting's `.container(strict: true)`) that resolves it without overriding it is reported
    /// as a failure naming the key.
    ///
    /// ```swift
    /// container.register(APIClient.self, scope: .singleton) { LiveAPIClient() }.liveOnly()
    /// ```
    ///
    /// A registration built with its `.onTest` alternative is not live in a test, and is not reported.
    @discardableResult
    public func liveOnly() -> Self {
        if !usesTestAlternative { entry.isLiveOnly = true }
        return self
    }
}
