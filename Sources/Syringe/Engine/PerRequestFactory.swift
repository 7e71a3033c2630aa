/// The factory of a registration whose factory comes with each request (`.perRequest`: the body of a key-path
/// `provide`), handed to the engine as the produce call's `arguments`: such a registration takes no arguments
/// of its own, so the pointer that would carry them carries the body down to the entry's factory.
enum PerRequestFactory {
    typealias Body = (UnsafeMutableRawPointer) throws -> Void

    private struct Current {
        let key: Key
        let body: Body
    }

    /// Runs `operation` with the `arguments` that make `body` the factory of the per-request registration `key`.
    static func with<Result>(
        _ key: Key, _ body: Body, _ operation: (UnsafeRawPointer) throws -> Result
    ) throws -> Result {
        try withoutActuallyEscaping(body) { (body) -> Result in
            var state = Current(key: key, body: body)
            return try withUnsafePointer(to: &state) { (state) -> Result in try operation(UnsafeRawPointer(state)) }
        }
    }

    /// Runs the factory that `arguments` carries for `key` into `output`.
    static func run(
        _ key: Key, _ arguments: UnsafeRawPointer?, _ resolution: Resolution, _ output: UnsafeMutableRawPointer
    ) throws {
        guard let state = arguments?.assumingMemoryBound(to: Current.self).pointee, state.key == key else {
            throw Diagnostics.notSynchronouslyBuildable(key, in: resolution)
        }
        try state.body(output)
    }
}
