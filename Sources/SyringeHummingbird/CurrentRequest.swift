#if Hummingbird
public import Hummingbird
public import Logging
public import Syringe

extension Scope {
    /// The scope of one request: ``RequestScopeMiddleware`` opens it for each request.
    ///
    /// ```swift
    /// container.register(UnitOfWork.self, scope: .request) { r in UnitOfWork(db: try r.resolve()) }
    /// ```
    public static let request = Scope("request")
}

/// The request that ``RequestScopeMiddleware`` is handling, for the factories of request-scoped registrations.
///
/// ```swift
/// container.register(RequestLog.self, scope: .request) { r in
///     let current = try r.currentRequest()
///     return RequestLog(logger: current.logger, requestID: current.id)
/// }
/// ```
public struct CurrentRequest: Sendable {
    /// The request.
    ///
    /// ```swift
    /// try r.currentRequest().request.uri.path   // "/todos"
    /// ```
    public let request: Request
    /// The request's id, as Hummingbird logs it (`hb.request.id`): the same string as the request context's `id`.
    ///
    /// Read from the logger's metadata when asked, as the context's `id` is: formatting it costs ~1.5 µs, which a
    /// request that never reads it does not pay.
    ///
    /// ```swift
    /// try r.currentRequest().id   // "5c1a…"
    /// ```
    public var id: String { logger[metadataKey: "hb.request.id"]?.description ?? "" }
    /// The request context's logger, which carries the request id.
    ///
    /// ```swift
    /// try r.currentRequest().logger.info("adding a todo")
    /// ```
    public let logger: Logger

    @TaskLocal static var value: CurrentRequest?
}

/// Thrown by ``Resolution/currentRequest()`` outside a request handled by ``RequestScopeMiddleware``.
///
/// ```swift
/// catch is NoCurrentRequest { … }   // resolved outside a request
/// ```
public struct NoCurrentRequest: Error, CustomStringConvertible {
    /// What went wrong and how to fix it.
    ///
    /// ```swift
    /// print(error)   // Syringe: no request is being handled here …
    /// ```
    public var description: String {
        """
        Syringe: no request is being handled here, so there is no current request.
          fix: resolve request-scoped services while RequestScopeMiddleware handles a request \
        (router.add(middleware: RequestScopeMiddleware(container: container))).
        """
    }
}

extension Resolution {
    /// The request being handled, for a request-scoped factory.
    ///
    /// ```swift
    /// container.register(RequestLog.self, scope: .request) { r in RequestLog(logger: try r.currentRequest().logger) }
    /// ```
    ///
    /// - Throws: ``NoCurrentRequest`` outside a request handled by ``RequestScopeMiddleware``.
    public func currentRequest() throws -> CurrentRequest {
        guard let current = CurrentRequest.value else { throw NoCurrentRequest() }
        return current
    }
}
#endif
