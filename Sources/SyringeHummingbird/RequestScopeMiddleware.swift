#if Hummingbird
public import Hummingbird
public import Syringe

/// Runs each request in `container.withScope(scope)`: every registration of that scope resolved while the
/// request is handled gets one instance for the request, shared by everything it resolves and never seen by
/// another request, and disposed of (its `onDispose` hooks run) once the response has been written, or once
/// the handler threw. (A body of known length up to 64 KiB is written into memory inside the scope, so the
/// server sends it in one write; a longer body or a stream keeps the scope open while it is sent.)
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
/// logger.
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

    /// A middleware that gives each request its own instances of `scope`.
    ///
    /// ```swift
    /// router.add(middleware: RequestScopeMiddleware(container: container))
    /// ```
    public init(container: Container, scope: Scope = .request) {
        self.container = container
        self.scope = scope
    }

    /// Handles `request` inside a request scope that ends when the response has been written.
    ///
    /// ```swift
    /// let response = try await middleware.handle(request, context: context) { request, context in
    ///     Response(status: .ok)
    /// }
    /// ```
    public func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let current = CurrentRequest(request: request, id: context.id, logger: context.logger)
        return try await withoutActuallyEscaping(next) { next in
            let exchange = Exchange(handler: next)
            // The scope must outlive this call (the body is written after it returns), so it runs in a task
            // of its own that hands the response back and ends the scope when the body has been written.
            let scopeTask = Task { [container, scope] in
                do {
                    try await CurrentRequest.$value.withValue(current) {
                        try await container.withScope(scope) {
                            var response = try await exchange.callHandler(request, context)
                            if let small = try await BufferedBody.write(response.body) {
                                // Written here, inside the scope, in full: the scope can end now, and the
                                // server sends the body in one write.
                                response.body = small
                                exchange.respond(.success(response))
                            } else {
                                let written = ResponseWritten()
                                response.body = written.wrapping(response.body)
                                exchange.respond(.success(response))
                                await written.wait()
                            }
                        }
                    }
                } catch {
                    // After the response was handed over, what fails is the scope's end: its onDispose hooks.
                    if !exchange.respond(.failure(error)) {
                        current.logger.error("request scope ended with an error: \(error)")
                    }
                }
            }
            return try await withTaskCancellationHandler {
                try await exchange.response()
            } onCancel: {
                scopeTask.cancel()
            }
        }
    }
}

/// The hand-over between the request's task and the task that holds its scope: the handler to call there,
/// and the response (or error) to bring back.
// @unchecked Sendable: `handler` is called once, by the scope task, while the request's task waits; the
// rest is guarded by `state`.
private final class Exchange<Context: RequestContext>: @unchecked Sendable {
    typealias Handler = (Request, Context) async throws -> Response
    typealias Waiter = CheckedContinuation<Response, any Error>

    private var handler: Handler?
    private let state = Protected<(result: Result<Response, any Error>?, waiter: Waiter?)>((nil, nil))

    init(handler: @escaping Handler) {
        self.handler = handler
    }

    /// Calls the handler, then lets go of it (it must not outlive the middleware's `handle`).
    func callHandler(_ request: Request, _ context: Context) async throws -> Response {
        let handler = self.handler!
        self.handler = nil
        return try await handler(request, context)
    }

    /// Hands the response (or the error) to the request's task; only the first one counts (returns `false`
    /// for a later one).
    @discardableResult
    func respond(_ result: Result<Response, any Error>) -> Bool {
        let (counts, waiter) = state.withLock { state -> (Bool, Waiter?) in
            guard state.result == nil else { return (false, nil) }
            state.result = result
            defer { state.waiter = nil }
            return (true, state.waiter)
        }
        waiter?.resume(with: result)
        return counts
    }

    func response() async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<Response, any Error>? in
                if let result = state.result { return result }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }
}
#endif
