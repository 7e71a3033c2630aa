/// The one frame discipline: every step of every resolution, whatever face started it, is pushed, run and
/// popped here. On the way out it runs the hooks deferred to the frame, keeps (commits) the stored
/// instances that waited for it, and on failure discards them.
enum Engine {
    /// The stack a build needs left to start: room for the factory's own frames and for an error.
    static let stackReserve = 32 * 1024
    /// The depth from which builds check the stack. A few dozen steps fit in any thread's stack, and shallow
    /// resolutions then never ask the thread for its stack bounds (a slow call on some threads).
    static let depthBeforeStackChecks: Int32 = 24

    /// The innermost frame of the current resolution: the thread's, else the current task's async build.
    static var currentFrame: FrameRef? {
        CurrentFrame.frame ?? AsyncFrame.current?.frame
    }

    /// The execution to record on a synchronous frame pushed under `parent`: the current task directly under
    /// a heap frame (whose child tasks each run in a task of their own), else none (the thread's path).
    static func execution(under parent: FrameRef?) -> ExecutionID? {
        guard let parent, parent.isShared else { return nil }
        return .current
    }

    /// The context of `frame`'s resolution, created on the root when first needed.
    static func context(of frame: FrameRef) -> ResolutionContext {
        let root = frame.root ?? frame
        if let context = root.context { return context }
        let context = ResolutionContext()
        root.context = context
        return context
    }

    /// The context of `frame`'s resolution, if one exists.
    static func existingContext(of frame: FrameRef) -> ResolutionContext? {
        (frame.root ?? frame).context
    }

    /// Records that `frame`'s subtree used an instance that the frame at `depth` has not finished.
    static func taint(_ frame: FrameRef, with depth: Int32) {
        guard depth < frame.depth else { return }
        if frame.isShared {
            context(of: frame).withLock { frame.taint = min(frame.taint, depth) }
        } else {
            frame.taint = min(frame.taint, depth)
        }
    }

    /// Pushes `frame`, runs `body`, then ends the frame: runs the hooks deferred to it (if it is a root or
    /// builds a stored instance), settles its commits, pops it. On failure, discards what it left pending.
    /// Inlined into each build, so that the common one (no hooks, nothing pending) costs a frame on the stack and
    /// the factory call.
    @inline(__always)
    static func run(
        _ frame: FrameRef, role: BuildRole, _ body: () throws -> Void
    ) throws {
        let parent = frame.parent
        if parent == nil { frame.root = frame }
        CurrentFrame.frame = frame
        defer {
            CurrentFrame.frame = parent
            if parent == nil { endRoot(frame) }
        }
        do {
            try body()
            if case .scoped(let build) = role, !frame.isShared, frame.taint == .max, !(frame.root ?? frame).hasContext {
                // The common end of a scoped build, inlined: nothing deferred, nothing pending, no taint. A scope closed
                // meanwhile leaves the slot not done: the builder disposes of the instance and throws.
                _ = build.finish()
            } else if needsFinish(frame, role: role) {
                try finish(frame, role: role)
            }
        } catch {
            failed(frame, role: role)
            throw error
        }
    }

    /// Whether ending `frame` has anything to do: a stored instance to keep, a taint to pass on, or a
    /// resolution context (deferred hooks, pending commits) to look at.
    @inline(__always)
    static func needsFinish(_ frame: FrameRef, role: BuildRole) -> Bool {
        role.isBoundary || frame.taint != .max || (frame.root ?? frame).hasContext
    }

    /// Ends a frame that succeeded: runs the hooks deferred to it (if it is a root or builds a stored
    /// instance), then settles its commits.
    @inline(never)
    static func finish(_ frame: FrameRef, role: BuildRole) throws {
        if frame.parent == nil || role.isBoundary { try runDeferredHooks(at: frame) }
        settle(frame, role: role)
    }

    /// Releases what a root frame owns once its resolution ended, however it ended.
    @inline(__always)
    static func endRoot(_ frame: FrameRef) {
        if frame.hasContext { frame.context = nil }
    }

    /// The frame whose end runs the hooks a nested `.graph` instance under `frame` defers: the nearest
    /// stored build above it (which must be complete before it is kept), else the root.
    static func boundary(above frame: FrameRef) -> Int32 {
        var node = frame.parent
        while let current = node {
            if current.keeps || current.parent == nil { return current.depth }
            node = current.parent
        }
        return 0
    }

    /// Runs the hooks deferred to `frame`, including those that running them defers again.
    static func runDeferredHooks(at frame: FrameRef) throws {
        guard let context = existingContext(of: frame) else { return }
        while true {
            let batch = context.takeDeferred(at: frame.depth)
            if batch.isEmpty { return }
            for (index, hooks) in batch.enumerated() {
                do {
                    try runDeferred(hooks, in: context)
                } catch {
                    // What was not run yet goes with the failed frame.
                    for rest in batch[(index + 1)...] { _ = context.forgetGraph(rest.graphKey) }
                    throw error
                }
            }
        }
    }

    /// Runs the deferred hooks of one `.graph` instance on a frame of its own.
    private static func runDeferred(
        _ hooks: ResolutionContext.DeferredHooks, in context: ResolutionContext
    ) throws {
        let parent = CurrentFrame.frame
        var frame = Frame(entry: hooks.entry, parent: parent, execution: execution(under: parent))
        frame.constructed = hooks.instance.payload
        try Frame.push(frame) { (frame) in
            try run(frame, role: .unique) { () in
                do {
                    try runCreatedHooks(of: hooks.entry, on: hooks.instance.payload, in: hooks.container)
                } catch {
                    _ = context.forgetGraph(hooks.graphKey)
                    throw error
                }
                context.hooksRan(hooks.graphKey)
            }
        }
    }

    /// Runs `entry`'s `onCreated` hooks on the instance at `payload`, synchronously; an async one cannot run here.
    @inline(never)
    static func runCreatedHooks(of entry: Entry, on payload: ValueAddress, in container: Container) throws {
        let resolution = Resolution(container: container)
        try entry.forEachCreatedHook { try runCreated($0, of: entry, on: payload, in: resolution) }
    }

    /// Runs `hooks` (of `entry`) on the instance at `payload`, synchronously; an async one cannot run here.
    static func runCreatedHooks(
        _ hooks: [Entry.CreatedHook], of entry: Entry, on payload: ValueAddress, in container: Container
    ) throws {
        let resolution = Resolution(container: container)
        for hook in hooks { try runCreated(hook, of: entry, on: payload, in: resolution) }
    }

    @inline(__always)
    private static func runCreated(
        _ hook: Entry.CreatedHook, of entry: Entry, on payload: ValueAddress, in resolution: Resolution
    ) throws {
        switch hook {
        case .sync(let run, let place):
            do {
                try run(payload, resolution)
            } catch let error as ResolutionError {
                throw error
            } catch {
                throw Diagnostics.hookFailed(entry, place: place, error: error)
            }
        case .async:
            try Diagnostics.throwAsyncRequired(entry)
        }
    }

    /// Ends a frame that succeeded: keeps its stored instance, or hands it to the unfinished frame it used;
    /// the same for the commits that waited for this frame.
    static func settle(_ frame: FrameRef, role: BuildRole) {
        let depth = frame.depth
        let taint =
            frame.isShared
            ? context(of: frame).withLock { frame.taint } : frame.taint
        let tainted = taint < depth
        switch role {
        case .stored(let build):
            if tainted {
                let holder = Frame.ancestor(at: taint, from: frame)
                context(of: frame).attach(.init(holder: taint, target: .stored(build)))
                WaitGraph.transfer(build.ticket, to: Frame.execution(of: holder))
            } else {
                build.finish()
            }
        case .scoped(let build):
            if tainted {
                let holder = Frame.ancestor(at: taint, from: frame)
                context(of: frame).attach(.init(holder: taint, target: .scoped(build)))
                build.slot.transfer(to: Frame.execution(of: holder))
            } else {
                // A scope closed meanwhile: the builder sees its slot not done, disposes of the instance and throws.
                _ = build.finish()
            }
        case .unique, .graph:
            break
        }
        if let context = existingContext(of: frame) {
            if tainted {
                context.retag(from: depth, to: taint)
            } else {
                for commit in context.takePending(holder: depth) { commit.commit() }
            }
        }
        if tainted, let parent = frame.parent { Engine.taint(parent, with: taint) }
    }

    /// Ends a frame that failed: discards the stored instances that waited for it and the `.graph` instance
    /// it was building.
    @inline(never)
    static func failed(_ frame: FrameRef, role: BuildRole) {
        guard let context = existingContext(of: frame) else { return }
        var released: [AnyObject] = []
        if case .graph(let key, _) = role, let record = context.forgetGraph(key) { released.append(record.instance) }
        let (discarded, dropped) = context.frameFailed(at: frame.depth)
        for commit in discarded { commit.discard() }
        released += dropped
        withExtendedLifetime(released) {}
    }
}

/// What a build is for, which decides where its instance goes.
enum BuildRole {
    /// A new instance for the caller only.
    case unique
    /// The `.graph` instance of `key` in the current resolution.
    case graph(ResolutionContext.GraphKey, Instance)
    /// The instance of a stored scope, claimed in its slot.
    case stored(StoredBuild)
    /// The instance of a custom scope in a slot of an open scope, claimed there.
    case scoped(ScopedBuild)

    /// The claim of a stored instance being built.
    struct StoredBuild {
        let slot: InstanceSlot
        let instance: Instance
        let ticket: BuildTicket
        let epoch: UInt64

        init(_ slot: InstanceSlot, _ instance: Instance, _ ticket: BuildTicket, epoch: UInt64) {
            self.slot = slot
            self.instance = instance
            self.ticket = ticket
            self.epoch = epoch
        }

        /// Keeps the instance in the slot and wakes the waiters.
        func finish() {
            slot.finish(instance, ticket: ticket, startedAt: epoch)
        }
    }

    /// Whether hooks deferred below a frame of this role run when it ends.
    var isBoundary: Bool {
        switch self {
        case .stored, .scoped: return true
        case .unique, .graph: return false
        }
    }

    /// Whether the instance is kept or shared (a `.graph`, stored or scoped build).
    var hasInstance: Bool {
        if case .unique = self { return false }
        return true
    }

    /// Whether a failed build must destroy what its factory built at the payload it was given (the caller's memory
    /// or a scope's slot; an ``Instance`` destroys its own value).
    var ownsPayload: Bool {
        switch self {
        case .unique: return true
        case .scoped(let build): return build.instance == nil
        case .graph, .stored: return false
        }
    }

    /// Records that the factory has initialised the instance.
    func markInitialized() {
        switch self {
        case .unique: return
        case .graph(_, let instance): instance.markInitialized()
        case .stored(let build): build.instance.markInitialized()
        case .scoped(let build): build.instance?.markInitialized()
        }
    }
}

extension Engine {
    /// Runs `body` on a frame of its own for a request no single registration answers (`resolveAll`,
    /// `inject(into:)`): its key shows in paths, and what it resolves is one resolution.
    static func withRequestFrame<Result>(
        _ request: Key, _ body: (FrameRef) throws -> Result
    ) throws -> Result {
        let parent = CurrentFrame.frame
        return try Frame.push(request: request, parent: parent, execution: execution(under: parent)) { frame in
            var result: Result?
            try run(frame, role: .unique) { result = try body(frame) }
            return result!
        }
    }
}
