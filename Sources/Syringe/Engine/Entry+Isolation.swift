extension Entry.Factory {
    /// The factory of a synchronous build whose user function was written with `isolation` (read from the
    /// `@isolated(any)` function at registration): nonisolated, main-actor, or another actor's.
    static func isolated(
        _ isolation: (any Actor)?,
        _ build: @escaping @Sendable (Resolution, PackedArguments?, ValueAddress) throws -> Void
    ) -> Entry.Factory {
        switch FunctionIsolation(isolation) {
        case .nonisolated: return .sync(build)
        case .mainActor: return .mainActor(build)
        case .actor(let actor): return .actor(actor, build)
        }
    }
}

extension Entry {
    /// Adds a synchronous `onCreated` hook written with `isolation`: a main-actor hook makes the registration
    /// main-actor bound for the synchronous API; another actor's runs there, through the async API only.
    func addCreated(
        isolation: (any Actor)?, place: Place,
        _ run: @escaping @Sendable (ValueAddress, Resolution) throws -> Void
    ) {
        switch FunctionIsolation(isolation) {
        case .nonisolated:
            addCreated(.sync(run, place))
        case .mainActor:
            addCreated(.sync(run, place), mainActor: true)
        case .actor(let actor):
            addCreated(
                .async(
                    { payload, resolution in
                        // The asking task waits for the hook: nothing else touches the instance meanwhile.
                        nonisolated(unsafe) let payload = payload
                        let container = resolution.container
                        try await FunctionIsolation.run(on: actor) {
                            try Engine.joining(AsyncFrame.current) {
                                try run(payload, Resolution(container: container))
                            }
                        }
                    }, place))
        }
    }
}

extension Entry {
    /// Adds a synchronous `onDispose` hook written with `isolation`: a main-actor hook runs on the main actor
    /// (in place there, else after a hop), another actor's as an async hook that hops there.
    func addDisposed(
        isolation: (any Actor)?, place: Place, _ run: @escaping @Sendable (ValueAddress) throws -> Void
    ) {
        switch FunctionIsolation(isolation) {
        case .nonisolated:
            addDisposed(.sync(run, place))
        case .mainActor:
            addDisposed(.mainActor(run, place))
        case .actor(let actor):
            addDisposed(
                .async(
                    { payload in
                        // The instance is no longer kept anywhere: only this hook reads it.
                        nonisolated(unsafe) let payload = payload
                        try await FunctionIsolation.run(on: actor) { try run(payload) }
                    }, place))
        }
    }
}
