#if Hummingbird
public import Hummingbird
public import Syringe

/// Opens a scope of ``scope`` for each request (``Container/openScope(_:)``), bound to the request's task while the
/// handler runs: every registration of that scope resolved while the request is handled gets one instance for the
/// request, shared by everything it resolves (child tasks too) and never seen by another request, and disposed of
/// (its `onDispose` hooks run) when the request ends. No task of its own, and no copy of the body:
///
/// - a body in memory (a buffer, or empty), as most responses are: the scope closes when the handler returns;
/// - a streamed body (written by a closure after the handler returned): the scope stays open, and bound while the
///   body is written, and closes when the writing ends, however it ends (written, failed, cancelled), or when the
///   server drops the response unwritten (a closed connection);
/// - a handler that throws: the scope closes before the error goes on.
///
/// With `end: .whenTheHandlerReturns` the scope closes when the handler returns whatever the body, which saves
/// telling the two kinds of body apart (see ``RequestScopeEnd``).
///
/// ```swift
/// container.register(UnitOfWork.self, scope: .request) { r in UnitOfWork(db: try r.resolve()) }
///     .onDispose { work async in await work.rollbackIfOpen() }
///
/// let router = Router()
/// router.add(middleware: RequestScopeMiddleware(container: container))
/// router.post("/todos") { request, context in
///     let work = try container.resolve(UnitOfWork.self)   // this request's own
///     …
/// }
/// ```
///
/// While a request runs, ``Resolution/currentRequest()`` gives factories the request, its id and its
/// logger. A hook that throws at the end of a request is logged with the request's logger (the response has been
/// sent, or is about to be).
public struct RequestScopeMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The container whose registrations of ``scope`` get one instance per request.
    ///
    /// ```swift
    /// middleware.container.resolve(UnitOfWork.self)
    /// ```
    public let container: Container
    /// The scope that lasts one request.
    ///
    /// ```swift
    /// RequestScopeMiddleware<BasicRequestContext>(container: container).scope   // .request
    /// ```
    public let scope: Scope
    /// When each request's scope closes: after a streamed body has been written (the default), or always when the
    /// handler returns.
    ///
    /// ```swift
    /// RequestScopeMiddleware<BasicRequestContext>(container: container).end   // .afterStreamedBodies
    /// ```
    public let end: RequestScopeEnd

    /// A middleware that gives each request its own instances of `scope`, closed as `end` says.
    ///
    /// ```swift
    /// router.add(middleware: RequestScopeMiddleware(container: container))
    /// router.add(middleware: RequestScopeMiddleware(container: container, end: .whenTheHandlerReturns))
    /// ```
    public init(container: Container, scope: Scope = .request, end: RequestScopeEnd = .afterStreamedBodies) {
        self.container = container
        self.scope = scope
        self.end = end
    }

    /// Handles `request` inside a request scope that ends with the request (see ``RequestScopeMiddleware``).
    ///
    /// ```swift
    /// let response = try await middleware.handle(request, context: context) { request, context in
    ///     Response(status: .ok)
    /// }
    /// ```
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let opened = container.openScope(scope)
        let current = CurrentRequest(request: request, logger: context.logger)
        var response: Response
        do {
            response = try await CurrentRequest.$value.withValue(current) {
                try await opened.withCurrent { try await next(request, context) }
            }
        } catch {
            await RequestEnd.close(opened, logger: current.logger)
            throw error
        }
        if end == .whenTheHandlerReturns || BodyKind.isInMemory(response.body) {
            await RequestEnd.close(opened, logger: current.logger)
        } else {
            response.body = RequestEnd(opened, logger: current.logger).wrapping(response.body, current: current)
        }
        return response
    }
}
#endif
