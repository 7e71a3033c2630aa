/// Contexts in modules: the builder form of ``Registration/onPreview(fileID:line:_:)-(()->Service)`` and the others.
extension Register {
    /// Builds with `factory` instead in an Xcode preview (see ``Registration``'s `onPreview`).
    ///
    /// ```swift
    /// Register((any APIClient).self, scope: .singleton) { LiveAPIClient() }
    ///     .onPreview { PreviewAPIClient() }
    /// ```
    public func onPreview(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Register {
        replacing { $0.onPreview(fileID: fileID, line: line, factory) }
    }

    /// Builds with `factory`, which resolves its own dependencies, instead in an Xcode preview.
    ///
    /// ```swift
    /// Register(FeedModel.self) { r in FeedModel(api: try r.resolve()) }
    ///     .onPreview { r in FeedModel(api: PreviewAPIClient(), clock: try r.resolve()) }
    /// ```
    public func onPreview(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Register {
        replacing { $0.onPreview(fileID: fileID, line: line, factory) }
    }

    /// Builds with `factory` instead in a test process (see ``Registration``'s `onTest`).
    ///
    /// ```swift
    /// Register((any Analytics).self, scope: .singleton) { FirebaseAnalytics() }
    ///     .onTest { NoAnalytics() }
    /// ```
    public func onTest(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Register {
        replacing { $0.onTest(fileID: fileID, line: line, factory) }
    }

    /// Builds with `factory`, which resolves its own dependencies, instead in a test process.
    ///
    /// ```swift
    /// Register(Checkout.self) { r in Checkout(payments: try r.resolve()) }
    ///     .onTest { r in Checkout(payments: FakePayments(), clock: try r.resolve()) }
    /// ```
    public func onTest(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Register {
        replacing { $0.onTest(fileID: fileID, line: line, factory) }
    }

    /// Builds with `factory` instead in a debug build (see ``Registration``'s `onDebug`).
    ///
    /// ```swift
    /// Register((any Logger).self, scope: .singleton) { OSLogger() }
    ///     .onDebug { VerboseLogger() }
    /// ```
    public func onDebug(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Register {
        replacing { $0.onDebug(fileID: fileID, line: line, factory) }
    }

    /// Builds with `factory`, which resolves its own dependencies, instead in a debug build.
    ///
    /// ```swift
    /// Register(Settings.self) { r in Settings(store: try r.resolve()) }
    ///     .onDebug { r in Settings(store: try r.resolve(), showsDiagnostics: true) }
    /// ```
    public func onDebug(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Register {
        replacing { $0.onDebug(fileID: fileID, line: line, factory) }
    }

    /// Builds with `factory` instead when the process was launched with `argument` (see ``Registration``'s
    /// `onArgument`).
    ///
    /// ```swift
    /// Register((any APIClient).self, scope: .singleton) { LiveAPIClient() }
    ///     .onArgument("-mock-api") { MockAPIClient() }
    /// ```
    public func onArgument(
        _ argument: String, fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Register {
        replacing { $0.onArgument(argument, fileID: fileID, line: line, factory) }
    }

    /// Builds with `factory`, which resolves its own dependencies, instead when the process was launched with
    /// `argument`.
    ///
    /// ```swift
    /// Register(FeedModel.self) { r in FeedModel(api: try r.resolve()) }
    ///     .onArgument("-empty-feed") { r in FeedModel(api: EmptyAPIClient(), clock: try r.resolve()) }
    /// ```
    public func onArgument(
        _ argument: String, fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Register {
        replacing { $0.onArgument(argument, fileID: fileID, line: line, factory) }
    }
}
