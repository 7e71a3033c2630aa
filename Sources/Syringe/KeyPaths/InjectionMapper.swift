/// Remaps one key path of ``Container`` to another, for mocks and previews: wherever Syringe resolves
/// the first (``Injected``, ``LazyInjected``, `Container[kp]`, ``Container/resolve(_:fileID:line:)-(KeyPath<Container,Value>,_,_)``,
/// also inside factories), it resolves the second.
///
/// ```swift
/// InjectionMapper[\.login.viewModel] = \.login.mockViewModel          // remap
/// InjectionMapper.map(\.login.mockViewModel, to: \.login.viewModel)   // the same, as a call
/// InjectionMapper.reset(\.login.viewModel)                            // back to the default
/// ```
///
/// The mapper redirects key paths: a plain property access in Swift code (such as `useCase` inside
/// a `provide` body) is not a key path and is not remapped. Remaps are process-wide; set them before
/// the objects that inject are created.
public enum InjectionMapper {
    // @unchecked Sendable: key paths are immutable once created; every access goes through the lock.
    private final class Mappings: @unchecked Sendable {
        let lock = Lock()
        var targets: [AnyKeyPath: AnyKeyPath] = [:] {
            // Mirrored for readers that take no lock: a resolve with no remap anywhere skips the lock.
            didSet { count.store(UInt(targets.count)) }
        }
        /// How many remaps `targets` holds, read without the lock.
        let count = AtomicUInt()
    }

    private static let mappings = Mappings()

    /// Remaps bound to the current task by `withMapping`, consulted before the process-wide ones.
    // @unchecked Sendable: an immutable dictionary of immutable key paths.
    struct TaskMappings: @unchecked Sendable {
        var targets: [AnyKeyPath: AnyKeyPath] = [:]
    }

    @TaskLocal static var taskMappings = TaskMappings()

    /// Runs `operation` with `original` remapped to `replacement` for the current task only (and its
    /// child tasks): parallel tests never see each other's remaps.
    ///
    /// ```swift
    /// InjectionMapper.withMapping(\.login.viewModel, to: \.login.mockViewModel) {
    ///     LoginScreen().signIn()   // injects the mock
    /// }
    /// ```
    public static func withMapping<Value, Result>(
        _ original: KeyPath<Container, Value>,
        to replacement: KeyPath<Container, Value>,
        operation: () throws -> Result
    ) rethrows -> Result {
        var mappings = taskMappings
        mappings.targets[original] = replacement
        noteTaskMappings()
        return try $taskMappings.withValue(mappings, operation: operation)
    }

    /// Runs an async `operation` with `original` remapped to `replacement` for the current task only.
    ///
    /// ```swift
    /// await InjectionMapper.withMapping(\.login.viewModel, to: \.login.mockViewModel) {
    ///     await screen.load()
    /// }
    /// ```
    public static func withMapping<Value, Result>(
        _ original: KeyPath<Container, Value>,
        to replacement: KeyPath<Container, Value>,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        var mappings = taskMappings
        mappings.targets[original] = replacement
        noteTaskMappings()
        return try await $taskMappings.withValue(mappings, operation: operation, isolation: isolation)
    }

    /// The key path resolved in place of `keyPath`, or `nil` when it is not remapped.
    ///
    /// ```swift
    /// InjectionMapper[\.login.viewModel] = \.login.mockViewModel
    /// InjectionMapper[\.login.viewModel] = nil   // the same as reset(\.login.viewModel)
    /// ```
    public static subscript<Value>(keyPath: KeyPath<Container, Value>) -> KeyPath<Container, Value>? {
        get {
            let target = taskMappings.targets[keyPath] ?? mappings.lock.withLock { mappings.targets[keyPath] }
            return target as? KeyPath<Container, Value>
        }
        set {
            if let newValue { map(newValue, to: keyPath) } else { reset(keyPath) }
        }
    }

    /// Resolves `replacement` wherever `original` is resolved.
    ///
    /// ```swift
    /// InjectionMapper.map(\.login.previewViewModel, to: \.login.viewModel)
    /// ```
    public static func map<Value>(_ replacement: KeyPath<Container, Value>, to original: KeyPath<Container, Value>) {
        mappings.lock.withLock { mappings.targets[original] = replacement }
    }

    /// Removes the remap of `keyPath`; its next resolve evaluates its own default again (a fresh
    /// instance: what was kept for it before is dropped).
    ///
    /// ```swift
    /// InjectionMapper.reset(\.login.viewModel)
    /// ```
    public static func reset<Value>(_ keyPath: KeyPath<Container, Value>) {
        let removed = mappings.lock.withLock { mappings.targets.removeValue(forKey: keyPath) }
        if removed != nil { Container.shared.dropKept(keyPath) }
    }

    /// Removes every remap.
    ///
    /// ```swift
    /// InjectionMapper.resetAll()
    /// ```
    public static func resetAll() {
        mappings.lock.withLock { mappings.targets.removeAll() }
    }

    /// Continues a remap chain from a task-local replacement through the process-wide remaps.
    private static func target<Value>(
        for keyPath: KeyPath<Container, Value>, excluding start: AnyKeyPath
    ) -> KeyPath<Container, Value> {
        mappings.lock.withLock {
            var current: AnyKeyPath = keyPath
            var seen: Set<AnyKeyPath> = [start, current]
            while let next = mappings.targets[current], seen.insert(next).inserted { current = next }
            return current as! KeyPath<Container, Value>
        }
    }

    /// The remap chain from `keyPath` as text when it loops back on itself, else `nil`.
    static func loop<Value>(startingAt keyPath: KeyPath<Container, Value>) -> String? {
        mappings.lock.withLock {
            guard !mappings.targets.isEmpty else { return nil }
            var chain: [AnyKeyPath] = [keyPath]
            var current: AnyKeyPath = keyPath
            while let next = mappings.targets[current] {
                chain.append(next)
                if chain.dropLast().contains(next) {
                    return chain.map { "\($0)" }.joined(separator: " → ")
                }
                current = next
            }
            return nil
        }
    }

    /// Set once a task-local remap was ever bound: until then, resolving a key path skips the task-local lookup.
    /// It never goes back, since a `Task { }` may carry a binding beyond the call that made it.
    private static let taskMappingsMade = AtomicFlag()

    private static func noteTaskMappings() {
        if !taskMappingsMade.isSet { taskMappingsMade.set() }
    }

    /// The current task's remaps, for a binding to bind again later (see `Container.current`).
    static var currentTaskMappings: TaskMappings {
        taskMappingsMade.isSet ? taskMappings : TaskMappings()
    }

    /// Runs `operation` with `mappings` as the current task's remaps.
    static func with<Result>(_ mappings: TaskMappings, operation: () throws -> Result) rethrows -> Result {
        if mappings.targets.isEmpty, !taskMappingsMade.isSet { return try operation() }
        noteTaskMappings()
        return try $taskMappings.withValue(mappings, operation: operation)
    }

    /// Runs an async `operation` with `mappings` as the current task's remaps.
    static func with<Result>(
        _ mappings: TaskMappings, isolation: isolated (any Actor)?, operation: () async throws -> Result
    ) async rethrows -> Result {
        if mappings.targets.isEmpty, !taskMappingsMade.isSet { return try await operation() }
        noteTaskMappings()
        return try await $taskMappings.withValue(mappings, operation: operation, isolation: isolation)
    }

    /// Follows remaps from `keyPath`, stopping at a loop; the current task's remaps come first.
    static func target<Value>(for keyPath: KeyPath<Container, Value>) -> KeyPath<Container, Value> {
        if !taskMappingsMade.isSet, mappings.count.load() == 0 { return keyPath }
        let local = taskMappings.targets
        if !local.isEmpty, let replacement = local[keyPath] {
            // Both have the root and value type of `keyPath`, so this cast holds.
            return target(for: replacement as! KeyPath<Container, Value>, excluding: keyPath)
        }
        return mappings.lock.withLock {
            guard !mappings.targets.isEmpty else { return keyPath }
            var current: AnyKeyPath = keyPath
            var seen: Set<AnyKeyPath> = [current]
            while let next = mappings.targets[current], seen.insert(next).inserted {
                current = next
            }
            // Every mapping in the chain has the same root and value type, so this cast holds.
            return current as! KeyPath<Container, Value>
        }
    }
}
