/// The handle a registration returns, for adding what runs after the factory.
///
/// ```swift
/// container.register(Parent.self, scope: .graph) { Parent() }
///     .onCreated { parent, r in parent.child = try r.resolve() }
/// ```
public struct Registration<Service>: Sendable {
    let entry: Entry<Service>

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
    ///
    /// ```swift
    /// container.register(Parent.self, scope: .graph) { Parent() }
    ///     .onCreated { parent, r in parent.child = try r.resolve() }
    /// container.register(Child.self, scope: .graph) { r in Child(parent: try r.resolve()) }
    /// ```
    @discardableResult
    public func onCreated(_ hook: @escaping @Sendable (inout Service, Resolution) throws -> Void) -> Self {
        entry.addHook(hook)
        return self
    }

    /// Marks the registration as live-only: a strict test (``Container/withOverrides(strict:_:operation:)``
    /// or SyringeTesting's `.container(strict: true)`) that resolves it without overriding it is reported
    /// as a failure naming the key.
    ///
    /// ```swift
    /// container.register(APIClient.self, scope: .singleton) { LiveAPIClient() }.liveOnly()
    /// ```
    @discardableResult
    public func liveOnly() -> Self {
        entry.isLiveOnly = true
        return self
    }
}
