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
            let key = Key(serviceType: K.Value.self, name: nil, argumentTypes: nil, origin: .injectionKey(K.self, accessor: function))
            return provided(key, scope: K.scope, liveOnly: K.isLiveOnly, fileID: fileID, line: line) { K.defaultValue }
        }
        set {
            let key = Key(serviceType: K.Value.self, name: nil, argumentTypes: nil, origin: .injectionKey(K.self, accessor: function))
            override(key, with: newValue)
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
        _ factory: () throws -> Value
    ) -> Value {
        let key = Key.property(function, of: Container.self, as: Value.self)
        return provided(key, scope: scope, fileID: fileID, line: line, factory: factory)
    }

    /// Overrides a `provide` property of ``Container`` from its setter.
    ///
    /// ```swift
    /// var clock: any Clock {
    ///     get { provide(.singleton) { SystemClock() } }
    ///     set { override(newValue) }
    /// }
    /// ```
    public func override<Value: Sendable>(_ value: Value, function: StaticString = #function) {
        let key = Key.property(function, of: Container.self, as: Value.self)
        override(key, with: value)
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
        set { shared[keyPath: keyPath] = newValue }
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
    ) throws(ResolutionError) -> Value {
        if let loop = InjectionMapper.loop(startingAt: keyPath) {
            throw ResolutionError(
                code: .cycle,
                summary: "cannot resolve `\(keyPath)`: its remaps loop (\(loop)).",
                path: [], fileID: "\(fileID)", line: Int(line),
                fix: "remove one of the remaps with InjectionMapper.reset(_:).")
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
        registry.remove(key) { !$0.isProvided }
        lookup(key)?.entry.reset()
    }

    // MARK: - Plumbing

    /// Evaluates `keyPath` (after remaps) with the place of the request published for error messages.
    @inline(__always)
    func resolveKeyPath<Value>(_ keyPath: KeyPath<Container, Value>, fileID: StaticString, line: UInt) -> Value {
        let target = InjectionMapper.target(for: keyPath)
        var site = InjectionSite(fileID: fileID, line: line)
        return withUnsafeMutablePointer(to: &site) { site in
            let outer = InjectionSite.current.pointer
            InjectionSite.current.pointer = site
            defer { InjectionSite.current.pointer = outer }
            return self[keyPath: target]
        }
    }

    /// Produces the value of a key-path key: its override if one is registered, else its default from
    /// `factory`, kept per `scope` in the root container of this one.
    func provided<Value>(
        _ key: Key, scope: Scope, liveOnly: Bool = false, fileID: StaticString, line: UInt,
        factory: () throws -> Value
    ) -> Value {
        if let slot = KeyLearning.slot.pointer, slot.pointee == nil { slot.pointee = key }
        let found =
            lookup(key)
            ?? installDefault(key, as: Value.self, scope: scope, liveOnly: liveOnly, fileID: fileID, line: line)
        do {
            guard found.entry.serviceIdentity == ObjectIdentifier(Value.self) else {
                return try convertedOverride(found, key: key, to: Value.self)
            }
            let entry = unsafeDowncast(found.entry, to: Entry<Value>.self)
            if entry.isProvided {
                return try found.owner.produce(entry, key: key, requester: self) { _ in try factory() }
            }
            return try found.owner.produce(entry, key: key, requester: self, arguments: nil)
        } catch {
            fatalError(InjectionSite.describe(error))
        }
    }

    /// An override whose static type differs from the getter's: Swift infers `provide { Concrete() }` as
    /// `Concrete`, while the setter passes the property's declared type.
    private func convertedOverride<Value>(
        _ found: (entry: AnyEntry, owner: Container), key: Key, to: Value.Type
    ) throws(ResolutionError) -> Value {
        let value = try found.entry.produceAny(owner: found.owner, key: key, requester: self)
        if let converted = value as? Value { return converted }
        let getterType = TypeName.describe(Value.self)
        let overrideType = TypeName.describe(type(of: value))
        throw ResolutionError(
            code: .typeMismatch,
            summary: "cannot use the override of `\(key.description)`: it is a `\(overrideType)`, but the "
                + "property's getter builds `\(getterType)`.",
            path: currentPath(then: key), fileID: "\(found.entry.fileID)", line: Int(found.entry.line),
            fix: "let the getter's factory return the property's type, e.g. "
                + "provide { \(getterType)() as any Protocol } with the protocol the property declares.")
    }

    /// Installs the default entry of a key-path key in the root container, unless another thread did first.
    private func installDefault<Value>(
        _ key: Key, as: Value.Type, scope: Scope, liveOnly: Bool, fileID: StaticString, line: UInt
    ) -> (entry: AnyEntry, owner: Container) {
        let root = homeForDefaults
        let entry = Entry<Value>(key: key, scope: scope, factory: .provided, fileID: fileID, line: line)
        entry.isLiveOnly = liveOnly
        root.reportIfLiveOnly(entry)
        return (root.registry.installIfAbsent(entry), root)
    }

    /// Registers `value` for a key-path key in this container, replacing what was there.
    func override<Value: Sendable>(_ key: Key, with value: Value, fileID: StaticString = #fileID, line: UInt = #line) {
        install(Entry<Value>(key: key, scope: .unique, factory: .plain { value }, fileID: fileID, line: line))
    }

    /// Drops the instance kept for what `keyPath` names, wherever it is kept.
    func dropKept<Value>(_ keyPath: KeyPath<Container, Value>) {
        guard let key = learnKey(of: keyPath) else { return }
        lookup(key)?.entry.reset()
    }

    /// Which key `keyPath` names: the first key-path key its evaluation reaches.
    private func learnKey<Value>(of keyPath: KeyPath<Container, Value>) -> Key? {
        var learned: Key?
        withUnsafeMutablePointer(to: &learned) { slot in
            let outer = KeyLearning.slot.pointer
            KeyLearning.slot.pointer = slot
            defer { KeyLearning.slot.pointer = outer }
            _ = self[keyPath: keyPath]
        }
        return learned
    }
}

/// Where a key path is being resolved (a property wrapper, `Container[kp]`), for failure messages.
struct InjectionSite {
    let fileID: StaticString
    let line: UInt

    static let current = ThreadLocalPointer<InjectionSite>()

    /// The text a key-path face stops the program with.
    static func describe(_ error: ResolutionError) -> String {
        guard let site = current.pointer?.pointee else { return error.description }
        return error.description + "\n  injected at  \(site.fileID):\(site.line)"
    }
}

/// Collects the key that a key-path evaluation reaches first (see `Container.learnKey(of:)`).
enum KeyLearning {
    static let slot = ThreadLocalPointer<Key?>()
}
