/// One step of a resolution: the registration being built, or a request that no single registration
/// answers (`resolveAll`, `inject(into:)`), linked to the step that led to it.
///
/// Synchronous steps live on the stack of the thread that resolves; an async build keeps its step on the
/// heap (``AsyncFrame``) so that it survives suspension. Both kinds link the same way, so paths, cycle
/// checks, `.graph` sharing and commits see one resolution whatever mix of sync and async it runs.
struct Frame {
    /// The registration being built (kept alive by the build that owns this frame).
    let entry: Unmanaged<Entry>?
    /// What a frame without a registration shows in paths: a key owned by the call that owns this frame.
    let request: UnsafePointer<Key>?
    let parent: UnsafeMutablePointer<Frame>?
    /// The first frame of the resolution; set by `Engine.run` (a root is its own root).
    var root: UnsafeMutablePointer<Frame>?
    /// The resolution's shared state, on the root only, created when first needed.
    var context: Unmanaged<ResolutionContext>?
    /// The payload of the instance once its factory returned and while its hooks run, so that a cycle can
    /// be closed back to it.
    var constructed: UnsafeMutableRawPointer?
    /// Whether this frame builds an instance that is kept (a stored scope, or a slot of an open scope): the hooks
    /// deferred below it run when it ends, before others can see the instance.
    var keeps = false
    /// The innermost open scope this resolution resolves in (see `Engine.openScope(for:)`), inherited by the
    /// frames below: set by a resolve made through an explicit scope, or by the build of an instance of a scope
    /// bound to the task. Kept alive by whoever started the resolve.
    var scopes: Unmanaged<OpenedScope>?
    /// Who runs this frame when it is not simply the current thread: the task of an async build, and of a
    /// synchronous frame joined directly to one. `nil` for the other synchronous frames (see
    /// ``execution(of:)``).
    let execution: ExecutionID?
    /// 0 for the root.
    let depth: Int32
    /// The depth of the outermost unfinished frame whose instance this frame's subtree has used (a cycle
    /// closed back to it, or a `.graph` instance whose hooks it runs later); `Int32.max` when none. A
    /// stored instance built under such a taint is kept only once that frame has finished.
    var taint: Int32 = .max
    /// Whether this frame lives on the heap (async builds): its fields are then shared with child tasks.
    let isShared: Bool
    /// On the frame a lazy handle's read runs in: the kept instance that holds the handle, which keeps what
    /// the read resolves (see `LaterResolution`, `Engine.refuseCaptive`). Kept alive by the handle.
    var heldBy: Unmanaged<Entry>?

    init(entry: Entry, parent: UnsafeMutablePointer<Frame>?, execution: ExecutionID?, isShared: Bool = false) {
        self.entry = Unmanaged.passUnretained(entry)
        self.request = nil
        self.parent = parent
        self.execution = execution
        self.depth = parent.map { $0.pointee.depth &+ 1 } ?? 0
        self.isShared = isShared
        self.root = parent?.pointee.root
        self.scopes = parent?.pointee.scopes
    }

    init(request: UnsafePointer<Key>, parent: UnsafeMutablePointer<Frame>?, execution: ExecutionID?) {
        self.entry = nil
        self.request = request
        self.parent = parent
        self.execution = execution
        self.depth = parent.map { $0.pointee.depth &+ 1 } ?? 0
        self.isShared = false
        self.root = parent?.pointee.root
        self.scopes = parent?.pointee.scopes
    }

    /// The frame a lazy handle's read runs in, no step of its own: under `parent` when the read happens inside a
    /// resolution, else the root of a resolution that continues the handle's (with its `context`, if any).
    init(
        continuing context: ResolutionContext?, parent: UnsafeMutablePointer<Frame>?, heldBy: Entry?
    ) {
        self.entry = nil
        self.request = nil
        self.parent = parent
        self.execution = nil
        self.depth = parent.map { $0.pointee.depth &+ 1 } ?? 0
        self.isShared = false
        self.root = parent?.pointee.root
        self.scopes = parent?.pointee.scopes
        self.context = parent == nil ? context.map { Unmanaged.passRetained($0) } : nil
        self.heldBy = heldBy.map { Unmanaged.passUnretained($0) }
    }

    /// The key shown for this step of a path.
    var key: Key { request?.pointee ?? entry!.takeUnretainedValue().key }

    /// Whether this frame is the first of its resolution.
    var isRoot: Bool { parent == nil }

    /// The keys from the root to `frame`, in order.
    static func path(to frame: UnsafeMutablePointer<Frame>?) -> [Key] {
        var keys: [Key] = []
        var current = frame
        while let node = current {
            if node.pointee.entry != nil || node.pointee.request != nil { keys.append(node.pointee.key) }
            current = node.pointee.parent
        }
        return keys.reversed()
    }

    /// The frame building `slot` (an entry, or a slot of a scope) on the path ending at `frame`.
    static func building(
        _ entry: Entry, from frame: UnsafeMutablePointer<Frame>?
    ) -> UnsafeMutablePointer<Frame>? {
        let target = Unmanaged.passUnretained(entry).toOpaque()
        var node = frame
        while let current = node {
            if current.pointee.entry?.toOpaque() == target { return current }
            node = current.pointee.parent
        }
        return nil
    }

    /// The frame at `depth` on the path ending at `frame`.
    static func ancestor(at depth: Int32, from frame: UnsafeMutablePointer<Frame>) -> UnsafeMutablePointer<Frame> {
        var node = frame
        while node.pointee.depth > depth, let parent = node.pointee.parent { node = parent }
        return node
    }

    /// Who runs `frame`, a frame of the current thread's path: the nearest recorded execution, else the thread.
    static func execution(of frame: UnsafeMutablePointer<Frame>?) -> ExecutionID {
        var node = frame
        while let current = node {
            if let execution = current.pointee.execution { return execution }
            node = current.pointee.parent
        }
        return .currentThread
    }

    /// The executions of every frame on the path ending at `frame`: each is held up while it waits.
    static func executions(from frame: UnsafeMutablePointer<Frame>?) -> Set<ExecutionID> {
        var executions = Set<ExecutionID>()
        var node = frame
        while let current = node {
            if let execution = current.pointee.execution { executions.insert(execution) }
            node = current.pointee.parent
        }
        return executions
    }
}
