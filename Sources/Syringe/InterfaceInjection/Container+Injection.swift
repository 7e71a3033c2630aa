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
        @_inheritActorContext _ injector: @escaping @isolated(any) @Sendable (Target, Resolution) throws -> Void
    ) {
        let key = Key(Target.self)
        let inject = IsolatedCall.unchecked(injector)
        let isolation = FunctionIsolation(injector.isolation)
        let injector = Injector(key: key, place: Place(fileID: FileID(fileID), line: line)) { target, r in
            // Interface injection is a dynamic question by nature ("does this object adopt the protocol?"),
            // asked once per injector and target, never on the resolve path.
            guard let adopted = target as? Target else { return false }
            // `inject(into:)` is synchronous: an injector written in main-actor code runs only there.
            switch isolation {
            case .nonisolated: break
            case .mainActor:
                guard MainActorCheck.isCurrent else {
                    throw Diagnostics.mainActorRequired(key, fileID: FileID(fileID), line: line, what: "its injector")
                }
            case .actor(let actor):
                throw Diagnostics.actorIsolatedInjector(key, actor: actor, fileID: FileID(fileID), line: line)
            }
            try inject(adopted, r)
            return true
        }
        state(InjectorTable.self) { InjectorTable() }.add(injector)
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
    public func inject<Target>(into target: Target) throws {
        var injectors: [Injector] = []
        for container in lineage.reversed() {
            for injector in container.existingState(InjectorTable.self)?.all ?? [] {
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
        // From the target's own factory or hook, the path already names it.
        if let parent = CurrentFrame.frame, parent.key == key {
            return try runInjectors(injectors, on: value, key: key)
        }
        try Engine.withRequestFrame(key) { _ in try runInjectors(injectors, on: value, key: key) }
    }

    private func runInjectors(_ injectors: [Injector], on target: Any, key: Key) throws {
        let resolution = Resolution(container: self)
        for injector in injectors {
            do {
                _ = try injector.apply(target, resolution)
            } catch let error as ResolutionError {
                throw error
            } catch {
                throw Diagnostics.injectorFailed(injector.key, target: key, place: injector.place, error: error)
            }
        }
    }
}

extension Resolution {
    /// Runs every injector registered for a protocol that `target` adopts: interface injection from inside
    /// a factory or an `onCreated` hook.
    ///
    /// ```swift
    /// container.register(Car.self) { Car() }
    ///     .onCreated { car, r in try r.inject(into: car) }
    /// ```
    public func inject<Target>(into target: Target) throws {
        try Engine.joining(CurrentFrame.frame == nil ? AsyncFrame.current : nil) {
            try container.inject(into: target)
        }
    }
}
