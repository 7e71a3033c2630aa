/// Interface injection: injectors registered for a protocol, run on every object that adopts it.
extension Container {
    /// Registers an injector for every type that adopts `type`, a protocol: interface injection.
    ///
    /// ```swift
    /// protocol EngineMountable: AnyObject { func mountEngine(_ engine: any Engine) }
    /// final class Car: EngineMountable { … }
    ///
    /// container.registerInjector(for: (any EngineMountable).self) { target, r in
    ///     target.mountEngine(try r.resolve())
    /// }
    /// try container.inject(into: car)
    /// ```
    ///
    /// The injector receives the target as the protocol and a ``Resolution`` for its dependencies.
    /// Registering an injector for the same protocol again replaces the earlier one (in its place in the
    /// order); a child container's injector replaces its parent's for injections through the child.
    public func registerInjector<Target>(
        for type: Target.Type,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        _ injector: @escaping @Sendable (Target, Resolution) throws -> Void
    ) {
        let injector = Injector(key: Key(Target.self), fileID: fileID, line: line) { target, resolution in
            // Interface injection is a dynamic question by nature ("does this object adopt the protocol?"),
            // asked once per injector and target, never on the resolve path.
            guard let adopted = target as? Target else { return false }
            try injector(adopted, resolution)
            return true
        }
        injectors.withLock { injectors in
            if let index = injectors.firstIndex(where: { $0.key == injector.key }) {
                injectors[index] = injector
            } else {
                injectors.append(injector)
            }
        }
    }

    /// Runs every injector registered for a protocol that `target` adopts, in registration order, those of
    /// parent containers first.
    ///
    /// ```swift
    /// let car = Car()
    /// try container.inject(into: car)   // mounts the engine and the transmission
    /// ```
    ///
    /// - Throws: ``ResolutionError`` when an injector's dependency cannot be resolved (the path starts at
    ///   the target's type) or an injector throws (``ResolutionError/Code/factoryFailed``).
    public func inject<Target>(into target: Target) throws(ResolutionError) {
        var injectors: [Injector] = []
        for container in lineage.reversed() {
            for injector in container.injectors.withLock({ $0 }) {
                if let index = injectors.firstIndex(where: { $0.key == injector.key }) {
                    injectors[index] = injector
                } else {
                    injectors.append(injector)
                }
            }
        }
        guard !injectors.isEmpty else { return }
        let value = target as Any
        let key = Key(serviceType: Swift.type(of: value), name: nil, argumentTypes: nil)
        let parent = CurrentFrame.pointer
        // From the target's own factory or hook, the path already names it.
        if let parent, parent.pointee.key == key {
            return try runInjectors(injectors, on: value, key: key)
        }
        try withUnsafePointer(to: key) { (request) throws(ResolutionError) in
            var frame = Frame(request: request, parent: parent)
            try withUnsafeMutablePointer(to: &frame) { (frame) throws(ResolutionError) in
                CurrentFrame.pointer = frame
                defer {
                    CurrentFrame.pointer = parent
                    if parent == nil { frame.pointee.endRoot() }
                }
                try runInjectors(injectors, on: value, key: key)
                if parent == nil { try Container.runDeferredHooks(of: frame) }
            }
        }
    }

    private func runInjectors(_ injectors: [Injector], on target: Any, key: Key) throws(ResolutionError) {
        let resolution = Resolution(container: self)
        for injector in injectors {
            do {
                _ = try injector.apply(target, resolution)
            } catch let error as ResolutionError {
                throw error
            } catch {
                throw injectorFailed(injector, target: key, error: error)
            }
        }
    }
}
