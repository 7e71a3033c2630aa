/// The closure of a ``Lazy`` or ``Provider`` made by hand (`Lazy { Child() }` in a test that builds its owner
/// itself), with the isolation Swift inferred where it was written: a closure written in main-actor code (every
/// closure of an app module with default main-actor isolation) may build main-actor types, so it runs only on the
/// main actor; one written in nonisolated code runs wherever the handle is read.
enum HandMadeHandle {
    /// Whether the closure may run here, checked before each read: a refusal is not kept by a `Lazy`.
    typealias Check = @Sendable () throws -> Void

    /// `function`, callable synchronously, and the check to make before each call (`nil`: anywhere).
    static func callable<Value>(
        _ function: @escaping @isolated(any) @Sendable () throws -> Value, handle: String, fileID: FileID,
        line: UInt
    ) -> (call: @Sendable () throws -> Value, check: Check?) {
        let call = IsolatedCall.unchecked(function)
        switch FunctionIsolation(function.isolation) {
        case .nonisolated:
            return (call, nil)
        case .mainActor:
            return (
                call,
                {
                    guard MainActorCheck.isCurrent else {
                        throw Diagnostics.handleIsolated(
                            handle, valueType: Value.self, isolation: "the main actor", fileID: fileID, line: line)
                    }
                }
            )
        case .actor(let actor):
            let name = "\(type(of: actor))"
            return (
                call,
                {
                    throw Diagnostics.handleIsolated(
                        handle, valueType: Value.self, isolation: name, fileID: fileID, line: line)
                }
            )
        }
    }
}
