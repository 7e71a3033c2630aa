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
    // An async function isolated to an actor hops there on entry, so an async one is called without naming its
    // isolation; its arguments are values the caller no longer touches while it runs.
    //
    // Each function is cast inside a pair of one-field structs: cast bare, a generic `unsafeBitCast` would
    // convert it to and from its most general representation (two thunks and two allocations per registration,
    // two more calls per build); a struct keeps its field's representation, and its layout (one function) needs
    // no type metadata.

    /// A factory of no arguments, callable synchronously: only where `function.isolation` holds.
    @inline(__always)
    static func unchecked<Result>(_ function: @escaping @isolated(any) @Sendable () throws -> Result)
        -> @Sendable () throws -> Result
    {
        unsafeBitCast(IsolatedSync0(function: function), to: PlainSync0<Result>.self).function
    }

    /// A factory of the resolution, callable synchronously: only where `function.isolation` holds.
    @inline(__always)
    static func unchecked<Result>(_ function: @escaping @isolated(any) @Sendable (Resolution) throws -> Result)
        -> @Sendable (Resolution) throws -> Result
    {
        unsafeBitCast(IsolatedSync1(function: function), to: PlainSync1<Result>.self).function
    }

    /// An async factory of no arguments, callable without naming its isolation.
    @inline(__always)
    static func unchecked<Result>(_ function: @escaping @isolated(any) @Sendable () async throws -> Result)
        -> @Sendable () async throws -> Result
    {
        unsafeBitCast(IsolatedAsync0(function: function), to: PlainAsync0<Result>.self).function
    }

    /// An async factory of the resolution, callable without naming its isolation.
    @inline(__always)
    static func unchecked<Result>(_ function: @escaping @isolated(any) @Sendable (Resolution) async throws -> Result)
        -> @Sendable (Resolution) async throws -> Result
    {
        unsafeBitCast(IsolatedAsync1(function: function), to: PlainAsync1<Result>.self).function
    }

    /// An `onCreated` hook, callable synchronously: only where `function.isolation` holds.
    @inline(__always)
    static func unchecked<Value>(
        _ function: @escaping @isolated(any) @Sendable (inout Value, Resolution) throws -> Void
    ) -> @Sendable (inout Value, Resolution) throws -> Void {
        unsafeBitCast(IsolatedHook(function: function), to: PlainHook<Value>.self).function
    }

    /// An async `onCreated` hook, callable without naming its isolation.
    @inline(__always)
    static func unchecked<Value>(
        _ function: @escaping @isolated(any) @Sendable (inout Value, Resolution) async throws -> Void
    ) -> @Sendable (inout Value, Resolution) async throws -> Void {
        unsafeBitCast(IsolatedAsyncHook(function: function), to: PlainAsyncHook<Value>.self).function
    }

    /// An injector, callable synchronously: only where `function.isolation` holds.
    @inline(__always)
    static func unchecked<Target>(_ function: @escaping @isolated(any) @Sendable (Target, Resolution) throws -> Void)
        -> @Sendable (Target, Resolution) throws -> Void
    {
        unsafeBitCast(IsolatedInjector(function: function), to: PlainInjector<Target>.self).function
    }

    /// An `onDispose` hook, callable synchronously: only where `function.isolation` holds.
    @inline(__always)
    static func unchecked<Service>(_ function: @escaping @isolated(any) @Sendable (Service) throws -> Void)
        -> @Sendable (Service) throws -> Void
    {
        unsafeBitCast(IsolatedDispose(function: function), to: PlainDispose<Service>.self).function
    }

    /// An async `onDispose` hook, callable without naming its isolation.
    @inline(__always)
    static func unchecked<Service>(_ function: @escaping @isolated(any) @Sendable (Service) async throws -> Void)
        -> @Sendable (Service) async throws -> Void
    {
        unsafeBitCast(IsolatedAsyncDispose(function: function), to: PlainAsyncDispose<Service>.self).function
    }

    /// A function of a parameter pack (`using:`), callable synchronously: only where `function.isolation` holds.
    /// Inlinable: cast where it is specialised, as the pack's struct needs type metadata in generic code.
    @inlinable @inline(__always)
    static func unchecked<each Argument, Result>(
        _ function: @escaping @isolated(any) @Sendable (repeat each Argument) throws -> Result
    ) -> @Sendable (repeat each Argument) throws -> Result {
        // Wrapped: a function type with a parameter pack cannot be handed to a generic `unsafeBitCast` as is.
        unsafeBitCast(IsolatedSync(function: function), to: PlainSync<repeat each Argument, Result>.self).function
    }

    /// An async function of a parameter pack, callable without naming its isolation.
    @inlinable @inline(__always)
    static func unchecked<each Argument, Result>(
        _ function: @escaping @isolated(any) @Sendable (repeat each Argument) async throws -> Result
    ) -> @Sendable (repeat each Argument) async throws -> Result {
        unsafeBitCast(IsolatedAsync(function: function), to: PlainAsync<repeat each Argument, Result>.self).function
    }

    struct IsolatedSync0<Result> { let function: @isolated(any) @Sendable () throws -> Result }
    struct PlainSync0<Result> { let function: @Sendable () throws -> Result }
    struct IsolatedSync1<Result> { let function: @isolated(any) @Sendable (Resolution) throws -> Result }
    struct PlainSync1<Result> { let function: @Sendable (Resolution) throws -> Result }
    struct IsolatedAsync0<Result> { let function: @isolated(any) @Sendable () async throws -> Result }
    struct PlainAsync0<Result> { let function: @Sendable () async throws -> Result }
    struct IsolatedAsync1<Result> { let function: @isolated(any) @Sendable (Resolution) async throws -> Result }
    struct PlainAsync1<Result> { let function: @Sendable (Resolution) async throws -> Result }
    struct IsolatedHook<Value> { let function: @isolated(any) @Sendable (inout Value, Resolution) throws -> Void }
    struct PlainHook<Value> { let function: @Sendable (inout Value, Resolution) throws -> Void }
    struct IsolatedAsyncHook<Value> {
        let function: @isolated(any) @Sendable (inout Value, Resolution) async throws -> Void
    }
    struct PlainAsyncHook<Value> { let function: @Sendable (inout Value, Resolution) async throws -> Void }
    struct IsolatedInjector<Target> { let function: @isolated(any) @Sendable (Target, Resolution) throws -> Void }
    struct PlainInjector<Target> { let function: @Sendable (Target, Resolution) throws -> Void }
    struct IsolatedDispose<Service> { let function: @isolated(any) @Sendable (Service) throws -> Void }
    struct PlainDispose<Service> { let function: @Sendable (Service) throws -> Void }
    struct IsolatedAsyncDispose<Service> { let function: @isolated(any) @Sendable (Service) async throws -> Void }
    struct PlainAsyncDispose<Service> { let function: @Sendable (Service) async throws -> Void }

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
