/// Work that runs later keeps its overrides: capture what the current task is bound to, and bind it again around
/// a child model made later, a GCD callback, an `AsyncStream` builder or a delegate.
extension Container {
    /// What the current task is bound to now: ``shared`` (a test's container inside `withOverrides` or the
    /// `.container` trait, else the process-wide one) and the remaps of `InjectionMapper.withMapping`. Capture it
    /// where the overrides apply, and ``Binding/withCurrent(_:)`` binds it again later, wherever that runs.
    ///
    /// ```swift
    /// final class FeedModel {
    ///     @Injected(\.api) var api
    ///     private let dependencies = Container.current   // the overrides this model was made with
    ///
    ///     func open(_ item: Item) -> DetailModel {
    ///         dependencies.withCurrent { DetailModel(item: item) }   // made later, with the same overrides
    ///     }
    /// }
    /// ```
    public static var current: Binding {
        Binding(container: shared, mappings: InjectionMapper.currentTaskMappings)
    }

    /// A container and the remaps to bind with it, captured by ``Container/current``: the swift-dependencies
    /// counterpart is `withEscapedDependencies` and `withDependencies(from:)`.
    ///
    /// ```swift
    /// let current = Container.current
    /// DispatchQueue.global().async {
    ///     current.withCurrent { reload() }   // sees the overrides of the code that captured `current`
    /// }
    /// ```
    ///
    /// A binding keeps its container alive: the instances a test's container keeps live as long as the binding.
    public struct Binding: Sendable {
        /// The container that was ``Container/shared`` when the binding was captured.
        ///
        /// ```swift
        /// let api = try Container.current.container.resolve((any APIClient).self)
        /// ```
        public let container: Container
        let mappings: InjectionMapper.TaskMappings

        /// Runs `operation` with ``container`` as ``Container/shared`` and the captured remaps bound, for the
        /// current task (and its child tasks) only: what it resolves sees the captured overrides.
        ///
        /// ```swift
        /// let current = Container.current
        /// let stream = AsyncStream<Reading> { continuation in
        ///     sensor.onReading = { reading in
        ///         current.withCurrent { _ = continuation.yield(Reading(reading, clock: Container[\.clock])) }
        ///     }
        /// }
        /// ```
        public func withCurrent<Result>(_ operation: () throws -> Result) rethrows -> Result {
            try InjectionMapper.with(mappings) {
                try Container.binding(container, operation: operation)
            }
        }

        /// Runs an async `operation` with ``container`` as ``Container/shared`` and the captured remaps bound, on
        /// the caller's actor.
        ///
        /// ```swift
        /// let current = Container.current
        /// Task.detached { await current.withCurrent { await model.refresh() } }
        /// ```
        public func withCurrent<Result>(
            isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
        ) async rethrows -> Result {
            try await InjectionMapper.with(mappings, isolation: isolation) {
                try await Container.binding(container, isolation: isolation, operation: operation)
            }
        }

        /// Runs `operation` with a fresh child of ``container``, configured by `overrides`, as
        /// ``Container/shared``, and the captured remaps bound: `withOverrides` on top of the captured overrides
        /// rather than the current ones (swift-dependencies' `withDependencies(from:)`).
        ///
        /// ```swift
        /// let detail = dependencies.withOverrides {
        ///     $0.clock = FrozenClock()
        /// } operation: {
        ///     DetailModel(item: item)   // the parent model's overrides, and a frozen clock
        /// }
        /// ```
        public func withOverrides<Result>(
            strict: (@Sendable (Key) -> Void)? = nil,
            _ overrides: (Container) throws -> Void,
            operation: () throws -> Result
        ) rethrows -> Result {
            let child = try Container.overriding(container, strict: strict, overrides)
            return try Binding(container: child, mappings: mappings).withCurrent(operation)
        }

        /// Runs an async `operation` with a fresh child of ``container``, configured by `overrides`, as
        /// ``Container/shared``, on the caller's actor.
        ///
        /// ```swift
        /// try await dependencies.withOverrides { $0.clock = FrozenClock() } operation: { try await model.load() }
        /// ```
        public func withOverrides<Result>(
            strict: (@Sendable (Key) -> Void)? = nil,
            _ overrides: (Container) throws -> Void,
            isolation: isolated (any Actor)? = #isolation,
            operation: () async throws -> Result
        ) async rethrows -> Result {
            let child = try Container.overriding(container, strict: strict, overrides)
            return try await Binding(container: child, mappings: mappings).withCurrent(
                isolation: isolation, operation)
        }
    }
}

extension Container {
    /// Runs `operation` with this container as ``shared``, for the current task (and its child tasks) only, and
    /// without the remaps of `InjectionMapper.withMapping` around it: a container built by hand replaces every
    /// override in effect (swift-dependencies' `withDependencies { $0 = DependencyValues() }`).
    ///
    /// ```swift
    /// let clean = Container()
    /// clean.withCurrent {
    ///     #expect(Container[\.apiBaseURL] == defaultURL)   // the overrides of the test around it do not apply
    /// }
    /// ```
    public func withCurrent<Result>(_ operation: () throws -> Result) rethrows -> Result {
        try Binding(container: self, mappings: InjectionMapper.TaskMappings()).withCurrent(operation)
    }

    /// Runs an async `operation` with this container as ``shared``, on the caller's actor, without the remaps
    /// around it.
    ///
    /// ```swift
    /// try await Container().withCurrent { try await model.load() }   // no override of the test applies
    /// ```
    public func withCurrent<Result>(
        isolation: isolated (any Actor)? = #isolation, _ operation: () async throws -> Result
    ) async rethrows -> Result {
        try await Binding(container: self, mappings: InjectionMapper.TaskMappings()).withCurrent(
            isolation: isolation, operation)
    }
}
