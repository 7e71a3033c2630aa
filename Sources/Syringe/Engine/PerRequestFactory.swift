/// The factory of a registration whose factory comes with each request (`.perRequest`: the body of a key-path
/// `provide`), handed to the engine through the current thread rather than through every call in between.
///
/// The face sets it around its produce call; the entry's factory reads it when the engine runs it, which is
/// before anything else on this thread can set another (a nested request sets and restores its own).
enum PerRequestFactory {
    typealias Body = (UnsafeMutableRawPointer) throws -> Void

    private struct Current {
        let key: Key
        let body: Body
    }

    private static let current = ThreadLocalPointer<Current>(.perRequestFactory)

    /// Runs `operation` with `body` as the factory of the per-request registration `key`.
    static func with<Result>(
        _ key: Key, _ body: Body, _ operation: () throws -> Result
    ) throws -> Result {
        try withoutActuallyEscaping(body) { (body) -> Result in
            var state = Current(key: key, body: body)
            return try withUnsafeMutablePointer(to: &state) { (state) -> Result in
                let outer = current.pointer
                current.pointer = state
                defer { current.pointer = outer }
                return try operation()
            }
        }
    }

    /// Runs the factory set for `key` into `output`.
    static func run(_ key: Key, _ resolution: Resolution, _ output: UnsafeMutableRawPointer) throws {
        guard let state = current.pointer?.pointee, state.key == key else {
            throw Diagnostics.notSynchronouslyBuildable(key, in: resolution)
        }
        try state.body(output)
    }
}
