/// Task-local overrides: a fresh child container bound to the current task for one operation.
extension Container {
    /// Runs `operation` with ``shared`` bound to a fresh child of the current container, configured by
    /// `overrides`: everything resolved inside (also in child tasks and task groups) sees the overrides,
    /// and builds its own instances of the parent's singletons and cached values.
    ///
    /// ```swift
    /// try Container.withOverrides {
    ///     $0.temperatureProvider = MockTemperatureProvider()
    ///     $0.register((any Engine).self) { TestEngine() }
    /// } operation: {
    ///     let car = try Container.shared.resolve(Car.self)   // a TestEngine inside
    /// }
    /// ```
    ///
    /// With `strict`, whenever something resolved inside reaches a live-only dependency
    /// (``Registration/liveOnly()``, ``InjectionKey/isLiveOnly``) that `overrides` did not replace, `strict`
    /// is told its key, once per key.
    ///
    /// The binding ends when `operation` returns or throws; the child and its instances go with it.
    /// Overrides follow structured concurrency, as Swift task-locals do: `Task { }` created inside copies
    /// them, `Task.detached` and a closure stored and called after `operation` returned do not.
    public static func withOverrides<Result>(
        strict: (@Sendable (Key) -> Void)? = nil,
        _ overrides: (Container) throws -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        let child = try overriding(shared, strict: strict, overrides)
        return try binding(child, operation: operation)
    }

    /// Runs an async `operation` with ``shared`` bound to a fresh child of the current container,
    /// configured by `overrides`, on the caller's actor.
    ///
    /// ```swift
    /// try await Container.withOverrides {
    ///     $0.register((any Clock).self) { TestClock() }
    /// } operation: {
    ///     try await tripTakesTwoHours()
    /// }
    /// ```
    public static func withOverrides<Result>(
        strict: (@Sendable (Key) -> Void)? = nil,
        _ overrides: (Container) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let child = try overriding(shared, strict: strict, overrides)
        return try await binding(child, isolation: isolation, operation: operation)
    }

    /// A fresh test container on top of `parent`, configured by `overrides`.
    static func overriding(
        _ parent: Container, strict: (@Sendable (Key) -> Void)?, _ overrides: (Container) throws -> Void
    ) rethrows -> Container {
        guard let strict else { return try overriding(parent, reportingLiveAccess: nil, overrides) }
        return try overriding(parent, reportingLiveAccess: { access in strict(access.key) }, overrides)
    }

    /// A fresh test container on top of `parent` that tells `report` where a live-only dependency was read.
    static func overriding(
        _ parent: Container, reportingLiveAccess report: (@Sendable (LiveAccess) -> Void)?,
        _ overrides: (Container) throws -> Void
    ) rethrows -> Container {
        let child = Container(parent: parent, policy: TestPolicy(liveAccessHandler: report))
        try overrides(child)
        return child
    }

    /// `withOverrides` for SyringeTesting: a strict test is told where each live-only dependency was read.
    package static func withOverrides<Result>(
        reportingLiveAccess report: @escaping @Sendable (LiveAccess) -> Void,
        _ overrides: (Container) throws -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        let child = try overriding(shared, reportingLiveAccess: report, overrides)
        return try binding(child, operation: operation)
    }

    /// The async `withOverrides` for SyringeTesting, on the caller's actor.
    package static func withOverrides<Result>(
        reportingLiveAccess report: @escaping @Sendable (LiveAccess) -> Void,
        _ overrides: (Container) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let child = try overriding(shared, reportingLiveAccess: report, overrides)
        return try await binding(child, isolation: isolation, operation: operation)
    }
}
