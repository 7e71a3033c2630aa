import SyringeShims

/// One step of a resolution: the registration being built, or a request that no single registration
/// answers (`resolveAll`, `inject(into:)`), linked to the step that led to it.
///
/// Synchronous steps live on the stack of the thread that resolves; an async build keeps its step on the
/// heap (``AsyncFrame``) so that it survives suspension. Both kinds link the same way, so paths, cycle
/// checks, `.graph` sharing and commits see one resolution whatever mix of sync and async it runs. The rest of
/// the engine holds a frame by its ``FrameRef``, made here only.
struct Frame {
    /// The registration being built (kept alive by the build that owns this frame). Raw references here and below
    /// keep a frame trivial to push and pop, and reads of them free of reference counting.
    private let entryReference: Unmanaged<Entry>?
    /// What a frame without a registration shows in paths: a key owned by the call that owns this frame.
    private let request: UnsafePointer<Key>?
    let parent: FrameRef?
    /// The first frame of the resolution; set by `Engine.run` (a root is its own root).
    var root: FrameRef?
    /// The resolution's shared state, on the root only, created when first needed. Held as a raw reference so that
    /// a frame stays trivial to push and pop (no value-witness calls); ``context`` retains and releases it.
    private var contextReference: Unmanaged<ResolutionContext>?
    /// The payload of the instance once its factory returned and while its hooks run, so that a cycle can
    /// be closed back to it.
    var constructed: ValueAddress?
    /// The innermost open scope this resolution resolves in (see `Engine.openScope(for:)`), inherited by the
    /// frames below: set by a resolve made through an explicit scope, or by the build of an instance of a scope
    /// bound to the task. Kept alive by whoever started the resolve.
    var scopesReference: Unmanaged<OpenedScope>?
    /// On the frame a lazy handle's read runs in: the kept instance that holds the handle, which keeps what
    /// the read resolves (see `LaterResolution`, `Engine.refuseCaptive`). Kept alive by the handle.
    private var heldByReference: Unmanaged<Entry>?
    /// Who runs this frame when it is not simply the current thread: the task of an async build, and of a
    /// synchronous frame joined directly to one. `nil` for the other synchronous frames (see
    /// `Frame.execution(of:)`).
    let execution: ExecutionID?
    /// Whether this frame builds an instance that is kept (a stored scope, or a slot of an open scope): the hooks
    /// deferred below it run when it ends, before others can see the instance.
    var keeps = false
    /// Whether this frame lives on the heap (async builds): its fields are then shared with child tasks.
    let isShared: Bool
    // The one-byte fields above sit in the padding after `execution`: a frame is on the stack once per step of a
    // resolution, and a deep chain stacks one per step.
    /// 0 for the root.
    let depth: Int32
    /// The depth of the outermost unfinished frame whose instance this frame's subtree has used (a cycle
    /// closed back to it, or a `.graph` instance whose hooks it runs later); `Int32.max` when none. A
    /// stored instance built under such a taint is kept only once that frame has finished.
    var taint: Int32 = .max

    init(entry: Entry, parent: FrameRef?, execution: ExecutionID?, isShared: Bool = false) {
        self.init(entry: entry, request: nil, parent: parent, execution: execution, isShared: isShared)
    }

    /// The frame a lazy handle's read runs in, no step of its own: under `parent` when the read happens inside a
    /// resolution, else the root of a resolution that continues the handle's (with its `context`, if any).
    init(continuing context: ResolutionContext?, parent: FrameRef?, heldBy: Entry?) {
        self.init(entry: nil, request: nil, parent: parent, execution: nil, isShared: false)
        self.heldByReference = heldBy.map { Unmanaged.passUnretained($0) }
        if parent == nil { self.context = context }
    }

    @inline(__always)
    private init(
        entry: Entry?, request: UnsafePointer<Key>?, parent: FrameRef?, execution: ExecutionID?, isShared: Bool
    ) {
        self.entryReference = entry.map { Unmanaged.passUnretained($0) }
        self.request = request
        self.parent = parent
        self.execution = execution
        self.depth = parent.map { $0.depth &+ 1 } ?? 0
        self.isShared = isShared
        self.root = parent?.root
        self.scopesReference = parent?.scopesReference
    }

    /// The registration being built.
    var entry: Entry? {
        @inline(__always) get { entryReference?.takeUnretainedValue() }
    }

    /// Whether this frame builds `entry`, without touching a reference count.
    @inline(__always)
    func builds(_ entry: Entry) -> Bool { entryReference?.toOpaque() == Unmanaged.passUnretained(entry).toOpaque() }

    /// See `scopesReference`.
    var scopes: OpenedScope? {
        @inline(__always) get { scopesReference?.takeUnretainedValue() }
        @inline(__always) set { scopesReference = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// See `heldByReference`.
    var heldBy: Entry? { heldByReference?.takeUnretainedValue() }

    /// The resolution's shared state (see `contextReference`): set on a root, and set to `nil` when the root ends
    /// (`Engine.endRoot`, `AsyncFrame`), which releases it.
    var context: ResolutionContext? {
        @inline(__always) get { contextReference?.takeUnretainedValue() }
        set {
            let old = contextReference
            contextReference = newValue.map { Unmanaged.passRetained($0) }
            old?.release()
        }
    }

    /// Whether the resolution's shared state exists, without touching its reference count.
    var hasContext: Bool { contextReference != nil }

    /// The key shown for this step of a path.
    var key: Key { request?.pointee ?? entry!.key }

    /// Whether this step shows in paths (a registration's build or a request; not a lazy handle's read).
    var isStep: Bool { entryReference != nil || request != nil }

    /// Whether this frame is the first of its resolution.
    var isRoot: Bool { parent == nil }

    /// Runs `body` with `frame` at a fixed place on the stack for as long as `body` runs.
    @_transparent
    static func push<Result>(_ frame: Frame, _ body: (FrameRef) throws -> Result) rethrows -> Result {
        var frame = frame
        return try withUnsafeMutablePointer(to: &frame) { try body(FrameRef($0)) }
    }

    /// Runs `body` on a frame for `request` (a key that no single registration answers), at a fixed place on the
    /// stack; `request` shows in paths of what `body` resolves.
    @inline(__always)
    static func push<Result>(
        request: Key, parent: FrameRef?, execution: ExecutionID?, _ body: (FrameRef) throws -> Result
    ) rethrows -> Result {
        var request = request
        return try withUnsafePointer(to: &request) { (request) in
            try push(Frame(entry: nil, request: request, parent: parent, execution: execution, isShared: false), body)
        }
    }
}

/// A frame at its place: on the stack of the thread that runs it (``Frame/push(_:_:)``), or on the heap for an
/// async build (``AsyncFrame``). Its fields read and write through it (`frame.depth`, `frame.taint = …`); it
/// is valid while the call that pushed the frame runs, which every frame below it is part of.
@dynamicMemberLookup
struct FrameRef: Equatable {
    fileprivate let address: UnsafeMutablePointer<Frame>

    fileprivate init(_ address: UnsafeMutablePointer<Frame>) { self.address = address }

    subscript<Value>(dynamicMember field: KeyPath<Frame, Value>) -> Value {
        @inline(__always) get { address.pointee[keyPath: field] }
    }

    subscript<Value>(dynamicMember field: WritableKeyPath<Frame, Value>) -> Value {
        @inline(__always) get { address.pointee[keyPath: field] }
        @inline(__always) nonmutating set { address.pointee[keyPath: field] = newValue }
    }

    // The fields that hold references are read here, not through a key path, so that a read borrows the object
    // where the key path's getter would return it retained.

    /// The registration being built (see ``Frame/entry``).
    var entry: Entry? {
        @inline(__always) get { address.pointee.entry }
    }

    /// See ``Frame/heldBy``.
    var heldBy: Entry? {
        @inline(__always) get { address.pointee.heldBy }
    }

    /// See ``Frame/scopes``.
    var scopes: OpenedScope? {
        @inline(__always) get { address.pointee.scopes }
        @inline(__always) nonmutating set { address.pointee.scopes = newValue }
    }

    /// See ``Frame/context``.
    var context: ResolutionContext? {
        @inline(__always) get { address.pointee.context }
        @inline(__always) nonmutating set { address.pointee.context = newValue }
    }

    /// Whether this frame builds `entry` (see ``Frame/builds(_:)``).
    @inline(__always)
    func builds(_ entry: Entry) -> Bool { address.pointee.builds(entry) }

    /// A frame on the heap, for an async build: ``AsyncFrame`` owns it, from `initialize(to:)` to `release()`.
    static func allocate(_ frame: Frame) -> FrameRef {
        let address = UnsafeMutablePointer<Frame>.allocate(capacity: 1)
        address.initialize(to: frame)
        return FrameRef(address)
    }

    /// Ends a frame made by ``allocate(_:)``.
    func release() {
        address.pointee.context = nil
        address.deinitialize(count: 1)
        address.deallocate()
    }
}

/// The innermost synchronous frame of the current thread, so that a resolve started from inside a factory
/// (`r.resolve`, or a default argument `= Container.shared.resolved()`) joins the path of the resolve that
/// runs the factory.
enum CurrentFrame {
    @inline(__always)
    static var frame: FrameRef? {
        get { syringe_current_frame().map { FrameRef($0.assumingMemoryBound(to: Frame.self)) } }
        set { syringe_set_current_frame(newValue?.address) }
    }
}
