/// Where a user's function must run: read once, when it is registered, from the `@isolated(any)` function
/// value itself (the isolation Swift inferred where the closure was written, or the one a function reference
/// carries), never guessed from syntax.
///
/// A closure written in main-actor code (a view model's method, an app module with default main-actor
/// isolation) is a main-actor function; one written in nonisolated code is nonisolated; one written in an
/// actor's code and capturing it (or on a custom global actor) belongs to that actor.
enum FunctionIsolation: Sendable {
    /// Runs wherever it is called: the engine calls it in place, from any thread.
    case nonisolated
    /// Runs on the main actor: in place when the caller is there, else after a hop (async API only).
    case mainActor
    /// Runs on another actor: the async API hops there; the synchronous API cannot.
    case actor(any Actor)

    init(_ isolation: (any Actor)?) {
        guard let isolation else {
            self = .nonisolated
            return
        }
        self = isolation === MainActor.shared ? .mainActor : .actor(isolation)
    }
}

/// The one door through which Syringe calls a synchronous `@isolated(any)` function synchronously.
///
/// Swift lets an `@isolated(any)` function be called only with `await`, because its isolation is known at run
/// time only. Syringe reads that isolation when the function is registered (``FunctionIsolation``) and its
/// engine calls the function only where the isolation holds: a nonisolated one anywhere, a main-actor one when
/// `MainActorCheck.isCurrent`, another actor's only from that actor's executor (after `await`). There, the
/// call is what the compiler would have allowed, had it known the isolation statically.
///
/// An `@isolated(any)` function value has the layout and calling convention of a plain thick function (its
/// isolation travels in the closure context, read by `.isolation`), which the size check below and the
/// `FunctionIsolationTests` (debug and release) pin down. Why this exists at all: the Design decisions article,
/// "Factories inherit their isolation".
@usableFromInline
enum IsolatedCall {
    /// `function`, callable synchronously. Call the result only where `function.isolation` holds.
    @inlinable @inline(__always)
    static func unchecked<each Argument, Result>(
        _ function: @escaping @isolated(any) @Sendable (repeat each Argument) throws -> Result
    ) -> @Sendable (repeat each Argument) throws -> Result {
        // Wrapped: a function type with a parameter pack cannot be handed to a generic `unsafeBitCast` as is.
        unsafeBitCast(IsolatedSync(function: function), to: PlainSync<repeat each Argument, Result>.self).function
    }

    /// `function`, callable without naming its isolation: an isolated async function hops to its actor on
    /// entry, so the call runs where it must; its arguments are values the caller no longer touches.
    @inlinable @inline(__always)
    static func unchecked<each Argument, Result>(
        _ function: @escaping @isolated(any) @Sendable (repeat each Argument) async throws -> Result
    ) -> @Sendable (repeat each Argument) async throws -> Result {
        unsafeBitCast(IsolatedAsync(function: function), to: PlainAsync<repeat each Argument, Result>.self).function
    }

    /// An `onCreated` hook, callable synchronously. Call the result only where `hook.isolation` holds.
    @inline(__always)
    static func unchecked<Value>(
        _ hook: @escaping @isolated(any) @Sendable (inout Value, Resolution) throws -> Void
    ) -> @Sendable (inout Value, Resolution) throws -> Void {
        unsafeBitCast(hook, to: (@Sendable (inout Value, Resolution) throws -> Void).self)
    }

    /// An async `onCreated` hook, callable without naming its isolation (it hops to its actor on entry).
    @inline(__always)
    static func unchecked<Value>(
        _ hook: @escaping @isolated(any) @Sendable (inout Value, Resolution) async throws -> Void
    ) -> @Sendable (inout Value, Resolution) async throws -> Void {
        unsafeBitCast(hook, to: (@Sendable (inout Value, Resolution) async throws -> Void).self)
    }

    @usableFromInline
    struct IsolatedSync<each Argument, Result> {
        @usableFromInline let function: @isolated(any) @Sendable (repeat each Argument) throws -> Result
        @inlinable init(function: @escaping @isolated(any) @Sendable (repeat each Argument) throws -> Result) {
            self.function = function
        }
    }

    @usableFromInline
    struct PlainSync<each Argument, Result> {
        @usableFromInline let function: @Sendable (repeat each Argument) throws -> Result
    }

    @usableFromInline
    struct IsolatedAsync<each Argument, Result> {
        @usableFromInline let function: @isolated(any) @Sendable (repeat each Argument) async throws -> Result
        @inlinable init(function: @escaping @isolated(any) @Sendable (repeat each Argument) async throws -> Result) {
            self.function = function
        }
    }

    @usableFromInline
    struct PlainAsync<each Argument, Result> {
        @usableFromInline let function: @Sendable (repeat each Argument) async throws -> Result
    }
}

extension FunctionIsolation {
    /// Runs `body` synchronously on `actor`, awaited from anywhere: how the async engine reaches a function
    /// isolated to an actor other than the main actor.
    static func run<Result: Sendable>(
        on actor: isolated any Actor, _ body: () throws -> Result
    ) rethrows -> Result {
        try body()
    }
}
