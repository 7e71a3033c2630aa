import SyringeShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// The type-erased face of a registration, as stored in a container's registry.
// @unchecked Sendable: mutable state is guarded by `lock`, except the published slots, read through atomics.
@usableFromInline
class AnyEntry: @unchecked Sendable {
    /// The key the registration was made under.
    @usableFromInline let key: Key
    /// The service type's identity when `key` is a plain type key (the fast path), else `nil`.
    @usableFromInline let plainType: ObjectIdentifier?
    /// `key.fastHash`, computed once.
    @usableFromInline let keyHash: Int
    let scope: Scope
    /// Where instances go, from `scope`: read on every resolve, so kept as a small enum.
    @usableFromInline let storage: Storage
    let fileID: StaticString
    let line: UInt
    /// One allocation for the entry's atomic slots and its mutex: [instance box][hook list][mutex].
    @usableFromInline let block: UnsafeMutableRawPointer
    /// The published instance of a stored scope: an unretained `InstanceBox<Service>`, or nil.
    @inlinable var instanceSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        block.assumingMemoryBound(to: UnsafeMutableRawPointer?.self)
    }
    /// The published hook list: an unretained `InstanceBox<[Hook]>`, or nil when there are no hooks.
    @inlinable var hookSlot: UnsafeMutablePointer<UnsafeMutableRawPointer?> {
        block.assumingMemoryBound(to: UnsafeMutableRawPointer?.self) + 1
    }
    /// Guards the build ticket, the hooks, `epoch` and the boxes below (never held while user code runs).
    let lock: InlineLock
    /// Bumped by every reset, so a build that started before the reset does not store its result after it.
    var epoch: UInt64 = 0
    /// The position in its registry's registration order; written under the registry's lock.
    @exclusivity(unchecked) var orderIndex = 0
    /// Every instance box and hook list ever published: readers may still hold them, so they live as
    /// long as the entry.
    var published: [AnyObject] = []
    /// Marked with `.liveOnly()`: reaching it unoverridden in a strict test is reported.
    private var liveOnly = false

    var isLiveOnly: Bool {
        get { lock.withLock { liveOnly } }
        set { lock.withLock { liveOnly = newValue } }
    }

    /// The type this registration builds (`Service` of `Entry<Service>`).
    let serviceIdentity: ObjectIdentifier

    /// How the factory must be called. Anything but `.synchronous` takes the slow path of the synchronous
    /// API, where it is refused (async) or checked (main actor) before an instance is read or built; such
    /// entries keep their instance out of the published slot, so the lock-free fast path never sees it.
    @usableFromInline let execution: Execution

    /// How a registration's factory runs.
    @usableFromInline
    enum Execution: UInt8, Sendable {
        /// A synchronous factory that runs on any thread.
        case synchronous
        /// An `async` factory: resolved only through `resolveAsync`.
        case async
        /// A `@MainActor` factory: resolved synchronously on the main actor, or through `resolveAsync`.
        case mainActor
    }

    init(
        key: Key, scope: Scope, fileID: StaticString, line: UInt, serviceType: any Any.Type,
        execution: Execution = .synchronous
    ) {
        self.execution = execution
        self.key = key
        self.plainType = key.isPlainType ? ObjectIdentifier(key.serviceType) : nil
        self.keyHash = key.fastHash
        self.serviceIdentity = ObjectIdentifier(serviceType)
        self.scope = scope
        switch scope.kind {
        case .unique: storage = .none
        case .graph: storage = .graph
        case .cached, .singleton, .shared, .custom: storage = .stored
        }
        self.fileID = fileID
        self.line = line
        let slotsSize = 2 * MemoryLayout<UnsafeMutableRawPointer?>.stride
        block = .allocate(
            byteCount: slotsSize + MemoryLayout<pthread_mutex_t>.stride,
            alignment: max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<UnsafeMutableRawPointer?>.alignment))
        block.bindMemory(to: UnsafeMutableRawPointer?.self, capacity: 2).initialize(repeating: nil, count: 2)
        lock = InlineLock(at: block + slotsSize)
        lock.initialize()
    }

    deinit {
        lock.destroy()
        block.deallocate()
    }

    /// Drops the stored instance, if any.
    func reset() {}

    /// Whether an instance is stored right now.
    var hasInstance: Bool { false }

    /// Whether the factory is async and so can only be resolved through the async API.
    var isAsync: Bool { execution == .async }

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

    // Type-erased access for build(), validate() and instances(of:); never on the resolve path.

    /// The instance kept right now (stored scopes), as `Any`; `nil` when none is kept.
    var storedValue: Any? { nil }

    /// Resolves this registration as a request made to `requester`; `nil` when it cannot be resolved that
    /// way (it takes arguments, or its factory is async).
    func resolveErased(owner: Container, requester: Container) throws(ResolutionError) -> Any? { nil }

    /// A copy with the same factory, hooks and kept instance but a slot of its own, for `validate()`.
    func throwawayCopy() -> AnyEntry? { nil }
}

/// Where a registration's instances are kept.
@usableFromInline
enum Storage: UInt8, Sendable {
    /// Nowhere: `.unique`.
    case none
    /// In the current resolution: `.graph`.
    case graph
    /// In the entry's slot: `.cached`, `.singleton`, `.shared`, custom scopes.
    case stored
}

/// An immutable published instance, so readers can copy it out without a lock.
@usableFromInline
final class InstanceBox<Value> {
    @usableFromInline let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// A registration of `Service`: its factory, scope, hooks and (for stored scopes) its instance.
// @unchecked Sendable: `hooks`, `sharedObject` and `ticket` are guarded by `lock`; the instance and hook
// lists are published through atomics as immutable boxes.
@usableFromInline
final class Entry<Service>: AnyEntry, @unchecked Sendable {
    @usableFromInline
    enum Factory {
        case plain(@Sendable () throws -> Service)
        case resolver(@Sendable (Resolution) throws -> Service)
        case arguments(@Sendable (Resolution, Any) throws -> Service)
        /// A container property (`provide { … }`): the factory comes with each access, so nothing escapes.
        case provided
        /// An `async` factory, run by the async engine (`Container+Async.swift`) only.
        case async(@Sendable (Resolution) async throws -> Service)
        /// A `@MainActor` factory (`Container+MainActor.swift`).
        case mainActor(MainActorFactory)
    }

    /// A `@MainActor` factory, wrapped where `Service: Sendable` is known.
    @usableFromInline
    struct MainActorFactory {
        /// Runs the factory on the main actor, which the caller must be on; throws when it is not.
        let run: @Sendable (Resolution) throws -> Service
        /// Produces the entry on the main actor from anywhere: hops there unless already on it.
        let hop: @Sendable (_ entry: Entry<Service>, _ key: Key, _ owner: Container, _ requester: Container) async
            throws(ResolutionError) -> Service
    }

    typealias Hook = @Sendable (inout Service, Resolution) throws -> Void

    @usableFromInline let factory: Factory
    /// The factory again, unpacked into `let`s: calling a stored closure borrows it, where extracting it
    /// from the enum would retain and release it on every build.
    @usableFromInline let plainFactory: (@Sendable () throws -> Service)?
    @usableFromInline let resolverFactory: (@Sendable (Resolution) throws -> Service)?
    @usableFromInline let argumentFactory: (@Sendable (Resolution, Any) throws -> Service)?
    /// The stored instance of a `.shared` scope.
    private weak var sharedObject: AnyObject?
    /// Set while one resolution builds the instance of a stored scope; others wait on it.
    private var ticket: BuildTicket?
    /// Set while one task builds the instance of a stored scope with an async factory; others await it.
    private var asyncTicket: AsyncBuildTicket?
    /// The stored instance of an entry whose `execution` is not `.synchronous`, kept out of the published
    /// slot so that the synchronous fast path never hands it out unchecked.
    private var keptInstance: Service?

    init(key: Key, scope: Scope, factory: Factory, fileID: StaticString, line: UInt) {
        self.factory = factory
        let execution: Execution
        switch factory {
        case let .plain(make): (plainFactory, resolverFactory, argumentFactory) = (make, nil, nil)
        case let .resolver(make): (plainFactory, resolverFactory, argumentFactory) = (nil, make, nil)
        case let .arguments(make): (plainFactory, resolverFactory, argumentFactory) = (nil, nil, make)
        case .provided, .async, .mainActor: (plainFactory, resolverFactory, argumentFactory) = (nil, nil, nil)
        }
        switch factory {
        case .async: execution = .async
        case .mainActor: execution = .mainActor
        case .plain, .resolver, .arguments, .provided: execution = .synchronous
        }
        super.init(key: key, scope: scope, fileID: fileID, line: line, serviceType: Service.self, execution: execution)
        if execution != .synchronous {
            // Routes every build through the out-of-line path, where the engine checks how it may run.
            let noHooks = InstanceBox<[Hook]>([])
            published.append(noHooks)
            syringe_store_release(hookSlot, Unmanaged.passUnretained(noHooks).toOpaque())
        }
    }

    override func copy() -> AnyEntry {
        let copy = Entry(key: key, scope: scope, factory: factory, fileID: fileID, line: line)
        for hook in currentHooks { copy.addHook(hook) }
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
    @inlinable
    func make(_ resolution: Resolution, _ arguments: Any?) throws -> Service {
        if let plainFactory { return try plainFactory() }
        if let resolverFactory { return try resolverFactory(resolution) }
        if let argumentFactory { return try argumentFactory(resolution, arguments ?? ()) }
        return try makeOther(resolution)
    }

    /// Runs the stored factory of a registration resolved without arguments.
    @inlinable
    func make(_ resolution: Resolution) throws -> Service {
        if let plainFactory { return try plainFactory() }
        if let resolverFactory { return try resolverFactory(resolution) }
        if let argumentFactory { return try argumentFactory(resolution, ()) }
        return try makeOther(resolution)
    }

    /// The factories that are not unpacked: a main-actor one (which checks where it runs), an async one
    /// (refused: the synchronous engine checks before it gets here, so this guards internal callers), and
    /// a key-path default, which is only ever built with the factory of its access.
    @usableFromInline
    func makeOther(_ resolution: Resolution) throws -> Service {
        switch factory {
        case let .mainActor(factory): return try factory.run(resolution)
        case .async: throw resolution.container.asyncRequired(key, entry: self)
        case .plain, .resolver, .arguments, .provided: Entry.providedWithoutFactory(key)
        }
    }

    @usableFromInline
    static func providedWithoutFactory(_ key: Key) -> Never {
        preconditionFailure("Syringe: \(key) is a container property; resolve it through its key path")
    }

    /// Whether any `onCreated` hook is registered: one pointer load. Also true for async and main-actor
    /// entries, whose builds always take the out-of-line path.
    @inlinable
    var hasHooks: Bool { syringe_load_acquire(hookSlot) != nil }

    // MARK: Hooks

    func addHook(_ hook: @escaping Hook) {
        lock.withLock {
            let list = InstanceBox(currentHooks + [hook])
            published.append(list)
            syringe_store_release(hookSlot, Unmanaged.passUnretained(list).toOpaque())
        }
    }

    /// The hooks, read without a lock: empty unless `onCreated` was called.
    var currentHooks: [Hook] {
        guard let raw = syringe_load_acquire(hookSlot) else { return [] }
        return Unmanaged<InstanceBox<[Hook]>>.fromOpaque(raw).takeUnretainedValue().value
    }

    // MARK: The instance slot

    /// The published instance of a stored scope, read without a lock: the fast path of a cached resolve.
    @inlinable @inline(__always)
    func cachedInstance() -> Service? {
        guard let raw = syringe_load_acquire(instanceSlot) else { return nil }
        return Unmanaged<InstanceBox<Service>>.fromOpaque(raw)._withUnsafeGuaranteedRef { $0.value }
    }

    override func reset() {
        lock.withLock {
            syringe_store_release(instanceSlot, nil)
            sharedObject = nil
            keptInstance = nil
            epoch &+= 1
        }
    }

    override var hasInstance: Bool {
        lock.withLock { syringe_load_acquire(instanceSlot) != nil || sharedObject != nil || keptInstance != nil }
    }

    /// The state of the slot, read under the lock.
    enum SlotState {
        case ready(Service)
        case building(BuildTicket)
        case empty(epoch: UInt64)
    }

    /// Reads the slot; when it is empty, claims it by installing `claim` so other resolutions wait.
    func readOrClaim(_ claim: () -> BuildTicket) -> SlotState {
        lock.lock()
        defer { lock.unlock() }
        if let instance = cachedInstance() ?? keptInstance { return .ready(instance) }
        if let object = sharedObject, let value = object as? Service { return .ready(value) }
        if let ticket { return .building(ticket) }
        ticket = claim()
        return .empty(epoch: epoch)
    }

    /// The state of the slot as the async engine sees it.
    enum AsyncSlotState {
        case ready(Service)
        case building(AsyncBuildTicket)
        case empty(epoch: UInt64)
    }

    /// Reads the slot for the async engine; when it is empty, claims it with `claim` so other tasks await it.
    func readOrClaimAsync(_ claim: () -> AsyncBuildTicket) -> AsyncSlotState {
        lock.lock()
        defer { lock.unlock() }
        if let keptInstance { return .ready(keptInstance) }
        if let object = sharedObject, let value = object as? Service { return .ready(value) }
        if let asyncTicket { return .building(asyncTicket) }
        asyncTicket = claim()
        return .empty(epoch: epoch)
    }

    /// The stored instance, if any.
    @inlinable
    func storedInstance() -> Service? {
        if let instance = cachedInstance() { return instance }
        return sharedInstance()
    }

    /// The instance of a `.shared` scope, if someone still holds it (only after the checks of
    /// `buildStored` for async and main-actor entries).
    @usableFromInline
    func sharedInstance() -> Service? {
        guard scope.kind == .shared, execution == .synchronous else { return nil }
        return lock.withLock { sharedObject } as? Service
    }

    /// Ends a build: publishes `value` unless a reset happened since `epoch`, and releases the ticket.
    func finishBuild(_ value: Service?, startedAt epoch: UInt64) {
        finish(value, startedAt: epoch) { $0.ticket = nil }
    }

    /// Ends an async build: keeps `value` unless a reset happened since `epoch`, and releases the ticket.
    func finishAsyncBuild(_ value: Service?, startedAt epoch: UInt64) {
        finish(value, startedAt: epoch) { $0.asyncTicket = nil }
    }

    private func finish(_ value: Service?, startedAt epoch: UInt64, release: (Entry) -> Void) {
        // A value type has no identity to share: `.shared` keeps class instances only.
        var object: AnyObject?
        if scope.kind == .shared, let value, type(of: value as Any) is AnyClass { object = value as AnyObject }
        lock.lock()
        defer { lock.unlock() }
        if let value, epoch == self.epoch {
            if scope.kind == .shared {
                if let object { sharedObject = object }
            } else if execution != .synchronous {
                keptInstance = value
            } else {
                let box = InstanceBox(value)
                published.append(box)
                syringe_store_release(instanceSlot, Unmanaged.passUnretained(box).toOpaque())
            }
        }
        release(self)
    }

    override var storedValue: Any? {
        if let instance = storedInstance() { return instance }
        return lock.withLock { keptInstance }.map { $0 as Any }
    }

    override func resolveErased(owner: Container, requester: Container) throws(ResolutionError) -> Any? {
        // Arguments, async factories and key-path defaults (built by each access's own factory) cannot be
        // resolved on their own.
        guard key.argumentTypes == nil, !isAsync, !isProvided else { return nil }
        return try owner.produce(self, key: key, requester: requester, arguments: nil)
    }

    override func throwawayCopy() -> AnyEntry? {
        let copy = Entry(key: key, scope: scope, factory: factory, fileID: fileID, line: line)
        for hook in currentHooks { copy.addHook(hook) }
        lock.withLock {
            if let raw = syringe_load_acquire(instanceSlot) {
                copy.published.append(Unmanaged<InstanceBox<Service>>.fromOpaque(raw).takeUnretainedValue())
                syringe_store_release(copy.instanceSlot, raw)
            }
            copy.sharedObject = sharedObject
            copy.keptInstance = keptInstance
        }
        return copy
    }

    /// An entry that answers `key` with the registration of `target` (a component), converted: one
    /// registration and one cache behind several keys. The target is looked up from the requesting
    /// container on every resolve, so test containers that keep their own instances keep this one too.
    static func forwarding(to target: Key, as key: Key, fileID: StaticString, line: UInt) -> Entry<Service> {
        Entry(
            key: key, scope: .unique,
            factory: .resolver { resolution in
                let container = resolution.container
                guard let found = container.lookup(target) else {
                    throw container.missing(target, fileID: fileID, line: line)
                }
                let instance = try found.entry.produceAny(owner: found.owner, key: target, requester: container)
                // Checked at registration (explicit forwarding) or by the conformance lookup that chose target.
                return instance as! Service
            },
            fileID: fileID, line: line)
    }
}

/// Boxes a value so it can be kept in a homogeneous store and read back without a dynamic cast.
@usableFromInline
final class Box<Value> {
    @usableFromInline var value: Value
    init(_ value: Value) { self.value = value }
}
