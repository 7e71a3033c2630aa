/// Overrides of key paths by a factory, not only by a value: the override keeps the scope of the property.
extension Container {
    /// Overrides the dependency that `keyPath` names (a `provide` property or an ``InjectionKey``) in this
    /// container with `factory`, kept as the property's scope says: a `.unique` property overridden this way
    /// builds a fresh instance on each read, a `.singleton` one keeps one.
    ///
    /// ```swift
    /// Container.withOverrides {
    ///     $0.override(\.api) { MockAPIClient() }          // a new mock per read of a .unique property
    ///     $0.override(\.login.useCase) { MockLoginUseCase() }
    /// } operation: {
    ///     LoginScreen().signIn()   // its @Injected properties read the mocks
    /// }
    /// ```
    ///
    /// It works for read-only properties too, and replaces an earlier override of the key here, dropping what
    /// that kept; ``reset(_:)-(KeyPath<Container,Value>)`` restores the default. To learn which dependency
    /// `keyPath` names, Syringe reads it once, through `factory` (the default is never built): a `.unique`
    /// property's factory runs once more than it is read. A key path that reaches no `provide` property and
    /// no key stops the program with a ``ResolutionError`` that says so.
    public func override<Value>(
        _ keyPath: KeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext with factory: @escaping @isolated(any) @Sendable () throws -> Value
    ) {
        let make = IsolatedCall.unchecked(factory)
        override(keyPath, isolation: factory.isolation, fileID: fileID, line: line) { _, _, output in
            output.initialize(as: Value.self, to: try make())
        }
    }

    /// Overrides the dependency that `keyPath` names with `factory`, which resolves its own dependencies, kept
    /// as the property's scope says.
    ///
    /// ```swift
    /// container.override(\.checkout) { r in Checkout(payments: FakePayments(), clock: try r.resolve()) }
    /// ```
    public func override<Value>(
        _ keyPath: KeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext with factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Value
    ) {
        let make = IsolatedCall.unchecked(factory)
        override(keyPath, isolation: factory.isolation, fileID: fileID, line: line) { r, _, output in
            output.initialize(as: Value.self, to: try make(r))
        }
    }

    private func override<Value>(
        _ keyPath: KeyPath<Container, Value>, isolation: (any Actor)?, fileID: StaticString, line: UInt,
        build: @escaping @Sendable (Resolution, PackedArguments?, ValueAddress) throws -> Void
    ) {
        let learned = learnKey(of: keyPath) { key, scope in
            self.install(
                Entry(
                    key: key, scope: scope, service: ServiceType(of: Value.self),
                    factory: .isolated(isolation, build), fileID: FileID(fileID), line: line))
        }
        guard learned == nil else { return }
        FailureReporting.stop(
            Diagnostics.noDependency(keyPath, fileID: FileID(fileID), line: line), fileID: fileID, line: line)
    }
}
