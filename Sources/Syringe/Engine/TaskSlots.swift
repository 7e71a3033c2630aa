/// The open scope bound to the current task (and its child tasks) by `withScope` or `ContainerScope.withCurrent`:
/// where registrations of its scope keep their instances while the binding lasts. Each open scope links to the one
/// that was current where it was opened, so the binding itself is the task-local chain. A face opens and binds
/// scopes; the engine only asks.
enum TaskScopes {
    @TaskLocal static var current: OpenedScope?

    /// Set once any binding has been made: until then a custom scope skips the task-local lookup.
    static let everBound = AtomicFlag()

    /// The innermost scope bound to the current task, if any.
    @inline(__always)
    static var head: OpenedScope? {
        guard everBound.isSet else { return nil }
        return current
    }
}

extension Engine {
    /// The open scope that keeps the instances of `scope` for a resolve under `frame` (the current thread's, or the
    /// current async build's): the innermost of that kind in the chain of the resolution's scopes (see
    /// `Frame.scopes`), else in the chain bound to the task; with the head of the chain it was found in.
    @inline(__always)
    static func openScope(
        for scope: Scope, under frame: UnsafeMutablePointer<Frame>?
    ) -> (scope: OpenedScope, head: OpenedScope)? {
        guard let head = frame?.pointee.scopes?.takeUnretainedValue() ?? TaskScopes.head else { return nil }
        var node: OpenedScope? = head
        while let current = node {
            if current.scope == scope || current.isEveryScope { return (current, head) }
            node = current.outer
        }
        return nil
    }

    /// ``openScope(for:under:)`` for a synchronous resolve under `frame`, unretained: the resolution's scopes are
    /// kept alive by whoever started it, and the task's by its binding, for as long as the resolve runs.
    @inline(__always)
    static func unretainedOpenScope(
        for scope: Scope, under frame: UnsafeMutablePointer<Frame>?
    ) -> (scope: Unmanaged<OpenedScope>, head: Unmanaged<OpenedScope>)? {
        let head: Unmanaged<OpenedScope>
        if let scopes = frame?.pointee.scopes {
            head = scopes
        } else if let bound = TaskScopes.head {
            // The binding holds it while this task runs the resolve.
            head = Unmanaged.passUnretained(bound)
        } else {
            return nil
        }
        var node = head
        while true {
            let matches = node._withUnsafeGuaranteedRef { $0.scope == scope || $0.isEveryScope }
            if matches { return (node, head) }
            guard let outer = node._withUnsafeGuaranteedRef({ $0.outer.map(Unmanaged.passUnretained) }) else {
                return nil
            }
            node = outer
        }
    }

    /// The innermost open scope of the current resolution or task, where a scope opened now links to.
    static var innermostScope: OpenedScope? {
        currentFrame?.pointee.scopes?.takeUnretainedValue() ?? TaskScopes.head
    }

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

    /// Runs `body` (a resolve) on a frame whose resolution resolves in `scope`: what it builds, and what their
    /// factories resolve, keep their instances of `scope`'s kind there.
    static func withScope(_ scope: OpenedScope, _ body: () throws -> Void) throws {
        let parent = CurrentFrame.pointer
        var frame = Frame(continuing: nil, parent: parent, heldBy: nil)
        frame.scopes = Unmanaged.passUnretained(scope)
        try withExtendedLifetime(scope) {
            try withUnsafeMutablePointer(to: &frame) { frame in
                try run(frame, role: .unique, body)
            }
        }
    }
}
