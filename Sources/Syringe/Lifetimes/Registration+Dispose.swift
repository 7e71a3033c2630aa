extension Registration {
    /// Adds a hook that runs when an instance kept by this registration ends its life: at `reset`,
    /// re-registration, ``Container/shutdown()``, or the end of the ``Container/withScope(_:isolation:operation:)``
    /// call that built it. Instances go newest first, so an instance is disposed of before what it depends on.
    ///
    /// ```swift
    /// container.register(Database.self, scope: .singleton) { try Database(path: path) }
    ///     .onDispose { db in db.close() }
    /// ```
    ///
    /// Only instances the container keeps are disposed of: a `.unique` or `.graph` instance belongs to whoever
    /// asked for it, a `.shared` one to those who hold it. A hook is read when an instance is disposed of, so it serves every instance disposed of after
    /// it was added, including those built before; chain it on the `register` call, as above. (An instance that
    /// other threads build and dispose of, by replacing, removing or resetting the registration, in the moment
    /// between `register` and `onDispose`, is disposed of without it.)
    @discardableResult
    public func onDispose(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ hook: @escaping @isolated(any) @Sendable (Service) throws -> Void
    ) -> Self {
        let run = IsolatedCall.unchecked(hook)
        entry.addDisposed(isolation: hook.isolation, place: Place(fileID: FileID(fileID), line: line)) { payload in
            try run(payload.value(Service.self))
        }
        return self
    }

    /// Adds an async hook that runs when an instance kept by this registration ends its life.
    ///
    /// ```swift
    /// container.register(HTTPClient.self, scope: .singleton) { HTTPClient() }
    ///     .onDispose { client async throws in try await client.shutdown() }
    /// ```
    ///
    /// ``Container/shutdown()`` and the end of ``Container/withScope(_:isolation:operation:)`` await it; a
    /// synchronous `reset` starts it in a task of its own.
    @discardableResult
    public func onDispose(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ hook: @escaping @isolated(any) @Sendable (Service) async throws -> Void
    ) -> Self {
        let run = IsolatedCall.unchecked(hook)
        entry.addDisposed(
            .async(
                { payload in try await run(payload.value(Service.self)) },
                Place(fileID: FileID(fileID), line: line)))
        return self
    }
}

extension Register {
    /// Adds a hook that runs when an instance kept by this registration ends its life (see
    /// `onDispose` of ``Registration``).
    ///
    /// ```swift
    /// Register(Database.self, scope: .singleton) { try Database(path: path) }
    ///     .onDispose { db in db.close() }
    /// ```
    public func onDispose(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ hook: @escaping @isolated(any) @Sendable (Service) throws -> Void
    ) -> Register {
        adding { $0.onDispose(fileID: fileID, line: line, hook) }
    }

    /// Adds an async hook that runs when an instance kept by this registration ends its life.
    ///
    /// ```swift
    /// Register(HTTPClient.self, scope: .singleton) { HTTPClient() }
    ///     .onDispose { client async throws in try await client.shutdown() }
    /// ```
    public func onDispose(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ hook: @escaping @isolated(any) @Sendable (Service) async throws -> Void
    ) -> Register {
        adding { $0.onDispose(fileID: fileID, line: line, hook) }
    }
}
