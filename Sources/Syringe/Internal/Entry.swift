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

    init(key: Key, scope: Scope, fileID: StaticString, line: UInt) {
        self.key = key
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

    // Type-erased access for build(), validate() and instances(of:); never on the resolve path.

    /// The instance kept right now (stored scopes), as `Any`; `nil` when none is kept.
    var storedValue: Any? { nil }

    /// Resolves this registration as a request made to `requester`; `nil` when it cannot be resolved that
    /// way (it takes arguments, or its factory is async).
    func resolveErased(owner: Container, requester: Container) throws(ResolutionError) -> Any? { nil }

    /// A copy with the same factory, hooks and kept instance but a slot of its own, for `validate()`.
    func throwawayCopy() -> AnyEntry? { nil }
}

/// A registration of `Service`: its factory, scope, hooks and (for stored scopes) its instance.
// @unchecked Sendable: `hooks`, `instance`, `sharedObject` and `ticket` are read and written under `lock` only.
final class Entry<Service>: AnyEntry, @unchecked Sendable {
    enum Factory {
        case plain(@Sendable () throws -> Service)
        case resolver(@Sendable (Resolution) throws -> Service)
        case arguments(@Sendable (Resolution, Any) throws -> Service)
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
        super.init(key: key, scope: scope, fileID: fileID, line: line)
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

    override var storedValue: Any? {
        lock.withLock { () -> Any? in instance.map { $0 as Any } ?? sharedObject.map { $0 as Any } }
    }

    override func resolveErased(owner: Container, requester: Container) throws(ResolutionError) -> Any? {
        guard key.argumentTypes == nil, !isAsync else { return nil }
        return try owner.produce(self, key: key, requester: requester, arguments: nil)
    }

    override func throwawayCopy() -> AnyEntry? {
        let copy = Entry(key: key, scope: scope, factory: factory, fileID: fileID, line: line)
        lock.withLock {
            copy.hooks = hooks
            copy.instance = instance
            copy.sharedObject = sharedObject
        }
        return copy
    }
}

/// Boxes a value so it can be kept in a homogeneous store and read back without a dynamic cast.
final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
