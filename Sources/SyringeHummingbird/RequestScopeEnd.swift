#if Hummingbird
/// When the scope that ``RequestScopeMiddleware`` opens for a request closes, and its instances' `onDispose` hooks
/// run.
///
/// ```swift
/// // Every route returns its body in memory (JSON, a buffer, a status): no check of the body is needed.
/// router.add(middleware: RequestScopeMiddleware(container: container, end: .whenTheHandlerReturns))
/// ```
public enum RequestScopeEnd: Sendable, Hashable {
    /// When the handler returns, unless the response's body is streamed: then when the body has been written (the
    /// scope stays bound while it is written, so what the body resolves is the request's), or when the server drops
    /// the response unwritten. Telling a streamed body from one in memory costs about 0.3 µs a request (Hummingbird
    /// tells the two apart only by an internal case, whose name the runtime's reflection metadata gives).
    ///
    /// ```swift
    /// RequestScopeMiddleware(container: container)   // the default: .afterStreamedBodies
    /// ```
    case afterStreamedBodies

    /// When the handler returns, whatever the body: for servers whose streamed bodies (if any) need nothing of the
    /// request's scope. A body written after the handler returned sees no request scope (what it resolves of the
    /// scope's registrations is the container's own, as outside any request); one that holds a request-scoped
    /// instance it captured still holds it, but its `onDispose` hooks have run.
    ///
    /// ```swift
    /// RequestScopeMiddleware(container: container, end: .whenTheHandlerReturns)
    /// ```
    case whenTheHandlerReturns
}
#endif
