extension Container {
    /// Registers a factory for `Service` that needs no other dependencies.
    ///
    /// Registering a key again replaces the earlier registration (the latest wins) and drops its
    /// cached instance.
    ///
    /// ```swift
    /// container.register(Engine.self) { V8Engine() }
    /// container.register(Transmission.self, scope: .singleton) { ManualTransmission() }
    /// container.register(Token.self, name: "staging") { StagingToken() }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type that resolves return, often a protocol: `(any Engine).self`.
    ///   - name: Tells apart several registrations of one type.
    ///   - scope: Where instances are kept; ``Scope/unique`` builds one per resolve.
    ///   - factory: Builds an instance. Runs with no Syringe lock held.
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable () throws -> Service
    ) -> Registration<Service> {
        add(Key(Service.self, name: name), scope: scope, factory: .plain(factory), fileID: fileID, line: line)
    }

    /// Registers a factory for `Service` that resolves its dependencies through the ``Resolution`` it
    /// receives: constructor injection.
    ///
    /// ```swift
    /// container.register(Car.self) { r in
    ///     Car(engine: try r.resolve(), transmission: try r.resolve())
    /// }
    /// ```
    @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolution) throws -> Service
    ) -> Registration<Service> {
        add(Key(Service.self, name: name), scope: scope, factory: .resolver(factory), fileID: fileID, line: line)
    }

    /// Registers a factory for `Service` that takes arguments at resolve time.
    ///
    /// The argument types are part of the key: resolve with the same types, in the same order.
    ///
    /// ```swift
    /// container.register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }
    /// let greeter = try container.resolve(Greeter.self, arguments: "Ada", 3)
    /// ```
    ///
    /// With a stored scope (`.cached`, `.singleton`, …) the arguments of the first resolve build the
    /// instance that later resolves get.
    @discardableResult
    public func register<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @Sendable (Resolution, repeat each Argument) throws -> Service
    ) -> Registration<Service> {
        let key = Key(
            serviceType: Service.self, name: name, argumentTypes: (repeat each Argument).self)
        let erased: @Sendable (Resolution, Any) throws -> Service = { resolution, arguments in
            // The key carries the argument types, so this cast cannot fail for a matching resolve.
            let arguments = arguments as! (repeat each Argument)
            return try factory(resolution, repeat each arguments)
        }
        return add(key, scope: scope, factory: .arguments(erased), fileID: fileID, line: line)
    }

    func add<Service>(
        _ key: Key, scope: Scope, factory: Entry<Service>.Factory, fileID: StaticString, line: UInt
    ) -> Registration<Service> {
        let entry = Entry<Service>(key: key, scope: scope, factory: factory, fileID: fileID, line: line)
        install(entry)
        return Registration(entry: entry)
    }

    /// Puts `entry` in the table, replacing (and so dropping the instance of) any earlier one.
    func install(_ entry: AnyEntry) {
        registry.install(entry)
    }

    /// Whether `type` (under `name`) is registered here or in a parent.
    ///
    /// ```swift
    /// if !container.isRegistered(Analytics.self) { container.register(Analytics.self) { NoAnalytics() } }
    /// ```
    ///
    /// A protocol that a registered ``Component`` conforms to counts as registered.
    public func isRegistered<Service>(_ type: Service.Type, name: String? = nil) -> Bool {
        let key = Key(Service.self, name: name)
        return lookup(key) != nil || answersByConformance(key, as: Service.self)
    }

    /// Drops the instances this container keeps for `scope`: `.cached`, `.shared`, a custom scope, or
    /// even `.singleton` (the next resolve builds anew). Parents are not touched.
    ///
    /// ```swift
    /// container.reset(.cached)
    /// container.reset(.session)   // a custom scope, e.g. at logout
    /// ```
    public func reset(_ scope: Scope) {
        for entry in registry.allEntries where entry.scope == scope {
            entry.reset()
        }
    }

    /// Drops the kept instance of one registration of this container.
    ///
    /// ```swift
    /// container.reset(Feed.self)
    /// ```
    public func reset<Service>(_ type: Service.Type, name: String? = nil) {
        registry.entry(for: Key(Service.self, name: name))?.reset()
    }

    /// Drops every instance this container keeps, in every scope.
    ///
    /// ```swift
    /// container.resetAll()
    /// ```
    public func resetAll() {
        for entry in registry.allEntries { entry.reset() }
    }
}
