/// What one resolution shares across its frames (and across the child tasks of its async factories):
/// the `.graph` instances, the hooks of nested `.graph` instances that run when an outer frame ends, and
/// stored instances that are kept only once an outer frame has finished. Created when first needed.
// @unchecked Sendable: every field is guarded by `lock`; the closures are only run by the resolution.
final class ResolutionContext: @unchecked Sendable {
    private let lock = Lock()
    // Guarded by `lock`, which is the exclusivity: the runtime's dynamic checks are skipped.
    @exclusivity(unchecked) private var graph: [GraphKey: GraphRecord] = [:]
    @exclusivity(unchecked) private var deferred: [DeferredHooks] = []
    @exclusivity(unchecked) private var pending: [PendingCommit] = []

    /// A `.graph` instance is shared per registration and per requesting container: a parent's factory run
    /// for a child sees the child's registrations, and must not hand its instance to the parent's.
    struct GraphKey: Hashable {
        let entry: ObjectIdentifier
        let container: ObjectIdentifier

        init(_ entry: Entry, _ container: Container) {
            self.entry = ObjectIdentifier(entry)
            self.container = ObjectIdentifier(container)
        }
    }

    struct GraphRecord {
        let instance: Instance
        /// The depth of the frame at whose end its deferred hooks run; `nil` once they ran.
        var hooksPendingAt: Int32?
    }

    /// The `onCreated` hooks of a nested `.graph` instance, run when the frame at `boundary` ends.
    struct DeferredHooks {
        let boundary: Int32
        let graphKey: GraphKey
        let entry: Entry
        let instance: Instance
        let container: Container
    }

    /// A kept instance built under a taint: kept when the frame at `holder` finishes.
    struct PendingCommit {
        var holder: Int32
        let target: Target

        /// Where the instance is to be kept.
        enum Target {
            /// In the slot of a stored scope.
            case stored(BuildRole.StoredBuild)
            /// In a slot of an open scope.
            case scoped(BuildRole.ScopedBuild)
        }

        /// Keeps the instance; one that its registration's replacement or removal overtook, or whose scope was
        /// closed meanwhile, is disposed of, as no one keeps it (the resolution that built it has it already).
        func commit() {
            switch target {
            case .stored(let build):
                let slot = build.slot
                if !slot.finish(build.instance, ticket: build.ticket, startedAt: build.epoch), slot.retired,
                    let entry = slot as? Entry
                {
                    Disposal.runNow([Disposal.Item(entry: entry, instance: build.instance)])
                }
            case .scoped(let build):
                build.commit()
            }
        }

        func discard() {
            switch target {
            case .stored(let build): build.slot.abandon(build.ticket)
            case .scoped(let build): build.discard()
            }
        }
    }

    // MARK: .graph instances
    func graphRecord(_ key: GraphKey) -> GraphRecord? {
        lock.withLock { graph[key] }
    }

    /// Keeps `instance` for `key` unless another child task kept one first; returns the one kept.
    @discardableResult
    func keepGraph(_ key: GraphKey, _ instance: Instance) -> Instance {
        lock.withLock {
            if let existing = graph[key] { return existing.instance }
            graph[key] = GraphRecord(instance: instance, hooksPendingAt: nil)
            return instance
        }
    }

    /// Forgets a `.graph` instance whose factory or hooks failed, so that nothing reuses it.
    func forgetGraph(_ key: GraphKey) -> GraphRecord? {
        lock.withLock { graph.removeValue(forKey: key) }
    }

    // MARK: Deferred hooks
    func deferHooks(_ hooks: DeferredHooks) {
        lock.withLock {
            graph[hooks.graphKey]?.hooksPendingAt = hooks.boundary
            deferred.append(hooks)
        }
    }

    /// Takes the hooks deferred to the frame at `boundary`, in the order they were deferred.
    func takeDeferred(at boundary: Int32) -> [DeferredHooks] {
        lock.withLock {
            guard deferred.contains(where: { $0.boundary == boundary }) else { return [] }
            let taken = deferred.filter { $0.boundary == boundary }
            deferred.removeAll { $0.boundary == boundary }
            return taken
        }
    }

    /// Records that the deferred hooks of `key` ran.
    func hooksRan(_ key: GraphKey) {
        lock.withLock { graph[key]?.hooksPendingAt = nil }
    }

    // MARK: Pending commits
    func attach(_ commit: PendingCommit) {
        lock.withLock { pending.append(commit) }
    }

    /// The instance `slot` waits to keep in this resolution, and the depth of the frame it waits for.
    func pendingInstance(for slot: InstanceSlot) -> (instance: Instance, holder: Int32)? {
        lock.withLock {
            for commit in pending.reversed() {
                if case .stored(let build) = commit.target, build.slot === slot {
                    return (build.instance, commit.holder)
                }
            }
            return nil
        }
    }

    /// The instance a slot of an open scope waits to keep in this resolution (where it is, and the build), and the
    /// depth of the frame it waits for.
    func pendingInstance(for slot: ScopeSlot) -> (build: BuildRole.ScopedBuild, holder: Int32)? {
        lock.withLock {
            for commit in pending.reversed() {
                if case .scoped(let build) = commit.target, build.slot.id == slot.id { return (build, commit.holder) }
            }
            return nil
        }
    }

    /// Takes the commits that wait for the frame at `holder`.
    func takePending(holder: Int32) -> [PendingCommit] {
        lock.withLock {
            guard pending.contains(where: { $0.holder == holder }) else { return [] }
            let taken = pending.filter { $0.holder == holder }
            pending.removeAll { $0.holder == holder }
            return taken
        }
    }

    /// Hands the commits that wait for the frame at `depth` to the outer frame at `holder`.
    func retag(from depth: Int32, to holder: Int32) {
        lock.withLock {
            for index in pending.indices where pending[index].holder == depth { pending[index].holder = holder }
        }
    }

    /// Drops what a failed frame at `depth` leaves behind: its waiting commits and the hooks deferred to it
    /// (whose `.graph` instances are forgotten). Returns the commits to discard, and what the caller must
    /// release after the lock (instances whose `deinit` is user code).
    func frameFailed(at depth: Int32) -> (discarded: [PendingCommit], released: [AnyObject]) {
        lock.withLock {
            let dropped = deferred.filter { $0.boundary == depth }
            deferred.removeAll { $0.boundary == depth }
            var released: [AnyObject] = dropped.map(\.instance)
            for hooks in dropped {
                if let record = graph.removeValue(forKey: hooks.graphKey) { released.append(record.instance) }
            }
            let discarded = pending.filter { $0.holder == depth }
            pending.removeAll { $0.holder == depth }
            return (discarded, released)
        }
    }

    /// Runs `body` under the context's lock: for fields of frames that child tasks share.
    func withLock<Result>(_ body: () -> Result) -> Result {
        lock.withLock(body)
    }
}
