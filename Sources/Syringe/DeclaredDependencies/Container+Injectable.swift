/// `register(T.self)` for ``Injectable`` types: the registration the type declares, made in this container.
extension Container {
    /// Registers an ``Injectable`` type by the initializer it declares (with `@Injectable`, or by hand): a
    /// declared registration, so ``verify(fileID:line:)`` sees its dependencies.
    ///
    /// ```swift
    /// @Injectable(scope: .singleton)
    /// final class Car { init(engine: any Engine, transmission: any Transmission) { … } }
    ///
    /// container.register(Car.self)                      // the type's scope, .singleton
    /// container.register(Car.self, name: "spare", scope: .unique)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The injectable type.
    ///   - name: Tells apart several registrations of one type.
    ///   - scope: Where instances are kept; `nil` (the default) for the scope the type declares.
    ///   - fileID: Where the registration is made, for error messages; leave the default.
    ///   - line: The line of the registration, for error messages; leave the default.
    @discardableResult
    public func register<Service: Injectable>(
        _ type: Service.Type,
        name: String? = nil,
        scope: Scope? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Registration<Service> {
        Service.register(
            in: InjectableRegistrar(container: self, name: name, scope: scope, fileID: fileID, line: line))
    }
}

extension Register where Service: Injectable {
    /// Registers an ``Injectable`` type by the initializer it declares, as `container.register(Car.self)`
    /// does.
    ///
    /// ```swift
    /// let container = Container {
    ///     Register(Car.self)
    ///     Register(Greeter.self, scope: .cached)
    /// }
    /// ```
    public init(
        _ type: Service.Type, name: String? = nil, scope: Scope? = nil, fileID: StaticString = #fileID,
        line: UInt = #line
    ) {
        self.init(
            pending: PendingRegistration {
                $0.register(Service.self, name: name, scope: scope, fileID: fileID, line: line)
            })
    }
}

// MARK: - What the conformance calls

extension InjectableRegistrar {
    /// Registers `Service`, built by `make` (an initializer, as a function value) from its parameters, each
    /// resolved by type: exactly `container.register(_:using:)`, with the call's name and place.
    ///
    /// ```swift
    /// registrar.register(scope: .singleton, using: Car.init(engine:transmission:))
    /// ```
    ///
    /// - Parameters:
    ///   - scope: The scope the type declares; a scope given to `register(Car.self, scope:)` wins.
    ///   - make: The initializer. Its parameters are the registration's declared dependencies.
    @_transparent @discardableResult
    public func register<each Dependency>(
        scope: Scope = .unique,
        @_inheritActorContext using make: @escaping @isolated(any) @Sendable (repeat each Dependency) throws -> Service
    ) -> Registration<Service> {
        container.register(
            Service.self, name: name, scope: self.scope ?? scope, fileID: fileID, line: line, using: make)
    }

    /// Registers `Service`, built by an async initializer; resolved with `resolveAsync`.
    ///
    /// ```swift
    /// registrar.register(scope: .singleton, using: Database.init(settings:))   // init(settings:) async throws
    /// ```
    @discardableResult
    public func register<each Dependency>(
        scope: Scope = .unique,
        using make: @escaping @Sendable (repeat each Dependency) async throws -> Service
    ) -> Registration<Service> {
        container.register(
            Service.self, name: name, scope: self.scope ?? scope, fileID: fileID, line: line, using: make)
    }

    /// Registers `Service`, built by `make` from its parameters, each supplied as `parameters` says: resolved
    /// by type, by type and name, or taken from the run-time arguments, whose types `arguments` lists in order
    /// (the registration's key carries them, as a closure's with arguments does).
    ///
    /// ```swift
    /// final class Greeter { init(clock: any Clock, name: String) { … } }
    ///
    /// registrar.register(parameters: [.resolved, .argument], arguments: String.self, using: Greeter.init)
    /// let greeter = try container.resolve(Greeter.self, arguments: "Ada")
    /// ```
    ///
    /// The resolved parameters are the registration's declared dependencies, each with its name; arguments are
    /// not dependencies. A list that does not fit `make` stops the program at registration.
    @discardableResult
    public func register<each Dependency, each Argument>(
        scope: Scope = .unique, parameters: [InjectableParameter], arguments: repeat (each Argument).Type,
        @_inheritActorContext using make: @escaping @isolated(any) @Sendable (repeat each Dependency) throws -> Service
    ) -> Registration<Service> {
        let plan = InjectablePlan(
            parameters, dependencies: repeat (each Dependency).self, arguments: repeat (each Argument).self,
            fileID: fileID, line: line)
        let (line, file) = (self.line, FileID(self.fileID))
        let call = IsolatedCall.unchecked(make)
        return add(plan, scope: scope, argumentTypes: (repeat each Argument).self) { key, plan in
            .isolated(make.isolation) { r, arguments, output in
                var position = 0
                func supply<Value>(_ type: Value.Type) throws -> Value {
                    defer { position += 1 }
                    if let index = plan.argumentIndex[position] {
                        let values = arguments.unsafelyUnwrapped.values((repeat each Argument).self)
                        return InjectablePlan.element(index, of: repeat each values, as: Value.self)
                    }
                    guard let name = plan.names[position] else {
                        return try r.container.resolveFromFactory(file: file, line: line)
                    }
                    return try r.container.resolveSlow(
                        Value.self, name: name, fileID: file, line: line, joinsAsync: true)
                }
                output.initialize(as: Service.self, to: try call(repeat try supply((each Dependency).self)))
            }
        }
    }

    /// Registers `Service`, built by an async initializer from its parameters, each supplied as `parameters`
    /// says; resolved with `resolveAsync` (with the arguments, if any).
    ///
    /// ```swift
    /// registrar.register(parameters: [.named("primary")], using: Database.init(settings:))
    /// ```
    @discardableResult
    public func register<each Dependency, each Argument>(
        scope: Scope = .unique, parameters: [InjectableParameter], arguments: repeat (each Argument).Type,
        using make: @escaping @Sendable (repeat each Dependency) async throws -> Service
    ) -> Registration<Service> {
        let plan = InjectablePlan(
            parameters, dependencies: repeat (each Dependency).self, arguments: repeat (each Argument).self,
            fileID: fileID, line: line)
        let (fileID, line) = (self.fileID, self.line)
        return add(plan, scope: scope, argumentTypes: (repeat each Argument).self) { key, plan in
            .async { r, arguments, output in
                var position = 0
                func supply<Value>(_ type: Value.Type) async throws -> Value {
                    defer { position += 1 }
                    if let index = plan.argumentIndex[position] {
                        let values = arguments as! (repeat each Argument)
                        return InjectablePlan.element(index, of: repeat each values, as: Value.self)
                    }
                    return try await r.resolveAsync(Value.self, name: plan.names[position], fileID: fileID, line: line)
                }
                output.initialize(as: Service.self, to: try await make(repeat try await supply((each Dependency).self)))
            }
        }
    }

    /// Installs the registration that `plan` describes, with the factory `factory` makes from its key.
    private func add(
        _ plan: InjectablePlan, scope: Scope, argumentTypes: any Any.Type,
        factory: (Key, InjectablePlan) -> Entry.Factory
    ) -> Registration<Service> {
        let key = Key(
            serviceType: Service.self, name: name, argumentTypes: plan.argumentCount == 0 ? nil : argumentTypes)
        var parameterTypes: (@Sendable () -> [any Any.Type])?
        if plan.declared == nil {
            let types = plan.parameterTypes
            parameterTypes = { types }
        }
        return container.add(
            key, scope: self.scope ?? scope, file: FileID(fileID), line: line, declared: plan.declared,
            parameterTypes: parameterTypes, factory: factory(key, plan))
    }
}

/// Where each parameter of an injectable initializer comes from, checked against the function's types once,
/// at registration.
struct InjectablePlan: Sendable {
    /// For each parameter, its position among the run-time arguments, if it is one.
    let argumentIndex: [Int?]
    /// For each parameter, the name it is resolved under.
    let names: [String?]
    let argumentCount: Int
    /// The types of the resolved parameters, in order: classified lazily, as a `using:` function's are.
    let parameterTypes: [any Any.Type]
    /// The declared dependencies when some are named (known at once, each an unclassified key: `verify()`
    /// sees a `Lazy<T>` key through to `T`, as it does for any request of one); `nil` when none is.
    let declared: [DeclaredDependency]?

    init<each Dependency, each Argument>(
        _ parameters: [InjectableParameter], dependencies: repeat (each Dependency).Type,
        arguments: repeat (each Argument).Type, fileID: StaticString, line: UInt
    ) {
        let dependencyTypes = DeclaredDependency.parameterTypes(repeat (each Dependency).self)
        let argumentTypes = DeclaredDependency.parameterTypes(repeat (each Argument).self)
        guard parameters.count == dependencyTypes.count else {
            preconditionFailure(
                "Syringe: \(parameters.count) parameter descriptions for an initializer of "
                    + "\(dependencyTypes.count) parameters", file: fileID, line: line)
        }
        var argumentIndex: [Int?] = []
        var resolvedTypes: [any Any.Type] = []
        var declared: [DeclaredDependency] = []
        for (parameter, type) in zip(parameters, dependencyTypes) {
            if parameter.isArgument {
                let index = argumentIndex.compactMap { $0 }.count
                guard index < argumentTypes.count, ObjectIdentifier(argumentTypes[index]) == ObjectIdentifier(type)
                else {
                    preconditionFailure(
                        "Syringe: run-time argument \(index + 1) is a `\(TypeName.describe(type))` parameter, "
                            + "but the argument types are (\(argumentTypes.map(TypeName.describe))))",
                        file: fileID, line: line)
                }
                argumentIndex.append(index)
            } else {
                argumentIndex.append(nil)
                resolvedTypes.append(type)
                declared.append(
                    DeclaredDependency(
                        key: Key(serviceType: type, name: parameter.name, argumentTypes: nil), kind: .direct))
            }
        }
        let argumentCount = argumentIndex.compactMap { $0 }.count
        guard argumentCount == argumentTypes.count else {
            preconditionFailure(
                "Syringe: \(argumentTypes.count) argument types for \(argumentCount) argument parameters",
                file: fileID, line: line)
        }
        self.argumentIndex = argumentIndex
        self.names = parameters.map(\.name)
        self.argumentCount = argumentCount
        self.parameterTypes = resolvedTypes
        self.declared = parameters.contains { $0.name != nil } ? declared : nil
    }

    /// The argument at `index` of `values`, as `type` (checked at registration to be its type).
    static func element<Value, each Argument>(
        _ index: Int, of values: repeat each Argument, as type: Value.Type
    ) -> Value {
        var position = 0
        for value in repeat each values {
            if position == index { return value as! Value }
            position += 1
        }
        preconditionFailure("Syringe: no run-time argument \(index + 1)")
    }
}
