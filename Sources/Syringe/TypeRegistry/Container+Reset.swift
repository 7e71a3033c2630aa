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
    /// async, or isolated to the main actor and `reset` is called elsewhere, all of them run, in order, in a task
    /// of their own (``dispose(_:)`` awaits them instead).
    public func reset(_ scope: Scope) {
        drop(registry.allEntries.filter { $0.scope == scope })
    }

    /// Drops the kept instances of the registrations of `type` (under `name`) of this container, with or without
    /// resolve-time arguments; without a `name`, also those of its contributions to a multi-binding.
    ///
    /// ```swift
    /// container.reset(Feed.self)
    /// container.register(Greeter.self, scope: .cached) { (r, name: String) in Greeter(name) }
    /// container.reset(Greeter.self)   // the Greeter built with the first resolve's arguments
    /// container.reset((any Plugin).self)   // singleton plugins from `contribute` are built again too
    /// ```
    public func reset<Service>(_ type: Service.Type, name: String? = nil) {
        let identity = ObjectIdentifier(Service.self)
        drop(
            registry.allEntries.filter { entry in
                let key = entry.key
                guard key.name == name, ObjectIdentifier(key.serviceType) == identity else { return false }
                switch key.origin {
                case nil, .contribution: return true
                case .injectionKey, .property, .allContributions: return false
                }
            })
    }

    /// Drops every instance this container keeps, in every scope; with `includingOverrides`, also removes the
    /// overrides of key paths made in this container (assignments through a key's or a property's setter,
    /// `override(_:with:)`), so that every key path reads its default again: what Factory's `reset()` does.
    ///
    /// ```swift
    /// container.resetAll()                            // overrides stay
    /// Container.shared.resetAll(includingOverrides: true)
    /// ```
    ///
    /// Registrations of the type registry and contributions to multi-bindings stay: registering a key again replaced
    /// the earlier registration.
    public func resetAll(includingOverrides: Bool = false) {
        guard includingOverrides else { return drop(registry.allEntries) }
        let overrides = registry.allEntries.filter { $0.key.isKeyPath && !$0.isPerRequest }
        let removed = overrides.compactMap { override in registry.remove(override.key) { $0 === override } }
        drop(registry.allEntries + removed)
    }

    /// Empties the slots of `entries`, disposes of what they kept (no reader can see it any more), releases it.
    func drop(_ entries: [Entry]) {
        let items = Disposal.take(entries.map { ($0, $0 as InstanceSlot) })
        guard !items.isEmpty else { return }
        Reclamation.synchronize()
        Disposal.runNow(items)
    }
}
