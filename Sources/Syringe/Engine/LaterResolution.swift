/// A resolve deferred to later (a lazy handle, a lazily injected property) that still belongs to the
/// resolution that created it: made inside a factory, it keeps that resolution's `.graph` instances, so a
/// lazily resolved `.graph` dependency is the one of the graph that built its owner.
// @unchecked Sendable: the context is only used through its own lock; `keptBy` is immutable.
final class LaterResolution: @unchecked Sendable {
    private let context: ResolutionContext?
    /// The nearest `.singleton` or `.cached` build on the path that made the handle: the instance it builds
    /// keeps the handle, so it keeps what the handle resolves, and an instance of a task-bound scope resolved
    /// through it is `captive` (see `Engine.refuseCaptive`), as it would be inside that build.
    private let keptBy: Entry?
    /// The innermost open scope of the resolution that made the handle: what the handle resolves later is that
    /// scope's (held weakly: an instance of the scope may hold the handle).
    private weak var scope: OpenedScope?
    /// Whether the resolution had one: once it is gone, the handle's resolves of scoped instances are refused.
    private let hadScope: Bool

    /// Captures the resolution running on this thread (or in this task's async build), if any.
    init() {
        let frame = Engine.currentFrame
        if let frame { context = Engine.context(of: frame) } else { context = nil }
        let scope = frame?.scopes
        self.scope = scope
        hadScope = scope != nil
        var holder: Entry?
        var node = frame
        while let current = node, holder == nil {
            if let entry = current.entry,
                entry.scope == .singleton || entry.scope == .cached
            {
                holder = entry
            }
            // A handle made while another handle is read belongs to that one's holder too.
            if holder == nil { holder = current.heldBy }
            node = current.parent
        }
        keptBy = holder
    }

    /// Runs `body` (a resolve) as a new request of the captured resolution; from inside another resolution,
    /// as part of that one. Its frame carries the holder of the handle, if a kept instance holds it.
    func run<Result>(_ body: () throws -> Result) rethrows -> Result {
        let parent = CurrentFrame.frame
        guard parent == nil ? context != nil || keptBy != nil || hadScope : keptBy != nil || hadScope else {
            return try body()
        }
        var frame = Frame(continuing: context, parent: parent, heldBy: keptBy)
        let scope = hadScope ? self.scope ?? OpenedScope.ended : nil
        if let scope { frame.scopes = scope }
        return try withExtendedLifetime((keptBy, scope)) {
            try Frame.push(frame) { frame in
                var result: Result?
                try Engine.run(frame, role: .unique) { result = try body() }
                return result!
            }
        }
    }
}

/// The open scope a handle resolved anew on each call was made in (a `Provider` declared by a factory that an open
/// scope built): its calls resolve in that scope, also from outside it; after the scope is gone, its instances are
/// refused. A handle made anywhere else resolves in the scope current at each call.
// @unchecked Sendable: `scope` is written once, in `init`; a weak reference is read atomically.
final class ScopeCapture: @unchecked Sendable {
    /// Held weakly: an instance of the scope may hold the handle.
    private weak var scope: OpenedScope?

    /// The innermost open scope of the resolution running on this thread (or in this task's async build), if any.
    static var current: ScopeCapture? {
        guard let scope = Engine.currentFrame?.scopes else { return nil }
        return ScopeCapture(scope)
    }

    private init(_ scope: OpenedScope) {
        self.scope = scope
    }

    /// Runs `body` (a resolve) in the captured scope, or, once it is gone, refusing the instances of any scope.
    func run<Result>(_ body: () throws -> Result) throws -> Result {
        let scope = self.scope ?? OpenedScope.ended
        var frame = Frame(continuing: nil, parent: CurrentFrame.frame, heldBy: nil)
        frame.scopes = scope
        return try withExtendedLifetime(scope) {
            try Frame.push(frame) { frame in
                var result: Result?
                try Engine.run(frame, role: .unique) { result = try body() }
                return result!
            }
        }
    }
}
