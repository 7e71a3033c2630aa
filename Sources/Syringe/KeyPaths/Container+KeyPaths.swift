/// The key-path faces: ``InjectionKey`` subscripts, `provide` properties, `Container[kp]` and
/// `resolve(kp)`. They turn their idiom into keys of the one engine: same scopes, caches, locks, errors.
extension Container {
    /// Reads or overrides the dependency of an ``InjectionKey``, from a property of your own.
    ///
    /// ```swift
    /// extension Container {
    ///     var temperatureProvider: any TemperatureProviding {
    ///         get { self[TemperatureProviderKey.self] }
    ///         set { self[TemperatureProviderKey.self] = newValue }
    ///     }
    /// }
    /// ```
    ///
    /// Reading evaluates `defaultValue` when first needed and keeps it per the key's scope. Assigning
    /// overrides the key in this container and drops what was kept for it.
    public subscript<K: InjectionKey>(
        key: K.Type, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) -> K.Value {
        get {
            // In a test process a key's value is its `testValue`: strict mode looks at it as it is built.
            produceKeyPathValue(
                .injectionKey(K.self, accessor: function), scope: K.scope,
                liveOnly: K.isLiveOnly && !ProcessContext.current.isTest, fileID: fileID, line: line
            ) {
                K.contextualValue {
                    let key = Key(
                        serviceType: K.Value.self, name: nil, argumentTypes: nil,
                        origin: .injectionKey(K.self, accessor: function))
                    // Read directly (`container[Key.self]`), not in a property's getter: the caller's place is the read.
                    let site =
                        Key.Origin.isPropertyName(function)
                        ? nil : FailureReporting.Site(fileID: FileID(fileID), line: line)
                    (homeForDefaults.policy as? TestPolicy)?.reachedLiveDefault(key, readAt: site)
                }
            }
        }
        set {
            let key = Key(
                serviceType: K.Value.self, name: nil, argumentTypes: nil,
                origin: .injectionKey(K.self, accessor: function))
            override(key, with: newValue, fileID: fileID, line: line)
        }
    }

    /// Gives a computed property of ``Container`` a scope: its identity is the property, so two
    /// properties of one type never share an instance or an override.
    ///
    /// ```swift
    /// extension Container {
    ///     var api: any APIClient { provide(.singleton) { LiveAPIClient(session: self.session) } }
    /// }
    /// ```
    ///
    /// A property cannot throw, so a failure inside (a cycle, a missing registration resolved with
    /// `try`) stops the program with the ``ResolutionError`` text.
    public func provide<Value>(
        _ scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        function: StaticString = #function,
        @ProvideBuilder<Value> _ factory: () throws -> Value
    ) -> Value {
        produceKeyPathValue(
            .property(owner: Container.self, name: function, file: fileID), scope: scope, fileID: fileID, line: line,
            factory: factory
        )
    }

    /// Overrides a `provide` property of ``Container`` from its setter.
    ///
    /// ```swift
    /// var clock: any Clock {
    ///     get { provide(.singleton) { SystemClock() } }
    ///     set { override(newValue) }
    /// }
    /// ```
    public func override<Value>(
        _ value: Value, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) {
        override(
            Key.property(function, of: Container.self, in: fileID, as: Value.self), with: value, fileID: fileID,
            line: line)
    }

    /// Reads a dependency of the current container (``shared``) through its key path, after remaps.
    ///
    /// ```swift
    /// let useCase = Container[\.login.useCase]
    /// ```
    public static subscript<Value>(
        keyPath: KeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> Value {
        shared.resolveKeyPath(keyPath, fileID: fileID, line: line)
    }

    /// Reads or overrides a dependency of the current container (``shared``) through its key path.
    ///
    /// ```swift
    /// Container[\.temperatureProvider] = MockTemperatureProvider()
    /// ```
    public static subscript<Value>(
        keyPath: ReferenceWritableKeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line
    ) -> Value {
        get { shared.resolveKeyPath(keyPath, fileID: fileID, line: line) }
        set {
            // The override is made inside the property's setter: tell it where the assignment is written.
            FailureReporting.at(FileID(fileID), line) { shared[keyPath: keyPath] = newValue }
        }
    }

    /// Resolves a dependency through its key path, after remaps by ``InjectionMapper``: the key-path
    /// face of ``resolve(_:name:fileID:line:)``.
    ///
    /// ```swift
    /// let viewModel = try container.resolve(\.login.viewModel)
    /// container.register(Screen.self) { r in Screen(viewModel: try r.resolve(\.login.viewModel)) }
    /// ```
    ///
    /// Key-path dependencies are built by property getters, which cannot throw: a failure inside one
    /// stops the program with the ``ResolutionError`` text (see the Design decisions article). A remap
    /// chain that loops back to its start is thrown as a ``ResolutionError/Code/cycle`` error.
    public func resolve<Value>(
        _ keyPath: KeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> Value {
        if let loop = InjectionMapper.loop(startingAt: keyPath) {
            throw Diagnostics.remapLoop(keyPath, loop: loop, fileID: FileID(fileID), line: line)
        }
        return resolveKeyPath(keyPath, fileID: fileID, line: line)
    }

    /// Restores the default of a key-path dependency: removes this container's override of it and
    /// drops the instance kept for it, so the next read builds the default anew.
    ///
    /// ```swift
    /// Container[\.temperatureProvider] = MockTemperatureProvider()
    /// Container.shared.reset(\.temperatureProvider)   // the live provider again
    /// ```
    ///
    /// To learn which dependency `keyPath` names, Syringe reads it once; what that read builds is dropped.
    public func reset<Value>(_ keyPath: KeyPath<Container, Value>) {
        guard let key = learnKey(of: keyPath) else { return }
        // An override by a factory may keep an instance: it is disposed of as a re-registration's would be.
        let removed = registry.remove(key) { !$0.isPerRequest }
        if let found = lookup(key) { found.owner.drop([found.entry]) }
        if let removed { drop([removed]) }
    }
}

extension Resolution {
    /// Resolves a dependency through its key path (after remaps by ``InjectionMapper``), as part of the
    /// current resolution: key-path and type-registry dependencies live in one graph.
    ///
    /// ```swift
    /// container.register(LoginScreen.self) { r in LoginScreen(viewModel: try r.resolve(\.login.viewModel)) }
    /// ```
    public func resolve<Value>(
        _ keyPath: KeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> Value {
        try Engine.joining(CurrentFrame.frame == nil ? AsyncFrame.current : nil) {
            try container.resolve(keyPath, fileID: fileID, line: line)
        }
    }
}
