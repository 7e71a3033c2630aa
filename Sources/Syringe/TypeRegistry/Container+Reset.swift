extension Container {
    /// Drops the instances this container keeps for `scope`: `.cached`, `.shared`, a custom scope, or even
    /// `.singleton` (the next resolve builds anew). Parents are not touched.
    ///
    /// ```swift
    /// container.reset(.cached)
    /// container.reset(.session)   // a custom scope, e.g. at logout
    /// ```
    ///
    /// A dropped instance is released before `reset` returns: unless something else holds it, its `deinit`
    /// runs now, on this thread. Its `onDispose` hooks run first, newest instance first; when any of them is
    /// async, all of them run, in order, in a task of their own (``dispose(_:)`` awaits them instead).
    public func reset(_ scope: Scope) {
        drop(registry.allEntries.filter { $0.scope == scope })
    }

    /// Drops the kept instance of one registration of this container.
    ///
    /// ```swift
    /// container.reset(Feed.self)
    /// ```
    public func reset<Service>(_ type: Service.Type, name: String? = nil) {
        if let entry = registry.entry(for: Key(Service.self, name: name)) { drop([entry]) }
    }

    /// Drops every instance this container keeps, in every scope.
    ///
    /// ```swift
    /// container.resetAll()
    /// ```
    public func resetAll() {
        drop(registry.allEntries)
    }

    /// Empties the slots of `entries`, disposes of what they kept (no reader can see it any more), releases it.
    func drop(_ entries: [Entry]) {
        let items = Disposal.take(entries.map { ($0, $0 as InstanceSlot) })
        guard !items.isEmpty else { return }
        Reclamation.synchronize()
        Disposal.runNow(items)
    }
}
