/// `@MainActor` registrations: factories isolated to the main actor, for view models and other UI services.
extension Container {
    /// Registers a `@MainActor` factory: the service is built on the main actor.
    ///
    /// ```swift
    /// @MainActor final class ViewModel { init(api: any APIClient) { … } }
    ///
    /// container.register(ViewModel.self) { @MainActor r in ViewModel(api: try r.resolve()) }
    ///
    /// @MainActor func showScreen() throws {
    ///     let viewModel = try container.resolve(ViewModel.self)   // built right here, no hop
    /// }
    /// ```
    ///
    /// Mark the closure `@MainActor`: that is what selects this overload. Resolving synchronously from
    /// main-actor code runs the factory in place; from anywhere else the synchronous API throws
    /// ``ResolutionError/Code/mainActorRequired``, while
    /// ``resolveAsync(_:name:isolation:fileID:line:)`` hops to the main actor and back. `Service` must be
    /// `Sendable` (a `@MainActor` class is) because it may be handed to the task that asked.
    @discardableResult
    public func register<Service: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor (Resolution) throws -> Service
    ) -> Registration<Service> {
        let key = Key(Service.self, name: name)
        return add(
            key, scope: scope, fileID: fileID, line: line,
            factory: .mainActor { r, output in
                // The engine checks where it runs before it gets here; this guards internal callers.
                guard MainActorCheck.isCurrent else {
                    throw Diagnostics.mainActorRequired(key, fileID: fileID, line: line)
                }
                // The resolution itself is not Sendable; its container is, and the frames are thread-local.
                let container = r.container
                let instance = try MainActor.assumeIsolated { try factory(Resolution(container: container)) }
                output.initializeMemory(as: Service.self, to: instance)
            })
    }

    /// Registers a `@MainActor` factory that needs no other dependencies.
    ///
    /// ```swift
    /// container.register(ViewModel.self, scope: .singleton) { @MainActor in ViewModel() }
    /// ```
    @discardableResult
    public func register<Service: Sendable>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        factory: @escaping @MainActor () throws -> Service
    ) -> Registration<Service> {
        register(Service.self, name: name, scope: scope, fileID: fileID, line: line) { @MainActor _ in try factory() }
    }
}
