#if Hummingbird
import Hummingbird
import Syringe

/// Tells when a response's body has been written, or will never be: the server dropped the response.
final class ResponseWritten: Sendable {
    private let state = Protected<(done: Bool, waiter: CheckedContinuation<Void, Never>?)>((false, nil))

    /// `body`, reporting to this object once it has been written (or failed to be).
    func wrapping(_ body: ResponseBody) -> ResponseBody {
        let witness = Witness(self)
        return ResponseBody(contentLength: body.contentLength) { writer in
            defer { witness.finish() }
            try await body.write(writer)
        }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state -> Bool in
                if state.done { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }

    fileprivate func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.done else { return nil }
            state.done = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

/// Held by the wrapped body only: when the body has been written, or when the response is dropped
/// unwritten, the request's scope ends.
private final class Witness: Sendable {
    let written: ResponseWritten

    init(_ written: ResponseWritten) {
        self.written = written
    }

    func finish() {
        written.finish()
    }

    deinit {
        written.finish()
    }
}
#endif
