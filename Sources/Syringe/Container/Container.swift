/// A set of registrations and the instances built from them: the one engine behind every face of Syringe.
///
/// Register a factory per service, then resolve; dependencies are resolved inside factories through the
/// ``Resolution`` they receive:
///
/// ```swift
/// let container = Container()
/// container.register(Engine.self) { V8Engine() }
/// container.register(Transmission.self, scope: .singleton) { ManualTransmission() }
/// container.register(Car.self) { r in
///     Car(engine: try r.resolve(), transmission: try r.resolve())
/// }
/// let car = try container.resolve(Car.self)
/// ```
///
/// A container is safe to use from any thread at any time. No factory runs while a lock for the whole
/// container is held; a singleton is built once even when many threads ask at the same moment.
///
/// A child container sees its parent's registrations and resolves the parent's singletons to the same
/// instances, while what it registers itself stays its own:
///
/// ```swift
/// let child = Container(parent: container)
/// child.register(Engine.self) { TestEngine() }
/// ```
public final class Container: Sendable {
    /// The container this one falls back to for keys it has no registration of.
    ///
    /// ```swift
    /// let child = Container(parent: app)
    /// assert(child.parent === app)
    /// ```
    public let parent: Container?
    /// The registrations: written under a lock, read without one.
    @usableFromInline let registry = Registry()
    /// Interface injectors, in registration order (see `Container+Injection.swift`).
    let injectors = Protected<[Injector]>([])
    /// Whether this container keeps its own instances of its ancestors' stored registrations (a test
    /// container made by `withOverrides`): everything resolved through it is built fresh.
    let isolatesInstances: Bool
    /// In a strict test container: told when a live-only dependency is resolved without an override.
    let liveAccessHandler: (@Sendable (Key) -> Void)?
    /// Set on the throwaway child of `traceResolution(of:)`: every resolve through it is recorded.
    @usableFromInline let tracer: TraceRecorder?
    private let reportedLiveAccess = Protected(Set<Key>())

    /// Creates an empty container, optionally on top of a parent.
    ///
    /// ```swift
    /// let app = Container()
    /// let request = Container(parent: app)   // sees everything `app` registers
    /// ```
    public init(parent: Container? = nil) {
        self.parent = parent
        self.isolatesInstances = false
        self.liveAccessHandler = nil
        self.tracer = nil
    }

    /// A child that builds its own instances of everything it resolves, for tests, previews and traces.
    init(
        isolatedFrom parent: Container, liveAccessHandler: (@Sendable (Key) -> Void)? = nil,
        tracer: TraceRecorder? = nil
    ) {
        self.parent = parent
        self.isolatesInstances = true
        self.liveAccessHandler = liveAccessHandler
        self.tracer = tracer
    }

    private static let processWide = Container()

    /// The container bound to the current task by ``withOverrides(_:operation:)``, if any.
    @TaskLocal static var taskLocal: Container?

    /// Set once any task-local container has ever been bound: until then (in an app, for ever) reading
    /// ``shared`` skips the task-local lookup. It never goes back, since a `Task { }` may carry a binding
    /// beyond the call that made it.
    private static let bindingsMade = AtomicCounter()

    static func noteBinding() {
        if bindingsMade.value == 0 { bindingsMade.increment() }
    }

    /// The current container: the one bound to this task by ``withOverrides(_:operation:)`` (in a test),
    /// else the process-wide default. The property wrappers and `Container[kp]` read from it.
    ///
    /// ```swift
    /// Container.shared.register(Settings.self) { Settings() }
    /// let settings = try Container.shared.resolve(Settings.self)
    /// ```
    public static var shared: Container {
        if bindingsMade.value == 0 { return processWide }
        return taskLocal ?? processWide
    }

    /// The process-wide container, whatever the current task binds (for our own test fixtures).
    package static var processWideContainer: Container { processWide }

    /// The containers from this one up to the root.
    var lineage: some Sequence<Container> {
        sequence(first: self, next: \.parent)
    }

    /// Finds the registration of `key` here or in a parent, with the container that owns it.
    @usableFromInline
    func lookup(_ key: Key) -> (entry: AnyEntry, owner: Container)? {
        if let entry = registry.entry(for: key) { return (entry, self) }
        return lookupInAncestors(key)
    }

    /// The slow half of `lookup`: walks up the chain; crossing an isolating (test) container, a stored
    /// registration is copied into it so that it builds and keeps an instance of its own.
    private func lookupInAncestors(_ key: Key) -> (entry: AnyEntry, owner: Container)? {
        var boundary: Container? = isolatesInstances ? self : nil
        var container = self
        while let parent = container.parent {
            if let entry = parent.registry.entry(for: key) {
                guard let boundary else { return (entry, parent) }
                boundary.reportIfLiveOnly(entry)
                guard entry.scope.isStored || entry.isProvided else { return (entry, parent) }
                return (boundary.adopt(entry), boundary)
            }
            if boundary == nil, parent.isolatesInstances { boundary = parent }
            container = parent
        }
        return nil
    }

    /// Puts a fresh copy of an ancestor's registration in this container, unless one is already here.
    private func adopt(_ entry: AnyEntry) -> AnyEntry {
        registry.installIfAbsent(entry.copy())
    }

    /// Tells a strict test container's handler, once per key, that a live-only dependency was reached.
    func reportIfLiveOnly(_ entry: AnyEntry) {
        guard entry.isLiveOnly, let liveAccessHandler else { return }
        if reportedLiveAccess.withLock({ $0.insert(entry.key).inserted }) { liveAccessHandler(entry.key) }
    }

    /// Where the defaults of key-path keys are kept: the first isolating container up the chain, else the root.
    var homeForDefaults: Container {
        var container = self
        while !container.isolatesInstances, let parent = container.parent { container = parent }
        return container
    }

    /// Every key registered here and in the parents, nearest container first.
    func allKeys() -> [Key] {
        lineage.flatMap { container in container.registry.allKeys }
    }
}
