#if Hummingbird
import HTTPTypes
import Hummingbird
import Syringe

/// A small body of known length, written into memory while the request's scope is still open.
enum BufferedBody {
    /// Bodies up to this many bytes are buffered; larger ones, and those of unknown length (streams), are
    /// written to the connection while the scope waits.
    static let limit = 64 * 1024

    /// `body` written in full into one buffer, or `nil` when it is too long or of unknown length.
    static func write(_ body: ResponseBody) async throws -> ResponseBody? {
        guard let length = body.contentLength, length <= limit else { return nil }
        let output = Output()
        try await body.write(Collector(output: output))
        let buffer = output.buffer
        guard let trailers = output.trailers else { return ResponseBody(byteBuffer: buffer) }
        return ResponseBody(contentLength: buffer.readableBytes) { writer in
            try await writer.write(buffer)
            try await writer.finish(trailers)
        }
    }

    /// What a body wrote; used by one task at a time.
    private final class Output {
        var buffer = ByteBuffer()
        var trailers: HTTPFields?
    }

    private struct Collector: ResponseBodyWriter {
        let output: Output

        mutating func write(_ buffer: ByteBuffer) async throws {
            var buffer = buffer
            output.buffer.writeBuffer(&buffer)
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
            output.trailers = trailingHeaders
        }
    }
}

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
