/// The factory of a registration whose factory comes with each request (`.perRequest`: the body of a key-path
/// `provide`), handed to the engine as the produce call's `arguments`: such a registration takes no arguments
/// of its own, so the pointer that would carry them carries the body down to the entry's factory.
enum PerRequestFactory {
    typealias Body = (ValueAddress) throws -> Void

    private struct Current {
        let key: Key
        let body: Body
    }

    /// Runs `operation` with the `arguments` that make `body` the factory of the per-request registration `key`.
    static func with<Result>(
        _ key: Key, _ body: Body, _ operation: (PackedArguments) throws -> Result
    ) throws -> Result {
        try withoutActuallyEscaping(body) { (body) -> Result in
            try PackedArguments.with(Current(key: key, body: body), operation)
        }
    }

    /// Runs the factory that `arguments` carries for `key` into `output`.
    static func run(
        _ key: Key, _ arguments: PackedArguments?, _ resolution: Resolution, _ output: ValueAddress
    ) throws {
        guard let state = arguments?.values(Current.self), state.key == key else {
            throw Diagnostics.notSynchronouslyBuildable(key, in: resolution)
        }
        try state.body(output)
    }
}
