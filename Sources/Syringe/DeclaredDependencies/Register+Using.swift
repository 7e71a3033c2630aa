/// The builder form of declared dependencies: `Register(Car.self, using: Car.init)`.
extension Register {
    /// Registers `Service`, built by `make` from its parameters, each resolved by type, as
    /// `container.register(_:using:)` does (see <doc:VerifyingTheGraph>).
    ///
    /// ```swift
    /// let container = Container {
    ///     Register(Car.self, scope: .singleton, using: Car.init)
    ///     Register((any Engine).self, using: V8Engine.init)
    /// }
    /// ```
    @_disfavoredOverload
    public init<each Dependency>(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .unique,
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext using make: @escaping @isolated(any) @Sendable (repeat each Dependency) throws -> Service
    ) {
        self.init(
            pending: PendingRegistration {
                $0.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, using: make)
            })
    }

    /// Registers `Service`, built by an async function of its dependencies; resolved with `resolveAsync`.
    ///
    /// ```swift
    /// Register(Database.self, scope: .singleton, using: Database.connect)
    /// ```
    @_disfavoredOverload
    public init<each Dependency>(
        _ type: Service.Type = Service.self, name: String? = nil, scope: Scope = .unique,
        fileID: StaticString = #fileID, line: UInt = #line,
        using make: @escaping @Sendable (repeat each Dependency) async throws -> Service
    ) {
        self.init(
            pending: PendingRegistration {
                $0.register(Service.self, name: name, scope: scope, fileID: fileID, line: line, using: make)
            })
    }

    /// Also answers requests for `type` with this registration (see ``Registration/forwarding(_:name:fileID:line:)``).
    ///
    /// ```swift
    /// Register(V8Engine.self, scope: .singleton, using: V8Engine.init)
    ///     .forwarding((any Engine).self)
    /// ```
    public func forwarding<Target>(
        _ type: Target.Type, name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line
    ) -> Register {
        adding { $0.forwarding(Target.self, name: name, fileID: fileID, line: line) }
    }
}
