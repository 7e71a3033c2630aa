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
        _ type: Service.Type = Service.self,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () throws -> Service
    ) -> Registration<Service> {
        addContribution(scope: scope, factory: .plain(factory), fileID: fileID, line: line)
    }

    /// Contributes one implementation of `Service` whose factory resolves its own dependencies.
    ///
    /// ```swift
    /// container.contribute((any Plugin).self) { r in CrashPlugin(log: try r.resolve()) }
    /// ```
    @discardableResult
    public func contribute<Service>(
        _ type: Service.Type = Service.self,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolution) throws -> Service
    ) -> Registration<Service> {
        addContribution(scope: scope, factory: .resolver(factory), fileID: fileID, line: line)
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
        _ type: Service.Type = Service.self,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws(ResolutionError) -> [Service] {
        let contributions = self.contributions(of: Service.self)
        guard !contributions.isEmpty else {
            if let error = nothingContributed(Service.self, fileID: fileID, line: line) { throw error }
            return []
        }
        let parent = CurrentFrame.pointer
        // One frame for the whole request: the contributions share one resolution (and its `.graph`
        // instances), and paths read `[any Plugin] → any Plugin (contribution at …) → …`.
        var key = Key.allContributions(of: Service.self)
        return try withUnsafePointer(to: &key) { (key) throws(ResolutionError) -> [Service] in
            var frame = Frame(request: key, parent: parent)
            return try withUnsafeMutablePointer(to: &frame) { (frame) throws(ResolutionError) -> [Service] in
                CurrentFrame.pointer = frame
                defer {
                    CurrentFrame.pointer = parent
                    if parent == nil { frame.pointee.endRoot() }
                }
                var all: [Service] = []
                all.reserveCapacity(contributions.count)
                for (entry, owner) in contributions {
                    all.append(try owner.produce(entry, key: entry.key, requester: self, arguments: nil))
                }
                guard parent == nil, let graph = frame.pointee.graph else { return all }
                // This frame is the root: run the deferred `onCreated` hooks of `.graph` instances, then read
                // those instances back (a value type's hooks change the kept copy).
                while !graph.deferred.isEmpty {
                    if let error = graph.deferred.removeFirst()() { throw error }
                }
                for (index, (entry, _)) in contributions.enumerated() where entry.scope == .graph {
                    if let box = graph.instances[ObjectIdentifier(entry)] {
                        all[index] = unsafeDowncast(box, to: Box<Service>.self).value
                    }
                }
                return all
            }
        }
    }

    private func addContribution<Service>(
        scope: Scope, factory: Entry<Service>.Factory, fileID: StaticString, line: UInt
    ) -> Registration<Service> {
        let key = Key.contribution(to: Service.self, fileID: fileID, line: line)
        let registration = add(key, scope: scope, factory: factory, fileID: fileID, line: line)
        registry.addContribution(key, to: ObjectIdentifier(Service.self))
        return registration
    }

    /// The contributions of `Service` visible here, root container first, each with its owner.
    func contributions<Service>(of type: Service.Type) -> [(entry: Entry<Service>, owner: Container)] {
        let id = ObjectIdentifier(Service.self)
        return lineage.reversed().flatMap { container in
            container.registry.contributions(to: id).map { (unsafeDowncast($0, to: Entry<Service>.self), container) }
        }
    }
}
