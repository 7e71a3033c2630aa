#if Hummingbird
import Hummingbird
import Logging
import Syringe

/// What a response's body is, as far as a request's scope cares.
enum BodyKind {
    /// Hummingbird's body keeps its kind in its one stored property, an internal enum. Its case is read through
    /// the runtime's reflection metadata (`SoleEnumField`) once its layout is learned and checked on a body of
    /// each kind; with any other layout, through `Mirror` (about 4.5 µs a request more).
    private static let backing: SoleEnumField<ResponseBody>? = {
        guard let field = SoleEnumField(learningFrom: ResponseBody()),
            field.isCase("byteBuffer", of: ResponseBody(byteBuffer: ByteBuffer(bytes: [1]))),
            !field.isCase("byteBuffer", of: ResponseBody(contentLength: 1) { _ in }),
            !field.isCase("byteBuffer", of: ResponseBody())
        else { return nil }
        return field
    }()

    /// Whether `body` is already in memory (a buffer, or empty), so that nothing of the request runs once the
    /// handler has returned, and Hummingbird writes it in one write. A closure writes the rest: a stream.
    ///
    /// Hummingbird's body tells its kind only through its stored case, read by its name; a name this code does
    /// not know counts as a stream (the scope then stays open while it is written: slower, never wrong).
    static func isInMemory(_ body: ResponseBody) -> Bool {
        if body.contentLength == 0 { return true }
        if let backing { return backing.isCase("byteBuffer", of: body) }
        return isInMemoryByMirror(body)
    }

    /// `isInMemory(_:)` through `Mirror`: the case's label of the body's one stored property.
    static func isInMemoryByMirror(_ body: ResponseBody) -> Bool {
        guard let backing = Mirror(reflecting: body).children.first?.value else { return false }
        return Mirror(reflecting: backing).children.first?.label == "byteBuffer"
    }
}

/// The end of a request whose body is streamed: its scope closes when the body's writer ends, or, when the server
/// drops the response unwritten, when the body is released.
final class RequestEnd: Sendable {
    private let scope: ContainerScope
    private let logger: Logger

    init(_ scope: ContainerScope, logger: Logger) {
        self.scope = scope
        self.logger = logger
    }

    /// Closes `scope`, logging failed hooks with the request's logger (the response is on its way).
    static func close(_ scope: ContainerScope, logger: Logger) async {
        do {
            try await scope.close()
        } catch {
            logger.error("request scope ended with an error: \(error)")
        }
    }

    /// `body`, written with the request's scope and request bound, then ending the scope.
    func wrapping(_ body: ResponseBody, current: CurrentRequest) -> ResponseBody {
        ResponseBody(contentLength: body.contentLength) { [self] writer in
            do {
                try await CurrentRequest.$value.withValue(current) {
                    try await scope.withCurrent { try await body.write(writer) }
                }
            } catch {
                await RequestEnd.close(scope, logger: logger)
                throw error
            }
            await RequestEnd.close(scope, logger: logger)
        }
    }

    deinit {
        // Dropped unwritten (or after the writer closed the scope, when this does nothing).
        scope.closeNow { [logger] error in logger.error("request scope ended with an error: \(error)") }
    }
}
#endif
