/// The errors of lifetimes: captive dependencies, ended scopes, shut-down containers, failed disposal.
extension Diagnostics {
    static func captive(_ entry: Entry, heldBy holder: Entry) -> ResolutionError {
        ResolutionError(
            code: .captive,
            summary: "cannot resolve `\(entry.key)` for `\(holder.key)`: a \(holder.scope) instance would keep an "
                + "instance of \(entry.scope) beyond its scope.",
            path: path(then: entry.key), fileID: "\(entry.fileID)", line: Int(entry.line),
            nearMisses: [holder.key.description],
            fix: "inject a Provider<\(entry.key.typeDescription)> (or resolve it where it is used) instead of keeping "
                + "it, or give `\(holder.key)` a scope no longer than \(entry.scope).")
    }

    static func scopeEnded(_ entry: Entry) -> ResolutionError {
        ResolutionError(
            code: .shutDown,
            summary: "cannot resolve `\(entry.key)`: its scope, \(entry.scope), has been closed.",
            path: path(then: entry.key), fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "resolve it before the scope ends (inside the operation of withScope, or before close() of the "
                + "ContainerScope), not from a task or a lazy handle that outlives it.")
    }

    static func shutDown(_ entry: Entry) -> ResolutionError {
        ResolutionError(
            code: .shutDown,
            summary: "cannot resolve `\(entry.key)`: its container has been shut down.",
            path: path(then: entry.key), fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "resolve from a container that is still running, or make a new one.")
    }

    static func cancelledWait(_ entry: Entry) -> ResolutionError {
        ResolutionError(
            code: .cancelled,
            summary: "cannot resolve `\(entry.key)`: the task was cancelled while another one was building it.",
            path: path(then: entry.key), fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "nothing, if the cancellation was meant: the build goes on and keeps its instance for the next "
                + "resolve; otherwise find who cancelled the task (`underlyingError` is a CancellationError).",
            underlyingError: CancellationError())
    }

    static func disposeFailed(_ entry: Entry, place: Place, error: any Error) -> ResolutionError {
        ResolutionError(
            code: .disposeFailed,
            summary: "cannot dispose of `\(entry.key)`: its onDispose hook threw \(String(describing: error)).",
            path: [entry.key], fileID: "\(place.fileID)", line: Int(place.line),
            fix: "make the onDispose hook at \(place.fileID):\(place.line) succeed; the other instances were "
                + "disposed of (the original is `underlyingError`).",
            underlyingError: error)
    }

    /// The one error of a disposal that had failures: each failed hook, in the order they ran.
    static func disposal(_ errors: [ResolutionError], by operation: String) -> ResolutionError {
        let count = errors.count == 1 ? "1 onDispose hook" : "\(errors.count) onDispose hooks"
        return ResolutionError(
            code: .multiple, summary: "\(operation): \(count) failed.", path: [], fileID: errors[0].fileID,
            line: errors[0].line, fix: "make each hook above succeed; every other instance was disposed of.",
            errors: errors)
    }
}
