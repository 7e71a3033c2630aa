extension Container {
    /// Resolves `Service`: runs or reuses its registration's factory according to its scope.
    ///
    /// ```swift
    /// let car = try container.resolve(Car.self)
    /// let engine: any Engine = try container.resolve()
    /// let staging = try container.resolve(Token.self, name: "staging")
    /// ```
    ///
    /// - Throws: ``ResolutionError`` when nothing is registered, the argument types differ, a cycle is
    ///   found or a factory fails. The container stays fully usable afterwards.
    @inlinable
    public func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws(ResolutionError) -> Service {
        // The fast path, specialised in the caller, for a plain type key of this container: a kept instance
        // is read, and a unique one built, without a lock, a dynamic cast or a retain of the registration.
        if name == nil, tracer == nil, let found = registry.entry(forPlainType: ObjectIdentifier(Service.self)) {
            if let instance = found._withUnsafeGuaranteedRef({ unsafeDowncast($0, to: Entry<Service>.self).cachedInstance() }) {
                return instance
            }
            if found._withUnsafeGuaranteedRef({ $0.storage == .none }) {
                return try buildUnique(found, as: Service.self)
            }
        }
        return try resolveRegistered(Service.self, name: name, fileID: fileID, line: line)
    }

    /// Builds a unique registration of this container found by the fast path, the entry borrowed.
    @inlinable
    func buildUnique<Service>(_ found: Unmanaged<AnyEntry>, as: Service.Type) throws(ResolutionError) -> Service {
        var failure: ResolutionError?
        let instance: Service? = found._withUnsafeGuaranteedRef { anyEntry in
            let entry = unsafeDowncast(anyEntry, to: Entry<Service>.self)
            do throws(ResolutionError) {
                return try build(entry, in: self, graph: false) { resolution in try entry.make(resolution) }
            } catch {
                failure = error
                return nil
            }
        }
        guard let instance else { throw failure! }
        return instance
    }

    /// Everything but the fast path of ``resolve(_:name:fileID:line:)``; specialised in the caller too.
    @inlinable
    func resolveRegistered<Service>(
        _ type: Service.Type, name: String?, fileID: StaticString, line: UInt
    ) throws(ResolutionError) -> Service {
        let key = Key(Service.self, name: name)
        guard let found = lookup(key) else { return try resolveUnregistered(key, fileID: fileID, line: line) }
        let entry = unsafeDowncast(found.entry, to: Entry<Service>.self)
        return try found.owner.produce(entry, key: key, requester: self, arguments: nil)
    }

    /// The slow path of a key with no registration: a protocol that a registered component conforms to
    /// resolves to that component, an optional resolves its wrapped type, anything else is an error.
    @usableFromInline
    func resolveUnregistered<Service>(
        _ key: Key, fileID: StaticString, line: UInt
    ) throws(ResolutionError) -> Service {
        if let forward = try forwardingByConformance(to: key, as: Service.self, fileID: fileID, line: line) {
            return try forward.owner.produce(forward.entry, key: key, requester: self, arguments: nil)
        }
        if let optional = Service.self as? any OptionalService.Type {
            // Wrapped is registered (or the error names it): the value converts back to `Service`.
            return try optional.resolveWrapped(in: self, name: key.name, fileID: fileID, line: line) as! Service
        }
        throw missing(key, fileID: fileID, line: line)
    }

    /// Resolves `Service` with arguments for its factory.
    ///
    /// ```swift
    /// container.register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }
    /// let greeter = try container.resolve(Greeter.self, arguments: "Ada", 3)
    /// ```
    ///
    /// - Throws: ``ResolutionError`` with code ``ResolutionError/Code/argumentMismatch`` when the service
    ///   is registered with other argument types.
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        arguments: repeat each Argument,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws(ResolutionError) -> Service {
        let key = Key(serviceType: Service.self, name: name, argumentTypes: (repeat each Argument).self)
        guard let found = lookup(key) else { throw missing(key, fileID: fileID, line: line) }
        let entry = unsafeDowncast(found.entry, to: Entry<Service>.self)
        return try found.owner.produce(entry, key: key, requester: self, arguments: (repeat each arguments))
    }

    /// Resolves `Service` if it is registered, or returns `nil` when nothing is registered for it.
    ///
    /// `nil` means only "not registered": when a registration exists but fails (a missing dependency,
    /// a cycle, a throwing factory), this stops the program with the error's message, as a mistake
    /// should not pass as an absent value. Use ``resolve(_:name:fileID:line:)`` to handle the error.
    ///
    /// ```swift
    /// let analytics = container.resolveIfRegistered(Analytics.self)   // Analytics?
    /// ```
    public func resolveIfRegistered<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Service? {
        let key = Key(Service.self, name: name)
        guard lookup(key) != nil || answersByConformance(key, as: Service.self) else { return nil }
        do {
            return try resolve(Service.self, name: name, fileID: fileID, line: line)
        } catch {
            fatalError(error.description, file: fileID, line: line)
        }
    }

    /// Resolves `Service` or stops the program with the error's message: for places that cannot
    /// throw, such as default arguments (constructor injection).
    ///
    /// ```swift
    /// final class Car {
    ///     init(engine: any Engine = Container.shared.resolved()) { … }
    /// }
    /// ```
    ///
    /// Prefer ``resolve(_:name:fileID:line:)`` where you can throw; run `try container.resolve(…)` for
    /// such types in a test to find the failure before users do.
    public func resolved<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Service {
        do {
            return try resolve(Service.self, name: name, fileID: fileID, line: line)
        } catch {
            fatalError(error.description, file: fileID, line: line)
        }
    }

    /// The synchronous engine's check of an entry whose factory is async or isolated to the main actor:
    /// the former always throws, the latter throws unless the caller runs on the main actor. Such entries
    /// never publish an instance for the fast path and always take the out-of-line builds, so the check
    /// costs the common path nothing.
    @usableFromInline
    func requireSynchronous(_ entry: AnyEntry, key: Key) throws(ResolutionError) {
        switch entry.execution {
        case .synchronous:
            return
        case .async:
            throw asyncRequired(key, entry: entry)
        case .mainActor:
            if !MainActorCheck.isCurrent { throw mainActorRequired(key, entry: entry) }
        }
    }

    // MARK: - The engine

    /// Produces an instance of `entry`, a registration of this container, for a request made to
    /// `requester` (this container or a descendant).
    @inlinable
    func produce<Service>(
        _ entry: Entry<Service>, key: Key, requester: Container, arguments: Any?
    ) throws(ResolutionError) -> Service {
        try produce(entry, key: key, requester: requester) { resolution in try entry.make(resolution, arguments) }
    }

    /// Produces an instance of `entry` with `factory` as the way to build one (the registered factory,
    /// or the body of a `provide` property access).
    @inlinable
    func produce<Service>(
        _ entry: Entry<Service>, key: Key, requester: Container, factory: (Resolution) throws -> Service
    ) throws(ResolutionError) -> Service {
        if let tracer = requester.tracer ?? tracer {
            tracer.record(entry, reused: entry.storage == .graph ? Container.graphInstance(of: entry) != nil
                : entry.storedInstance() != nil)
        }
        switch entry.storage {
        case .none:
            // Unique and graph instances are not kept here, so their dependencies come from the
            // requesting container: a child's registrations apply to a parent's factories.
            return try build(entry, in: requester, graph: false, factory: factory)
        case .graph:
            if let kept = Container.graphInstance(of: entry) {
                return unsafeDowncast(kept, to: Box<Service>.self).value
            }
            return try buildSlow(entry, key: key, in: requester, graph: true, factory: factory)
        case .stored:
            if let instance = entry.storedInstance() { return instance }
            return try buildStored(entry, key: key, factory: factory)
        }
    }

    /// The `.graph` instance of `entry` in the current resolution, if it has been built.
    @usableFromInline
    static func graphInstance(of entry: AnyEntry) -> AnyObject? {
        guard let current = CurrentFrame.pointer else { return nil }
        return Frame.root(of: current).pointee.graph?.instances[ObjectIdentifier(entry)]
    }

    /// Builds the instance of a stored scope exactly once, however many threads ask at the same time.
    @usableFromInline
    func buildStored<Service>(
        _ entry: Entry<Service>, key: Key, factory: (Resolution) throws -> Service
    ) throws(ResolutionError) -> Service {
        if _slowPath(entry.execution != .synchronous) { try requireSynchronous(entry, key: key) }
        if let constructed = try reentry(entry, key: key) { return constructed }
        let me = ThreadID.current
        while true {
            var claimed: BuildTicket?
            switch entry.readOrClaim({ claimed = BuildTicket(owner: me); return claimed! }) {
            case let .ready(instance):
                return instance
            case let .building(ticket):
                guard WaitGraph.beginWaiting(for: ticket) else {
                    throw crossThreadCycle(key: key, entry: entry)
                }
                ticket.wait()
                WaitGraph.endWaiting()
            case let .empty(epoch):
                let ticket = claimed!
                do {
                    // Stored instances are built from what their own container sees, so a parent's
                    // singleton never depends on which child asked for it first.
                    let instance = try buildSlow(entry, key: key, in: self, graph: false, factory: factory)
                    entry.finishBuild(instance, startedAt: epoch)
                    ticket.finish()
                    return instance
                } catch {
                    entry.finishBuild(nil, startedAt: epoch)
                    ticket.finish()
                    throw error
                }
            }
        }
    }

    /// When `entry` is already being built on this resolution's path: its instance, if its factory has
    /// returned and its `onCreated` hooks are running (a closed cycle); otherwise a cycle error.
    @usableFromInline
    func reentry<Service>(_ entry: Entry<Service>, key: Key) throws(ResolutionError) -> Service? {
        let target = Unmanaged.passUnretained(entry as AnyEntry).toOpaque()
        var node = CurrentFrame.pointer
        while let frame = node {
            if frame.pointee.entry?.toOpaque() == target {
                if entry.scope != .unique, let constructed = frame.pointee.constructed {
                    return unsafeDowncast(constructed.takeUnretainedValue(), to: Box<Service>.self).value
                }
                throw cycle(key: key, entry: entry)
            }
            node = frame.pointee.parent
        }
        return nil
    }

    /// Runs the factory of `entry` on a new frame of the current resolution: the common case (no hooks,
    /// not on the path already), specialised in the caller.
    @inlinable
    func build<Service>(
        _ entry: Entry<Service>, in container: Container, graph: Bool,
        factory: (Resolution) throws -> Service
    ) throws(ResolutionError) -> Service {
        let parent = CurrentFrame.pointer
        if entry.hasHooks || Frame.contains(entry, from: parent) {
            return try buildSlow(entry, key: entry.key, in: container, graph: graph, factory: factory)
        }
        var frame = Frame(entry: entry, parent: parent)
        return try withUnsafeMutablePointer(to: &frame) { (frame) throws(ResolutionError) -> Service in
            CurrentFrame.pointer = frame
            defer {
                CurrentFrame.pointer = parent
                if parent == nil { frame.pointee.endRoot() }
            }
            let instance: Service
            do {
                instance = try factory(Resolution(container: container))
            } catch let error as ResolutionError {
                throw error
            } catch {
                throw factoryFailed(entry: entry, error: error)
            }
            if parent == nil, frame.pointee.graphCache != nil { try Container.runDeferredHooks(of: frame) }
            return instance
        }
    }

    /// Runs the deferred `onCreated` hooks of nested graph instances, at the end of a top-level build.
    @usableFromInline
    static func runDeferredHooks(of frame: UnsafeMutablePointer<Frame>) throws(ResolutionError) {
        guard let graph = frame.pointee.graph else { return }
        while !graph.deferred.isEmpty {
            if let error = graph.deferred.removeFirst()() { throw error }
        }
    }

    /// Runs the factory and the hooks of `entry` on a new frame of the current resolution.
    @usableFromInline
    func buildSlow<Service>(
        _ entry: Entry<Service>, key: Key, in container: Container, graph: Bool,
        factory: (Resolution) throws -> Service
    ) throws(ResolutionError) -> Service {
        if _slowPath(entry.execution != .synchronous) { try requireSynchronous(entry, key: key) }
        if let constructed = try reentry(entry, key: key) { return constructed }
        let parent = CurrentFrame.pointer
        var frame = Frame(entry: entry, parent: parent)
        return try withUnsafeMutablePointer(to: &frame) { (frame) throws(ResolutionError) -> Service in
            CurrentFrame.pointer = frame
            defer {
                CurrentFrame.pointer = parent
                if parent == nil { frame.pointee.endRoot() }
            }
            let resolution = Resolution(container: container)
            var instance: Service
            do {
                instance = try factory(resolution)
            } catch let error as ResolutionError {
                throw error
            } catch {
                throw factoryFailed(entry: entry, error: error)
            }
            let hooks = entry.currentHooks
            if graph || !hooks.isEmpty {
                let box = Box(instance)
                frame.pointee.constructed = Unmanaged.passUnretained(box)
                defer { withExtendedLifetime(box) { frame.pointee.constructed = nil } }
                if graph { Container.keepInGraph(box, for: entry, from: frame) }
                if graph && parent != nil && !hooks.isEmpty {
                    // A nested graph instance may be needed by its own hooks' dependencies (Child needs
                    // Parent while Parent's hook needs Child): its hooks run once the top-level factory has
                    // returned, before anything is handed out. Graph instances never leave their resolution.
                    Frame.root(of: frame).pointee.graph!.deferred.append { () -> ResolutionError? in
                        do throws(ResolutionError) {
                            try self.runHooks(hooks, of: entry, on: box, resolution: resolution)
                            return nil
                        } catch {
                            return error
                        }
                    }
                } else {
                    try runHooks(hooks, of: entry, on: box, resolution: resolution)
                    instance = box.value
                }
            }
            if parent == nil { try Container.runDeferredHooks(of: frame) }
            return instance
        }
    }

    func runHooks<Service>(
        _ hooks: [@Sendable (inout Service, Resolution) throws -> Void],
        of entry: Entry<Service>,
        on box: Box<Service>,
        resolution: Resolution
    ) throws(ResolutionError) {
        // Hooks mutate a copy: the box is read by whoever closes a cycle back to this instance while the
        // hooks run (the same reference, for a class).
        var instance = box.value
        do {
            for hook in hooks { try hook(&instance, resolution) }
        } catch let error as ResolutionError {
            throw error
        } catch {
            throw factoryFailed(entry: entry, error: error)
        }
        box.value = instance
    }

    private static func keepInGraph(_ box: AnyObject, for entry: AnyEntry, from frame: UnsafeMutablePointer<Frame>) {
        Frame.root(of: frame).pointee.makeGraph().instances[ObjectIdentifier(entry)] = box
    }
}
