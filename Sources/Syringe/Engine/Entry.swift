/// One registration: its key, scope, factory and hooks, and (for a stored scope) its instance slot.
///
/// Not generic: the service type travels as a ``ServiceType``, factories and hooks as closures over raw
/// memory. A generic registration would be specialised and its metadata instantiated once per service
/// type, which is what made large apps slow to compile and start (see the Performance article).
// @unchecked Sendable: immutable except the hooks and `isLiveOnly` (written under the slot's `lock`), `orderIndex`
// (guarded by the registry's lock) and the slot (guarded by its own lock).
@usableFromInline
final class Entry: InstanceSlot, @unchecked Sendable {
    /// The key the registration answers.
    let key: Key
    /// The service type's identity when `key` is a plain type key (the fast path), else `nil`.
    let plainType: ObjectIdentifier?
    /// `key.fastHash`, computed once.
    let keyHash: Int
    let scope: Scope
    let storage: Storage
    let service: ServiceType
    let factory: Factory
    /// How the synchronous engine runs the factory, out of the enum: calling a stored closure borrows it,
    /// where taking it out of the enum would retain and release it on every build. For an async factory or a
    /// key-path default, which the engine never runs this way (it checks first), it throws.
    let syncFactory: @Sendable (Resolution, PackedArguments?, ValueAddress) throws -> Void
    /// Where it was registered: kept as one pointer, turned into a `StaticString` only for messages.
    let file: FileID
    let line: UInt
    var fileID: FileID { file }

    /// The dependencies the registration declares by the shape of its function; `nil` when its factory is
    /// opaque (a closure that resolves whatever it likes).
    var declared: [DeclaredDependency]? {
        lock.withLock {
            if declaredDependencies == nil, let parameterTypes {
                declaredDependencies = parameterTypes().map(DeclaredDependency.init(parameter:))
            }
            return declaredDependencies
        }
    }
    /// The parameter types of a `using:` function, turned into ``declared`` on first use: telling a `Lazy` or
    /// `Provider` parameter from a plain one asks the runtime for a conformance, which is slow the first time
    /// per type (a scan of every conformance record), and registering should not pay for what only
    /// `verify()`, `graph()` and `build()` read.
    private let parameterTypes: (@Sendable () -> [any Any.Type])?
    /// Guarded by the slot's lock.
    @exclusivity(unchecked) private var declaredDependencies: [DeclaredDependency]?
    /// The registration this one is a copy of (a test container's own copy of a parent's), else `nil`. Set once,
    /// by ``copy()``, before the copy is shared. A scope's store keeps one instance for both (see `ScopeStore`).
    @exclusivity(unchecked) private(set) var original: Entry?
    /// The registration this one is, or is a copy of.
    var registration: Entry { original ?? self }
    /// For a forwarding (``Registration/forwarding(_:name:fileID:line:)``, a component's `as:`), the key it
    /// forwards to, which the async API resolves as it would resolve that key; else `nil`. Set once, before the
    /// registration is shared.
    @exclusivity(unchecked) var forwardingTarget: Key?
    /// The position in its registry's registration order; written under the registry's lock.
    @exclusivity(unchecked) var orderIndex = 0
    /// For a custom scope: the layout of its container's registrations of that scope, and its index there, where an
    /// open scope keeps its instance (see `ScopeLayout`). Set once, when it is first registered (under the registry's
    /// lock, before the registry publishes it), or by ``copy()``; the registry that holds the layout outlives it.
    /// Unretained, as a resolve reads it on every scoped build (a retain and a release each time otherwise).
    @exclusivity(unchecked) private(set) var scopeLayoutReference: LayoutReference?
    var scopeLayout: ScopeLayout? { scopeLayoutReference?.layout }
    @exclusivity(unchecked) private(set) var scopeIndex = 0
    /// The hooks, appended under the slot's lock (never held while user code runs) and read without it. Made with
    /// the first hook of their kind, before the flag that says there is one: a reader that sees the flag sees them.
    @exclusivity(unchecked) private var createdList: PublishedList<CreatedHook>?
    @exclusivity(unchecked) private var disposedList: PublishedList<DisposeHook>?

    /// Bits of the slot's flags word, set once and read without the lock on every build (a stale `false`
    /// only means a build that started before `onCreated` returned runs without the new hook).
    private enum Flag {
        /// An `onCreated` hook is registered.
        static var hasHooks: UInt { 1 }
        // 2 is the slot's own bit (`InstanceSlot.unpublishedFlag`), set with either hook flag below: one
        // definition.
        /// Marked with `.liveOnly()`.
        static var liveOnly: UInt { 4 }
        /// An `onDispose` hook is registered.
        static var hasDisposeHooks: UInt { 8 }
        /// An async `onDispose` hook is registered.
        static var hasAsyncDisposeHooks: UInt { 16 }
        /// An async `onCreated` hook (or one isolated to an actor other than the main actor) is registered:
        /// then only the async API can build it, and its kept instance is not published.
        static var hasAsyncHooks: UInt { 32 }
        /// An `onCreated` hook isolated to the main actor is registered, or the factory is an async one isolated
        /// to the main actor: then the synchronous API builds and hands out its instance only on the main actor,
        /// the async API hands a value that is not `Sendable` to main-actor code only, and its kept instance is
        /// not published.
        static var hasMainActorHooks: UInt { 64 }
        /// An `onDispose` hook isolated to the main actor is registered: it runs in place on the main actor,
        /// else after a hop, as an async hook does.
        static var hasMainActorDisposeHooks: UInt { 128 }
    }

    @inline(__always)
    private func isSet(_ flag: UInt) -> Bool { flagsWord & flag != 0 }

    private func set(_ flag: UInt, to value: Bool = true) {
        lock.withLock {
            let word = flagsWord
            storeFlagsWord(value ? word | flag : word & ~flag)
        }
    }

    /// How a registration's factory runs.
    enum Factory {
        /// A synchronous factory: builds into its output, with the resolve-time arguments if any.
        case sync(@Sendable (Resolution, PackedArguments?, ValueAddress) throws -> Void)
        /// An `async` factory: resolved only through the async API.
        case async(@Sendable (Resolution, (any Sendable)?, ValueAddress) async throws -> Void)
        /// A factory isolated to the main actor (written in main-actor code, or marked `@MainActor`): resolved
        /// synchronously on the main actor, or through the async API, which hops there. Same shape as `.sync`.
        case mainActor(@Sendable (Resolution, PackedArguments?, ValueAddress) throws -> Void)
        /// A factory isolated to an actor other than the main actor (written in that actor's code): the
        /// synchronous API cannot check that it runs there, so only the async API builds it, on that actor.
        case actor(any Actor, @Sendable (Resolution, PackedArguments?, ValueAddress) throws -> Void)
        /// The factory comes with each request (the body of a key-path `provide`), never stored.
        case perRequest
    }

    /// Where instances go, from the scope and the factory.
    enum Storage: UInt8 {
        /// Nowhere: `.unique`.
        case none
        /// In the current resolution: `.graph`.
        case graph
        /// In the slot: `.cached`, `.singleton`, `.shared`, custom scopes.
        case stored
    }

    /// How the factory must be called.
    enum Execution: UInt8 {
        case synchronous, async, mainActor
    }

    let execution: Execution

    convenience init(
        key: Key, scope: Scope, service: ServiceType, factory: Factory, fileID: FileID, line: UInt,
        declared: [DeclaredDependency]? = nil
    ) {
        self.init(
            key: key, scope: scope, service: service, factory: factory, file: fileID, line: line,
            declared: declared)
    }

    /// `declared` is a list of dependencies known at once (a forwarding, a component); `parameterTypes` the
    /// parameters of a `using:` function, read on first use.
    init(
        key: Key, scope: Scope, service: ServiceType, factory: Factory, file: FileID, line: UInt,
        declared: [DeclaredDependency]? = nil, parameterTypes: (@Sendable () -> [any Any.Type])? = nil
    ) {
        self.key = key
        self.declaredDependencies = declared
        self.parameterTypes = parameterTypes
        self.plainType = key.isPlainType ? ObjectIdentifier(key.serviceType) : nil
        self.keyHash = key.fastHash
        self.scope = scope
        self.service = service
        self.factory = factory
        self.file = file
        self.line = line
        switch factory {
        case .sync(let make):
            syncFactory = make
        case .mainActor(let make):
            syncFactory = make
        case .perRequest:
            syncFactory = { resolution, arguments, output in
                try PerRequestFactory.run(key, arguments, resolution, output)
            }
        case .async, .actor:
            syncFactory = { resolution, _, _ in throw Diagnostics.notSynchronouslyBuildable(key, in: resolution) }
        }
        switch factory {
        case .async, .actor: execution = .async
        case .mainActor: execution = .mainActor
        case .sync, .perRequest: execution = .synchronous
        }
        switch scope.kind {
        case .unique: storage = .none
        case .graph: storage = .graph
        case .cached, .singleton, .shared, .custom: storage = .stored
        }
        // Only instances that any thread may read at once are published for the lock-free fast path:
        // async and main-actor registrations are checked first, custom scopes may be opened per task.
        let fast = execution == .synchronous && (scope == .singleton || scope == .cached)
        super.init(
            publishes: fast, keepsWeakly: scope == .shared,
            plainType: key.isPlainType ? ObjectIdentifier(key.serviceType) : nil,
            keyHash: keyHash)
    }

    /// Records the slot of its instances in open scopes (see `ScopeLayout.place`).
    func place(in layout: ScopeLayout, at index: Int) {
        scopeLayoutReference = LayoutReference(layout)
        scopeIndex = index
    }

    /// A registration with the same factory, scope and hooks and an empty slot (a test container's own
    /// copy of a parent's registration).
    func copy() -> Entry {
        let copy = Entry(
            key: key, scope: scope, service: service, factory: factory, file: file, line: line,
            declared: declared, parameterTypes: parameterTypes)
        copy.original = original ?? self
        copy.forwardingTarget = forwardingTarget
        copy.scopeLayoutReference = scopeLayoutReference
        copy.scopeIndex = scopeIndex
        copyHooks(to: copy)
        return copy
    }

    /// The same registration (key, scope, hooks and marks) with another factory, declared at `file`:`line`: a
    /// context's alternative, installed in this one's place (see `Registration.onTest`).
    func replacing(factory: Factory, file: FileID, line: UInt) -> Entry {
        let replacement = Entry(key: key, scope: scope, service: service, factory: factory, file: file, line: line)
        copyHooks(to: replacement)
        return replacement
    }

    /// Gives `other` (not yet shared) this registration's hooks and flags.
    private func copyHooks(to other: Entry) {
        let (created, disposed, flags) = lock.withLock { (createdList?.elements, disposedList?.elements, flagsWord) }
        other.createdList = created.map(PublishedList.init)
        other.disposedList = disposed.map(PublishedList.init)
        other.storeFlagsWord(flags)
    }

    deinit {
        createdList?.destroy()
        disposedList?.destroy()
    }

    // MARK: Hooks

    /// An `onCreated` hook, over the instance's payload.
    enum CreatedHook: Sendable {
        case sync(@Sendable (ValueAddress, Resolution) throws -> Void, Place)
        case async(@Sendable (ValueAddress, Resolution) async throws -> Void, Place)

        var isAsync: Bool {
            if case .async = self { return true }
            return false
        }
    }

    /// An `onDispose` hook, over the instance.
    enum DisposeHook: Sendable {
        case sync(@Sendable (ValueAddress) throws -> Void, Place)
        /// A synchronous hook isolated to the main actor: run only there.
        case mainActor(@Sendable (ValueAddress) throws -> Void, Place)
        case async(@Sendable (ValueAddress) async throws -> Void, Place)
    }

    func addCreated(_ hook: CreatedHook, mainActor: Bool = false) {
        lock.withLock {
            if createdList == nil { createdList = PublishedList() }
            createdList.unsafelyUnwrapped.append(hook)
        }
        if hook.isAsync || mainActor {
            // The synchronous API must refuse its instance (an async hook), or check where it runs (a main-actor
            // hook), also once it is kept (see "The synchronous API always refuses an async registration").
            let flag = hook.isAsync ? Flag.hasAsyncHooks : Flag.hasMainActorHooks
            lock.withLock {
                storeFlagsWord(flagsWord | flag | InstanceSlot.unpublishedFlag)
                withdrawPublishedHoldingLock()
            }
        }
        set(Flag.hasHooks)
    }

    /// Binds an async factory written in main-actor code to the main actor: its instance, built there, is handed
    /// to other code only when its type is `Sendable`, as a main-actor synchronous factory's is. Before it is
    /// installed.
    func bindAsyncFactoryToMainActor() {
        lock.withLock { storeFlagsWord(flagsWord | Flag.hasMainActorHooks | InstanceSlot.unpublishedFlag) }
    }

    func addDisposed(_ hook: DisposeHook) {
        lock.withLock {
            if disposedList == nil { disposedList = PublishedList() }
            disposedList.unsafelyUnwrapped.append(hook)
        }
        switch hook {
        case .async: set(Flag.hasAsyncDisposeHooks)
        case .mainActor: set(Flag.hasMainActorDisposeHooks)
        case .sync: break
        }
        set(Flag.hasDisposeHooks)
    }

    /// Whether any `onCreated` hook is registered: one load, no lock.
    @inline(__always)
    var hasCreatedHooks: Bool { isSet(Flag.hasHooks) }

    /// The `onCreated` hooks, in the order they were added (a copy: see ``forEachCreatedHook(_:)``).
    var createdHooks: [CreatedHook] {
        guard isSet(Flag.hasHooks) else { return [] }
        return createdList?.elements ?? []
    }

    /// Runs `body` on each `onCreated` hook in the order they were added: no lock, no copy.
    @inline(__always)
    func forEachCreatedHook(_ body: (CreatedHook) throws -> Void) rethrows {
        guard isSet(Flag.hasHooks) else { return }
        try createdList?.forEach(body)
    }

    /// The `onDispose` hooks one at a time, in the order they were added, for code that awaits between them: no
    /// lock, no array. The caller keeps the registration alive while it walks.
    var disposeHookCursor: PublishedList<DisposeHook>.Cursor? {
        guard isSet(Flag.hasDisposeHooks) else { return nil }
        return disposedList?.cursor
    }

    /// Runs `body` on each `onDispose` hook in the order they were added: no lock, no copy.
    @inline(__always)
    func forEachDisposeHook(_ body: (DisposeHook) throws -> Void) rethrows {
        guard isSet(Flag.hasDisposeHooks) else { return }
        try disposedList?.forEach(body)
    }

    /// Whether any `onDispose` hook is registered, and whether any is async: one load each, no lock.
    var hasDisposeHooks: Bool { isSet(Flag.hasDisposeHooks) }
    var hasAsyncDisposeHooks: Bool { isSet(Flag.hasAsyncDisposeHooks) }
    var hasMainActorDisposeHooks: Bool { isSet(Flag.hasMainActorDisposeHooks) }

    /// Marked with `.liveOnly()`: reaching it unoverridden in a strict test is reported.
    var isLiveOnly: Bool {
        get { isSet(Flag.liveOnly) }
        set { set(Flag.liveOnly, to: newValue) }
    }

    /// Whether the factory comes with each request (a key-path default).
    var isPerRequest: Bool {
        if case .perRequest = factory { return true }
        return false
    }

    /// Why only the async API can build it, for messages.
    var asyncReason: String {
        switch factory {
        case .async: return "its factory is async"
        case .actor(let actor, _): return "its factory is isolated to \(type(of: actor)), another actor"
        case .sync, .mainActor, .perRequest: return "it has an async onCreated hook"
        }
    }

    /// Whether any `onCreated` hook is async, so that only the async API can build it.
    @inline(__always)
    var needsAsync: Bool {
        execution == .async || isSet(Flag.hasAsyncHooks)
    }

    /// Whether the factory or an `onCreated` hook is isolated to the main actor, so that the synchronous API
    /// builds and hands out its instance only there.
    @inline(__always)
    var needsMainActor: Bool {
        execution == .mainActor || isSet(Flag.hasMainActorHooks)
    }

    /// Whether the synchronous engine must check first (async or main-actor work): one load besides `execution`.
    @inline(__always)
    var needsCheck: Bool {
        execution != .synchronous || isSet(InstanceSlot.unpublishedFlag)
    }
}

extension Entry {
    /// Whether a top-level resolve with nothing but the key can produce it (no arguments, not async, not a
    /// key-path default whose factory comes with each access).
    var isResolvableAlone: Bool {
        key.argumentTypes == nil && !needsAsync && !isPerRequest
    }

    /// A copy with the same factory and hooks that shares the instance this one keeps now, in a slot of its
    /// own (for `validate()`: nothing it builds is kept here, nothing kept here is rebuilt).
    func throwawayCopy() -> Entry {
        let copy = self.copy()
        copy.share(keptOf: self)
        return copy
    }
}
