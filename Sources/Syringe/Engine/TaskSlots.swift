/// Slots bound to the current task (and its child tasks) for one scope: where registrations of that scope
/// keep their instances while the binding lasts. A face opens them (`withScope`); the engine only asks.
/// Each binding links to the one it was opened inside, so the binding itself is the task-local chain.
protocol TaskSlots: AnyObject, Sendable {
    /// The scope whose registrations use these slots.
    var scope: Scope { get }
    /// The binding that was current when this one was opened.
    var outer: (any TaskSlots)? { get }
    /// The slot of `entry`; `nil` once the binding has ended (the request is then refused).
    func slot(for entry: Entry) -> InstanceSlot?
    /// What a refused request is told.
    func ended(_ entry: Entry) -> ResolutionError
}

/// The task-bound slots of the current task, innermost first.
enum TaskSlotsChain {
    @TaskLocal static var current: (any TaskSlots)?

    /// Set once any binding has been made: until then a custom scope skips the task-local lookup.
    static let everBound = AtomicFlag()

    /// The innermost slots bound for `scope`.
    static func slots(for scope: Scope) -> (any TaskSlots)? {
        guard everBound.isSet else { return nil }
        var node = current
        while let link = node {
            if link.scope == scope { return link }
            node = link.outer
        }
        return nil
    }
}

extension Container {
    /// Where `entry`'s instance is kept for the current request: the slots the current task has bound for
    /// its scope, else the registration's own slot (one instance per container).
    func slot(for entry: Entry) throws -> InstanceSlot {
        guard entry.scope.isCustom, let bound = TaskSlotsChain.slots(for: entry.scope) else { return entry }
        guard let slot = bound.slot(for: entry) else { throw bound.ended(entry) }
        try Engine.refuseCaptive(entry, from: Engine.currentFrame)
        return slot
    }
}

extension Engine {
    /// Throws `captive` when a longer-lived instance (`.singleton`, `.cached`) on the path would keep an
    /// instance of a task-bound scope, which would outlive the binding that owns it.
    static func refuseCaptive(_ entry: Entry, from frame: UnsafeMutablePointer<Frame>?) throws {
        var node = frame
        while let current = node {
            // Borrowed: the build that owns the frame keeps its entry alive; no reference count is touched.
            if let holder = current.pointee.entry,
                holder.takeUnretainedValue().scope == .singleton || holder.takeUnretainedValue().scope == .cached
            {
                throw Diagnostics.captive(entry, heldBy: holder.takeUnretainedValue())
            }
            // A lazy handle that a kept instance holds, read later: that instance keeps what it resolves.
            if let holder = current.pointee.heldBy {
                throw Diagnostics.captive(entry, heldBy: holder.takeUnretainedValue())
            }
            node = current.pointee.parent
        }
    }
}
