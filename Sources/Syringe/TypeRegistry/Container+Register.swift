extension Container {
    /// Registers a factory for `Service` that needs no other dependencies.
    ///
    /// Registering a key again replaces the earlier registration (the latest wins) and drops its
    /// kept instance.
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
    ///   - fileID: The file that registers, shown in errors (the caller's, by default).
    ///   - line: The line that registers, shown in errors (the caller's, by default).
    ///   - factory: Builds an instance. Runs with no Syringe lock held.
    @_transparent @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory: __owned @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Registration<Service> {
        // Inlined into the caller to pass as little as it can (registrations are the bulk of a large app's
        // start-up code, one call each), and to make the handle there: one release when it is dropped.
        // Transparent: inlined before optimisation, without a specialised copy per service type to optimise.
        let entry =
            name == nil
            ? registerFactory(scope: scope, file: FileID(fileID), line: line, factory: factory)
            : registerFactory(name: name, scope: scope, file: FileID(fileID), line: line, factory: factory)
        return Registration(entry: entry, container: self)
    }

    /// Apart from the named form so that a call site passes no name. Neither inlined nor specialised in the
    /// caller (cross-module optimisation would otherwise do either): one shared copy serves every type.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func registerFactory<Service>(
        scope: Scope, file: FileID, line: UInt,
        factory: __owned @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Entry {
        registerFactory(name: nil, scope: scope, file: file, line: line, factory: factory)
    }

    @usableFromInline
    func registerFactory<Service>(
        name: String?, scope: Scope, file: FileID, line: UInt,
        factory: __owned @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Entry {
        let make = IsolatedCall.unchecked(factory)
        let registration: Registration<Service> = add(
            Key(Service.self, name: name), scope: scope, file: file, line: line,
            factory: .isolated(factory.isolation) { _, _, output in
                output.initialize(as: Service.self, to: try make())
            })
        return registration.entry
    }

    /// Registers a factory for `Service` that resolves its dependencies through the ``Resolution`` it
    /// receives: constructor injection.
    ///
    /// ```swift
    /// container.register(Car.self) { r in
    ///     Car(engine: try r.resolve(), transmission: try r.resolve())
    /// }
    /// ```
    @_transparent @discardableResult
    public func register<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory: __owned @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Registration<Service> {
        let entry =
            name == nil
            ? registerFactory(scope: scope, file: FileID(fileID), line: line, factory: factory)
            : registerFactory(name: name, scope: scope, file: FileID(fileID), line: line, factory: factory)
        return Registration(entry: entry, container: self)
    }

    /// Apart from the named form so that a call site passes no name. Neither inlined nor specialised in the
    /// caller (cross-module optimisation would otherwise do either): one shared copy serves every type.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func registerFactory<Service>(
        scope: Scope, file: FileID, line: UInt,
        factory: __owned @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Entry {
        registerFactory(name: nil, scope: scope, file: file, line: line, factory: factory)
    }

    @usableFromInline
    func registerFactory<Service>(
        name: String?, scope: Scope, file: FileID, line: UInt,
        factory: __owned @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Entry {
        let make = IsolatedCall.unchecked(factory)
        let registration: Registration<Service> = add(
            Key(Service.self, name: name), scope: scope, file: file, line: line,
            factory: .isolated(factory.isolation) { r, _, output in
                output.initialize(as: Service.self, to: try make(r))
            })
        return registration.entry
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
    public func register<Service, First, each More>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext factory:
            @escaping @isolated(any) @Sendable (Resolution, First, repeat each More) throws
            -> Service
    ) -> Registration<Service> {
        // At least one argument: a factory of the resolution alone is the form above, and an untyped
        // `{ r in … }` closure, which fits only that one, is not checked against this one too.
        registerArguments(Service.self, name: name, scope: scope, fileID: FileID(fileID), line: line, factory: factory)
    }

    func registerArguments<Service, each Argument>(
        _ type: Service.Type, name: String?, scope: Scope, fileID: FileID, line: UInt,
        factory: @escaping @isolated(any) @Sendable (Resolution, repeat each Argument) throws -> Service
    ) -> Registration<Service> {
        let key = Key(serviceType: Service.self, name: name, argumentTypes: (repeat each Argument).self)
        let make = IsolatedCall.unchecked(factory)
        return add(
            key, scope: scope, fileID: fileID, line: line,
            factory: .isolated(factory.isolation) { r, arguments, output in
                // The key carries the argument types, so a resolve that reaches this factory passes exactly these.
                let values = arguments.unsafelyUnwrapped.values((repeat each Argument).self)
                output.initialize(as: Service.self, to: try make(r, repeat each values))
            })
    }

    /// Installs a registration of `Service` made by any face.
    func add<Service>(
        _ key: Key, scope: Scope, fileID: FileID, line: UInt, declared: [DeclaredDependency]? = nil,
        factory: Entry.Factory, asyncIsolation: (any Actor)? = nil
    ) -> Registration<Service> {
        add(
            key, scope: scope, file: fileID, line: line, declared: declared, factory: factory,
            asyncIsolation: asyncIsolation)
    }

    /// `asyncIsolation`: the isolation an async factory was written with (it runs there; a main-actor one binds
    /// the registration to the main actor, see `bindAsyncFactoryToMainActor()`).
    func add<Service>(
        _ key: Key, scope: Scope, file: FileID, line: UInt, declared: [DeclaredDependency]? = nil,
        parameterTypes: (@Sendable () -> [any Any.Type])? = nil, factory: Entry.Factory,
        asyncIsolation: (any Actor)? = nil
    ) -> Registration<Service> {
        let entry = Entry(
            key: key, scope: scope, service: ServiceType(of: Service.self), factory: factory, file: file,
            line: line, declared: declared, parameterTypes: parameterTypes)
        if case .mainActor = FunctionIsolation(asyncIsolation) { entry.bindAsyncFactoryToMainActor() }
        install(entry)
        return Registration(entry: entry, container: self)
    }

    /// Puts `entry` in the table, replacing (and so dropping and disposing of the instance of) any earlier one.
    func install(_ entry: Entry) {
        if let replaced = registry.install(entry) { drop([replaced]) }
    }
}
