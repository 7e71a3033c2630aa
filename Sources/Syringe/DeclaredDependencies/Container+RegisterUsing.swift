/// Declared dependencies: a registration built by a function of its dependencies, so that Syringe knows its
/// edges without running it (``Container/verify(fileID:line:)``, ``Container/graph()``).
extension Container {
    /// Registers `Service`, built by `make` from its parameters, each resolved by type: the registration's
    /// dependencies are declared, so ``verify(fileID:line:)`` checks them without building anything.
    ///
    /// ```swift
    /// final class Car { init(engine: any Engine, transmission: any Transmission) { … } }
    ///
    /// container.register(Car.self, scope: .singleton, using: Car.init)
    /// container.register((any Engine).self, using: V8Engine.init)              // no dependencies
    /// container.register(Report.self, using: Report.make)                      // a static factory
    /// container.register(Feed.self, using: { (api: any API, item: Provider<Item>) in Feed(api, item) })
    /// ```
    ///
    /// Each parameter is resolved as `r.resolve()` would: parents, scopes, components, optionals, cycles and
    /// errors alike. A ``Lazy`` or ``Provider`` parameter defers its value and breaks a cycle.
    ///
    /// `make` keeps its isolation: a `@MainActor` function (a view model's `init`, any `init` of an app module
    /// with default main-actor isolation) makes a main-actor registration, resolved synchronously on the main
    /// actor, or with `resolveAsync` from anywhere (see <doc:AppsWithMainActorIsolation>):
    ///
    /// ```swift
    /// @MainActor final class ProfileViewModel { init(api: any API) { … } }
    ///
    /// container.register(ProfileViewModel.self, using: ProfileViewModel.init)
    /// ```
    @_transparent @discardableResult @_disfavoredOverload
    public func register<Service, each Dependency>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext using make:
            @escaping @isolated(any) @Sendable (repeat each Dependency) throws
            -> Service
    ) -> Registration<Service> {
        let file = FileID(fileID)
        // A registration built once per container (the scope is a literal at almost every call site, so this
        // test is folded away) shares one build, compiled once in Syringe: at the call site, a specialised build
        // would cost code and, at its one run, the run-time instantiation of a tuple type of its parameters.
        // Transparent, as the built-in scopes are: inlined before optimisation, so the test is folded and the
        // other branch dropped before the optimiser specialises it for every registration.
        if scope.code == Scope.singleton.code || scope.code == Scope.cached.code {
            let entry = registerDeclaredOnce(Service.self, name: name, scope: scope, file: file, line: line, make: make)
            return Registration(entry: entry, container: self)
        }
        // Inlined, so the build is specialised where the types are known, as a closure registration's body is:
        // built out of line, a parameter pack costs a tuple-metadata lookup and a copy per argument.
        let entry = registerDeclared(Service.self, name: name, scope: scope, file: file, line: line, make: make)
        return Registration(entry: entry, container: self)
    }

    /// A declared registration whose instance is built once per container: one shared copy, build included.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func registerDeclaredOnce<Service, each Dependency>(
        _ type: Service.Type, name: String?, scope: Scope, file: FileID, line: UInt,
        make: @escaping @isolated(any) @Sendable (repeat each Dependency) throws -> Service
    ) -> Entry {
        registerDeclared(Service.self, name: name, scope: scope, file: file, line: line, make: make)
    }

    /// The registration of `make`: specialised where it is inlined, shared in ``registerDeclaredOnce``. The
    /// parameter types are listed only when something reads them (`verify()`, `graph()`, `build()`).
    @inlinable
    func registerDeclared<Service, each Dependency>(
        _ type: Service.Type, name: String?, scope: Scope, file: FileID, line: UInt,
        make: @escaping @isolated(any) @Sendable (repeat each Dependency) throws -> Service
    ) -> Entry {
        #if DEBUG
        // Debug builds only: in release the loop would stay in every call site (a metatype comparison per
        // parameter); there, `verify()` and the first resolve report it, with the same fix.
        for dependency in repeat (each Dependency).self {
            DeclaredDependency.refuseHandedOut(dependency, of: Service.self, file: file, line: line)
        }
        #endif
        let call = IsolatedCall.unchecked(make)
        return registerDeclared(
            Service.self, name: name, scope: scope, file: file, line: line, isolation: make.isolation,
            parameters: { DeclaredDependency.parameterTypes(repeat (each Dependency).self) }
        ) { r, _, output in
            output.initialize(
                as: Service.self,
                to: try call(repeat try r.container.resolveFromFactory(file: file, line: line) as each Dependency))
        }
    }

    /// The part of a declared registration that does not depend on the function: one shared copy.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func registerDeclared<Service>(
        _ type: Service.Type, name: String?, scope: Scope, file: FileID, line: UInt, isolation: (any Actor)?,
        parameters: @escaping @Sendable () -> [any Any.Type],
        build: @escaping @Sendable (Resolution, PackedArguments?, ValueAddress) throws -> Void
    ) -> Entry {
        let registration: Registration<Service> = add(
            Key(Service.self, name: name), scope: scope, file: file, line: line,
            parameterTypes: parameters, factory: .isolated(isolation, build))
        return registration.entry
    }

    /// Registers `Service`, built by an async function of its dependencies; resolved with `resolveAsync`.
    ///
    /// ```swift
    /// extension Database { static func connect(settings: Settings) async throws -> Database { … } }
    ///
    /// container.register(Database.self, scope: .singleton, using: Database.connect)
    /// let database = try await container.resolveAsync(Database.self)
    /// ```
    ///
    /// Each parameter is resolved with `resolveAsync`, so it may itself have an async factory. The function runs
    /// where its own isolation says, and gets its parameters wherever it is resolved: a parameter whose
    /// registration is bound to the main actor is built there and handed over when its type is `Sendable` (this
    /// overload), and refused off the main actor when it is not (the overload below). For a main-actor function
    /// of parameters that are not `Sendable`, register a closure: `{ r async throws in … }` keeps the isolation
    /// it is written in, and resolves its parameters there.
    @discardableResult @_disfavoredOverload
    public func register<Service, each Dependency: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        using make: @escaping @Sendable (repeat each Dependency) async throws -> Service
    ) -> Registration<Service> {
        // The same call as below: here each parameter is known to be `Sendable`, which picks `resolveAsync`'s
        // `Sendable` form.
        registerAsyncDeclared(
            Service.self, name: name, scope: scope, fileID: fileID, line: line, (repeat (each Dependency).self)
        ) { r in try await make(repeat try await r.resolveAsync((each Dependency).self, fileID: fileID, line: line)) }
    }

    /// Registers `Service`, built by an async function of dependencies that are not all `Sendable`; resolved with
    /// `resolveAsync`.
    ///
    /// ```swift
    /// final class Draft { init() {} }                        // not Sendable
    /// container.register(Editor.self, using: { (draft: Draft) async in await Editor.open(draft) })
    /// ```
    ///
    /// As the `Sendable` form does, but a parameter whose registration is bound to the main actor is handed over
    /// only on the main actor: resolved elsewhere, it fails with ``ResolutionError/Code/mainActorRequired``.
    @discardableResult @_disfavoredOverload
    public func register<Service, each Dependency>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        using make: @escaping @Sendable (repeat each Dependency) async throws -> Service
    ) -> Registration<Service> {
        registerAsyncDeclared(
            Service.self, name: name, scope: scope, fileID: fileID, line: line, (repeat (each Dependency).self)
        ) { r in try await make(repeat try await r.resolveAsync((each Dependency).self, fileID: fileID, line: line)) }
    }

    /// An async declared registration of `Service`, built by `build` (the call of the function with each parameter
    /// resolved); `dependencies` are the parameters' types.
    func registerAsyncDeclared<Service, each Dependency>(
        _ type: Service.Type, name: String?, scope: Scope, fileID: StaticString, line: UInt,
        _ dependencies: (repeat (each Dependency).Type),
        build: @escaping @Sendable (Resolution) async throws -> Service
    ) -> Registration<Service> {
        for dependency in repeat each dependencies {
            DeclaredDependency.refuseHandedOut(dependency, of: Service.self, file: FileID(fileID), line: line)
        }
        return add(
            Key(Service.self, name: name), scope: scope, file: FileID(fileID), line: line,
            parameterTypes: { DeclaredDependency.parameterTypes(repeat (each Dependency).self) },
            factory: .async { r, _, output in output.initialize(as: Service.self, to: try await build(r)) })
    }
}
