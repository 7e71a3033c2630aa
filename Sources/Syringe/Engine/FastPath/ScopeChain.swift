extension Engine {
    /// Runs `body` with the open scope that keeps the instances of `scope` for a synchronous resolve under
    /// `frame`, and the head of its chain, as ``openScope(for:under:)`` finds them but without retaining either:
    /// the resolution's scopes are kept alive by whoever started it, and the task's by its binding, for as long
    /// as the resolve runs. `nil` when no open scope keeps `scope`.
    @inline(__always)
    static func withOpenScope<Result>(
        for scope: Scope, under frame: FrameRef?, _ body: (_ scope: OpenedScope, _ head: OpenedScope) throws -> Result
    ) rethrows -> Result? {
        let head: Unmanaged<OpenedScope>
        if let scopes = frame?.scopesReference {
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
            if matches { break }
            guard let outer = node._withUnsafeGuaranteedRef({ $0.outer.map(Unmanaged.passUnretained) }) else {
                return nil
            }
            node = outer
        }
        return try node._withUnsafeGuaranteedRef { scope in
            try head._withUnsafeGuaranteedRef { head in try body(scope, head) }
        }
    }
}
