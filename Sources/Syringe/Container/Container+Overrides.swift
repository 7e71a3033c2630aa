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
    /// The binding ends when `operation` returns or throws; the child and its instances go with it.
    /// Overrides follow structured concurrency, as Swift task-locals do: `Task { }` created inside copies
    /// them, `Task.detached` and a closure stored and called after `operation` returned do not.
    public static func withOverrides<Result>(
        _ overrides: (Container) throws -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        let child = Container(isolatedFrom: shared)
        noteBinding()
        try overrides(child)
        return try $taskLocal.withValue(child, operation: operation)
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
        _ overrides: (Container) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let child = Container(isolatedFrom: shared)
        noteBinding()
        try overrides(child)
        return try await $taskLocal.withValue(child, operation: operation, isolation: isolation)
    }

    /// Like ``withOverrides(_:operation:)``, and strict: whenever something resolved inside reaches a
    /// live-only dependency (``Registration/liveOnly()``, ``InjectionKey/isLiveOnly``) that `overrides`
    /// did not replace, `onLiveAccess` is told its key, once per key.
    ///
    /// ```swift
    /// try await Container.withOverrides(strict: { key in Issue.record("\(key) is live-only") }) {
    ///     $0.register(APIClient.self) { MockAPIClient() }
    /// } operation: {
    ///     try await refreshFeed()
    /// }
    /// ```
    public static func withOverrides<Result>(
        strict onLiveAccess: @escaping @Sendable (Key) -> Void,
        _ overrides: (Container) throws -> Void,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let child = Container(isolatedFrom: shared, liveAccessHandler: onLiveAccess)
        noteBinding()
        try overrides(child)
        return try await $taskLocal.withValue(child, operation: operation, isolation: isolation)
    }

    /// The synchronous form of ``withOverrides(strict:_:isolation:operation:)``.
    ///
    /// ```swift
    /// try Container.withOverrides(strict: { key in XCTFail("\(key) is live-only") }) { _ in } operation: {
    ///     _ = try Container.shared.resolve(Feed.self)
    /// }
    /// ```
    public static func withOverrides<Result>(
        strict onLiveAccess: @escaping @Sendable (Key) -> Void,
        _ overrides: (Container) throws -> Void,
        operation: () throws -> Result
    ) rethrows -> Result {
        let child = Container(isolatedFrom: shared, liveAccessHandler: onLiveAccess)
        noteBinding()
        try overrides(child)
        return try $taskLocal.withValue(child, operation: operation)
    }
}
