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
/// A container is safe to use from any thread at any time. No factory, hook or `deinit` runs while a lock
/// of Syringe is held; a singleton is built once even when many threads ask at the same moment.
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
    let registry = Registry()
    /// How this container departs from the plain rules (a test container, a trace): `nil` for most.
    let policy: (any ContainerPolicy)?
    /// What the fast path walks, as raw memory: `[slot of the registry's table][parent's links or nil]`, or nil
    /// when this container's published instances may not be read that way (it has a policy). The registry and
    /// the parent live as long as this container.
    let links: FastPathLinks
    /// Whether this container has a policy (then the fast path skips it).
    var hasPolicy: Bool { policy != nil }
    /// Set by `shutdown()`: stored instances are no longer built.
    let closed = AtomicFlag()
    /// The state each face keeps per container (component index, injectors, …), by the face's type.
    private let faceStates = FaceStates()

    /// Creates an empty container, optionally on top of a parent.
    ///
    /// ```swift
    /// let app = Container()
    /// let request = Container(parent: app)   // sees everything `app` registers
    /// ```
    public init(parent: Container? = nil) {
        self.parent = parent
        self.policy = nil
        self.links = FastPathLinks(table: registry.published.word, parent: parent?.links)
    }

    /// A container with a policy (see ``ContainerPolicy``).
    init(parent: Container, policy: any ContainerPolicy) {
        self.parent = parent
        self.policy = policy
        self.links = FastPathLinks(table: nil, parent: nil)
    }

    /// The state a face keeps for this container, made by `make` on first use.
    func state<State: AnyObject & Sendable>(_ type: State.Type, _ make: () -> State) -> State {
        faceStates.state(State.self, make)
    }

    /// The state a face keeps for this container, if it made one.
    func existingState<State: AnyObject & Sendable>(_ type: State.Type) -> State? {
        faceStates.existing(State.self)
    }

    deinit {
        links.deallocate()
    }

    /// The containers from this one up to the root.
    var lineage: some Sequence<Container> {
        sequence(first: self, next: \.parent)
    }

    /// Every key registered here and in the parents, nearest container first.
    func allKeys() -> [Key] {
        lineage.flatMap { container in container.registry.allKeys }
    }

    /// This container's own registrations, in registration order.
    func ownEntries() -> [Entry] {
        registry.allEntries
    }
}

/// A registration found by a lookup, with the container that owns it (which keeps its instances).
struct Found {
    let entry: Entry
    let owner: Container
}

/// The states of the faces of one container, made when a face first needs one: most containers never make
/// one, and then pay for no dictionary (nor for the runtime's setting up of its type).
// @unchecked Sendable: `states` is guarded by `lock`; every state is Sendable.
final class FaceStates: @unchecked Sendable {
    private let lock = Lock()
    @exclusivity(unchecked) private var states: [ObjectIdentifier: any AnyObject & Sendable]?

    func state<State: AnyObject & Sendable>(_ type: State.Type, _ make: () -> State) -> State {
        lock.withLock {
            if let existing = states?[ObjectIdentifier(State.self)] { return existing as! State }
            let state = make()
            states = (states ?? [:]).merging([ObjectIdentifier(State.self): state]) { $1 }
            return state
        }
    }

    func existing<State: AnyObject & Sendable>(_ type: State.Type) -> State? {
        lock.withLock { states?[ObjectIdentifier(State.self)] as? State }
    }
}
