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
    public let parent: Container?
    let table = Protected(Table())

    /// The registrations of one container.
    struct Table {
        var entries: [Key: AnyEntry] = [:]
        /// Keys in first-registration order, for iteration and deterministic messages.
        var order: [Key] = []
        /// The keys of multi-binding contributions per service type, in contribution order.
        var contributions: [ObjectIdentifier: [Key]] = [:]
    }

    /// Creates an empty container, optionally on top of a parent.
    ///
    /// ```swift
    /// let app = Container()
    /// let request = Container(parent: app)   // sees everything `app` registers
    /// ```
    public init(parent: Container? = nil) {
        self.parent = parent
    }

    private static let processWide = Container()

    /// The process-wide default container, used by the property wrappers and key-path faces when no
    /// other container is given.
    ///
    /// ```swift
    /// Container.shared.register(Settings.self) { Settings() }
    /// let settings = try Container.shared.resolve(Settings.self)
    /// ```
    public static var shared: Container { processWide }

    /// The containers from this one up to the root.
    var lineage: some Sequence<Container> {
        sequence(first: self, next: \.parent)
    }

    /// Finds the registration of `key` here or in a parent, with the container that owns it.
    @inline(__always)
    func lookup(_ key: Key) -> (entry: AnyEntry, owner: Container)? {
        var container = self
        while true {
            if let entry = container.table.withLock({ $0.entries[key] }) { return (entry, container) }
            guard let parent = container.parent else { return nil }
            container = parent
        }
    }

    /// Every key registered here and in the parents, nearest container first.
    func allKeys() -> [Key] {
        lineage.flatMap { container in container.table.withLock { $0.order } }
    }
}
