/// The type-erased face of a registration, as stored in a container's table.
// @unchecked Sendable: the mutable state (`epoch`, the typed slot in `Entry`) is guarded by `lock`.
class AnyEntry: @unchecked Sendable {
    /// The key the registration was made under.
    let key: Key
    let scope: Scope
    let fileID: StaticString
    let line: UInt
    /// Guards the instance slot, the build ticket, the hooks and `epoch` (never held while user code runs).
    let lock = Lock()
    /// Bumped by every reset, so a build that started before the reset does not store its result after it.
    var epoch: UInt64 = 0
    /// Marked with `.liveOnly()`: reaching it unoverridden in a strict test is reported.
    private var liveOnly = false

    var isLiveOnly: Bool {
        get { lock.withLock { liveOnly } }
        set { lock.withLock { liveOnly = newValue } }
    }

    /// The type this registration builds (`Service` of `Entry<Service>`).
    let serviceIdentity: ObjectIdentifier

    init(key: Key, scope: Scope, fileID: StaticString, line: UInt, serviceType: any Any.Type) {
        self.key = key
        self.serviceIdentity = ObjectIdentifier(serviceType)
        self.scope = scope
        self.fileID = fileID
        self.line = line
    }

    /// Drops the stored instance, if any.
    func reset() {}

    /// Whether an instance is stored right now.
    var hasInstance: Bool { false }

    /// Whether the factory is async and so can only be resolved through the async API.
    var isAsync: Bool { false }

    /// Whether this is the default of a key-path key, built by the factory of each access.
    var isProvided: Bool { false }

    /// A registration with the same factory, scope and hooks and an empty slot.
    func copy() -> AnyEntry {
        preconditionFailure("abstract")
    }

    /// Produces an instance through the stored factory, type-erased: for a key-path key whose getter
    /// and override have different static types.
    func produceAny(owner: Container, key: Key, requester: Container) throws(ResolutionError) -> Any {
        preconditionFailure("abstract")
    }
}

/// A registration of `Service`: its factory, scope, hooks and (for stored scopes) its instance.
// @unchecked Sendable: `hooks`, `instance`, `sharedObject` and `ticket` are read and written under `lock` only.
final class Entry<Service>: AnyEntry, @unchecked Sendable {
    enum Factory {
        case plain(@Sendable () throws -> Service)
        case resolver(@Sendable (Resolution) throws -> Service)
        case arguments(@Sendable (Resolution, Any) throws -> Service)
        /// A container property (`provide { … }`): the factory comes with each access, so nothing escapes.
        case provided
    }

    let factory: Factory
    private var hooks: [@Sendable (inout Service, Resolution) throws -> Void] = []
    /// The stored instance of a `.cached`, `.singleton` or custom scope.
    private var instance: Service?
    /// The stored instance of a `.shared` scope.
    private weak var sharedObject: AnyObject?
    /// Set while one resolution builds the instance of a stored scope; others wait on it.
    private var ticket: BuildTicket?

    init(key: Key, scope: Scope, factory: Factory, fileID: StaticString, line: UInt) {
        self.factory = factory
        super.init(key: key, scope: scope, fileID: fileID, line: line, serviceType: Service.self)
    }

    override func copy() -> AnyEntry {
        let copy = Entry(key: key, scope: scope, factory: factory, fileID: fileID, line: line)
        copy.hooks = currentHooks
        copy.isLiveOnly = isLiveOnly
        return copy
    }

    override func produceAny(owner: Container, key: Key, requester: Container) throws(ResolutionError) -> Any {
        try owner.produce(self, key: key, requester: requester, arguments: nil)
    }

    override var isProvided: Bool {
        if case .provided = factory { return true }
        return false
    }

    /// Runs the stored factory. A `.provided` entry is only ever built with the factory of its access.
    @inline(__always)
    func make(_ resolution: Resolution, _ arguments: Any?) throws -> Service {
        switch factory {
        case let .plain(factory): return try factory()
        case let .resolver(factory): return try factory(resolution)
        case let .arguments(factory): return try factory(resolution, arguments ?? ())
        case .provided: preconditionFailure("Syringe: \(key) is a container property; resolve it through its key path")
        }
    }

    override func reset() {
        lock.withLock {
            instance = nil
            sharedObject = nil
            epoch &+= 1
        }
    }

    override var hasInstance: Bool {
        lock.withLock { instance != nil || sharedObject != nil }
    }

    func addHook(_ hook: @escaping @Sendable (inout Service, Resolution) throws -> Void) {
        lock.withLock { hooks.append(hook) }
    }

    var currentHooks: [@Sendable (inout Service, Resolution) throws -> Void] {
        lock.withLock { hooks }
    }

    /// The state of the slot, read under the lock.
    enum SlotState {
        case ready(Service)
        case building(BuildTicket)
        case empty(epoch: UInt64)
    }

    /// Reads the slot; when it is empty, claims it by installing `claim` so other resolutions wait.
    @inline(__always)
    func readOrClaim(_ claim: () -> BuildTicket) -> SlotState {
        lock.lock()
        defer { lock.unlock() }
        if let instance { return .ready(instance) }
        if let object = sharedObject, let value = object as? Service { return .ready(value) }
        if let ticket { return .building(ticket) }
        let newTicket = claim()
        ticket = newTicket
        return .empty(epoch: epoch)
    }

    /// The stored instance, if any: the fast path of a cached resolve.
    @inline(__always)
    func storedInstance() -> Service? {
        lock.lock()
        defer { lock.unlock() }
        if let instance { return instance }
        if scope.kind == .shared, let object = sharedObject { return object as? Service }
        return nil
    }

    /// Ends a build: stores `value` unless a reset happened since `epoch`, and releases the ticket.
    func finishBuild(_ value: Service?, startedAt epoch: UInt64) {
        // A value type has no identity to share: `.shared` keeps class instances only.
        var object: AnyObject?
        if scope.kind == .shared, let value, type(of: value as Any) is AnyClass { object = value as AnyObject }
        lock.lock()
        defer { lock.unlock() }
        if let value, epoch == self.epoch {
            if scope.kind == .shared {
                if let object { sharedObject = object }
            } else {
                instance = value
            }
        }
        ticket = nil
    }
}

/// Boxes a value so it can be kept in a homogeneous store and read back without a dynamic cast.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
