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
        for scope: Scope, under frame: FrameRef?
    ) -> (scope: OpenedScope, head: OpenedScope)? {
        guard let head = frame?.scopes ?? TaskScopes.head else { return nil }
        var node: OpenedScope? = head
        while let current = node {
            if current.scope == scope || current.isEveryScope { return (current, head) }
            node = current.outer
        }
        return nil
    }

    /// The innermost open scope of the current resolution or task, where a scope opened now links to.
    static var innermostScope: OpenedScope? {
        currentFrame?.scopes ?? TaskScopes.head
    }

    /// Throws `captive` when a longer-lived instance (`.singleton`, `.cached`) on the path would keep an
    /// instance of a task-bound scope, which would outlive the binding that owns it.
    static func refuseCaptive(_ entry: Entry, from frame: FrameRef?) throws {
        var node = frame
        while let current = node {
            // Borrowed: the build that owns the frame keeps its entry alive; no reference count is touched.
            // Bound only to throw: the walk itself touches no reference count.
            if let scope = current.entry?.scope, scope == .singleton || scope == .cached, let holder = current.entry {
                throw Diagnostics.captive(entry, heldBy: holder)
            }
            // A lazy handle that a kept instance holds, read later: that instance keeps what it resolves.
            if let holder = current.heldBy {
                throw Diagnostics.captive(entry, heldBy: holder)
            }
            node = current.parent
        }
    }

    /// Runs `body` (a resolve) on a frame whose resolution resolves in `scope`: what it builds, and what their
    /// factories resolve, keep their instances of `scope`'s kind there.
    @inline(__always)
    static func withScope(_ scope: OpenedScope, _ body: () throws -> Void) throws {
        let parent = CurrentFrame.frame
        var frame = Frame(continuing: nil, parent: parent, heldBy: nil)
        frame.scopes = scope
        try withExtendedLifetime(scope) {
            try Frame.push(frame) { frame in
                try run(frame, role: .unique, body)
            }
        }
    }
}
