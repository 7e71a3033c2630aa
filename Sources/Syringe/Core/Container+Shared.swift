extension Container {
    private static let processWide = Container()

    /// The container bound to the current task by ``withOverrides(strict:_:operation:)``, if any.
    @TaskLocal static var taskLocal: Container?

    /// Set once any task-local container has ever been bound: until then (in an app, for ever) reading
    /// ``shared`` skips the task-local lookup. It never goes back, since a `Task { }` may carry a binding
    /// beyond the call that made it; a binding for the length of one synchronous call holds it instead.
    private static let bindingsMade = AtomicFlag()

    /// Whether a container was ever bound to a task (a test's trait or `withOverrides`), for error texts.
    static var anyBindingMade: Bool { bindingsMade.isSet }

    static func noteBinding() {
        // `set()`, not a test of `isSet` first: the flag also reads as set while a key's default holds it
        // (``bindingWhile(_:operation:)``), and a binding made then must keep it set once the hold ends.
        bindingsMade.set()
    }

    /// Runs `operation` with `container` as ``shared``. Binding the process-wide container while nothing was ever
    /// bound changes nothing, and does not close the fast path of the property wrappers.
    static func binding<Result>(_ container: Container, operation: () throws -> Result) rethrows -> Result {
        if container === processWide, !bindingsMade.isSet { return try operation() }
        noteBinding()
        return try $taskLocal.withValue(container, operation: operation)
    }

    /// Runs synchronous `operation` with `container` as ``shared`` without closing the property wrappers' fast
    /// path for good: it stays closed only while `operation` runs (a key's default read through a container that
    /// is not the shared one). A `Task { }` made inside that outlives it reads the process-wide container.
    static func bindingWhile<Result>(_ container: Container, operation: () throws -> Result) rethrows -> Result {
        try bindingsMade.holding { try $taskLocal.withValue(container, operation: operation) }
    }

    /// Runs an async `operation` with `container` as ``shared``, on the caller's actor.
    static func binding<Result>(
        _ container: Container, isolation: isolated (any Actor)?, operation: () async throws -> Result
    ) async rethrows -> Result {
        if container === processWide, !bindingsMade.isSet { return try await operation() }
        noteBinding()
        return try await $taskLocal.withValue(container, operation: operation, isolation: isolation)
    }

    /// The current container: the one bound to this task by ``withOverrides(strict:_:operation:)`` (in a test),
    /// else the process-wide default. The property wrappers and `Container[kp]` read from it.
    ///
    /// ```swift
    /// Container.shared.register(Settings.self) { Settings() }
    /// let settings = try Container.shared.resolve(Settings.self)
    /// ```
    public static var shared: Container {
        if !bindingsMade.isSet { return processWide }
        return taskLocal ?? processWide
    }

    /// The fast path of the property wrappers: the published instance of the plain type `type` in
    /// ``shared``, with its read section open (see ``lookUpPlain(_:)``), or nothing (take the slow path).
    /// Retains no registration, and no container until a task-local one was ever bound: a wrapper's read costs a
    /// resolve's.
    @usableFromInline
    static func lookUpPlainInShared(_ type: ObjectIdentifier) -> PlainLookup {
        let links = bindingsMade.isSet ? shared.links.words : processWide.links.words
        guard let links else { return PlainLookup(published: nil, reader: nil, entry: nil) }
        return lookUpPlain(type, from: links, retainingEntry: false)
    }

    /// The process-wide container, whatever the current task binds (for our own test fixtures).
    package static var processWideContainer: Container { processWide }
}
