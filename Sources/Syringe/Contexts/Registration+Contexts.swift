/// Contexts, as Factory's users know them: a registration carries alternative factories for an Xcode preview, a
/// test process, a debug build or a launch argument.
///
/// The process's context is fixed for its life, so the alternative is chosen when it is added, not at each
/// resolve: an alternative that applies replaces the registration's factory (its key, scope, hooks and marks
/// stay), one that does not is dropped. Resolving costs the same as without contexts.
extension Registration {
    /// Builds with `factory` instead when Xcode runs the process for a SwiftUI preview
    /// (`XCODE_RUNNING_FOR_PREVIEWS=1`).
    ///
    /// ```swift
    /// container.register((any APIClient).self, scope: .singleton) { LiveAPIClient() }
    ///     .onPreview { PreviewAPIClient() }
    ///     .onTest { MockAPIClient() }
    /// ```
    ///
    /// When several alternatives apply, the strongest wins, in any order of writing: a launch argument, then a
    /// preview, then a test, then a debug build. Overrides (a test's container, `withOverrides`, a later
    /// registration of the key) win over all of them. Further modifiers go through the handle this returns.
    @discardableResult
    public func onPreview(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Self {
        alternative(for: .preview, fileID: FileID(fileID), line: line, factory)
    }

    /// Builds with `factory`, which resolves its own dependencies, instead in an Xcode preview.
    ///
    /// ```swift
    /// container.register(FeedModel.self) { r in FeedModel(api: try r.resolve()) }
    ///     .onPreview { r in FeedModel(api: PreviewAPIClient(), clock: try r.resolve()) }
    /// ```
    @discardableResult
    public func onPreview(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Self {
        alternative(for: .preview, fileID: FileID(fileID), line: line, factory)
    }

    /// Builds with `factory` instead in a test process: XCTest or Swift Testing, in Xcode or through `swift test`.
    ///
    /// ```swift
    /// container.register((any Analytics).self, scope: .singleton) { FirebaseAnalytics() }
    ///     .onTest { NoAnalytics() }
    /// ```
    ///
    /// A test's own overrides (`@Test(.container { … })`, `withOverrides`) still win over it.
    @discardableResult
    public func onTest(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Self {
        alternative(for: .test, fileID: FileID(fileID), line: line, factory)
    }

    /// Builds with `factory`, which resolves its own dependencies, instead in a test process.
    ///
    /// ```swift
    /// container.register(Checkout.self) { r in Checkout(payments: try r.resolve()) }
    ///     .onTest { r in Checkout(payments: FakePayments(), clock: try r.resolve()) }
    /// ```
    @discardableResult
    public func onTest(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Self {
        alternative(for: .test, fileID: FileID(fileID), line: line, factory)
    }

    /// Builds with `factory` instead in a debug build: Syringe compiled with `DEBUG`, which SwiftPM and Xcode do
    /// when they build your app's debug configuration (they build packages in the app's configuration).
    ///
    /// ```swift
    /// container.register((any Logger).self, scope: .singleton) { OSLogger() }
    ///     .onDebug { VerboseLogger() }
    /// ```
    @discardableResult
    public func onDebug(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Self {
        alternative(for: .debug, fileID: FileID(fileID), line: line, factory)
    }

    /// Builds with `factory`, which resolves its own dependencies, instead in a debug build.
    ///
    /// ```swift
    /// container.register(Settings.self) { r in Settings(store: try r.resolve()) }
    ///     .onDebug { r in Settings(store: try r.resolve(), showsDiagnostics: true) }
    /// ```
    @discardableResult
    public func onDebug(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Self {
        alternative(for: .debug, fileID: FileID(fileID), line: line, factory)
    }

    /// Builds with `factory` instead when the process was launched with the argument `argument` (exactly), as a
    /// UI test or an Xcode scheme passes it: `app.launchArguments.append("-mock-api")`.
    ///
    /// ```swift
    /// container.register((any APIClient).self, scope: .singleton) { LiveAPIClient() }
    ///     .onArgument("-mock-api") { MockAPIClient() }
    ///     .onArgument("-api-errors") { FailingAPIClient() }
    /// ```
    ///
    /// When several of the registration's launch arguments are passed, the one written first wins.
    @discardableResult
    public func onArgument(
        _ argument: String, fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Self {
        alternative(for: .argument(argument), fileID: FileID(fileID), line: line, factory)
    }

    /// Builds with `factory`, which resolves its own dependencies, instead when the process was launched with
    /// `argument`.
    ///
    /// ```swift
    /// container.register(FeedModel.self) { r in FeedModel(api: try r.resolve()) }
    ///     .onArgument("-empty-feed") { r in FeedModel(api: EmptyAPIClient(), clock: try r.resolve()) }
    /// ```
    @discardableResult
    public func onArgument(
        _ argument: String, fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Self {
        alternative(for: .argument(argument), fileID: FileID(fileID), line: line, factory)
    }
}

extension Registration {
    private func alternative(
        for context: LaunchContext, fileID: FileID, line: UInt,
        _ factory: @escaping @isolated(any) @Sendable () throws -> Service
    ) -> Self {
        guard chooses(context) else { return self }
        let make = IsolatedCall.unchecked(factory)
        return replaced(by: context, isolation: factory.isolation, file: fileID, line: line) { _, _, output in
            output.initialize(as: Service.self, to: try make())
        }
    }

    private func alternative(
        for context: LaunchContext, fileID: FileID, line: UInt,
        _ factory: @escaping @isolated(any) @Sendable (Resolution) throws -> Service
    ) -> Self {
        guard chooses(context) else { return self }
        let make = IsolatedCall.unchecked(factory)
        return replaced(by: context, isolation: factory.isolation, file: fileID, line: line) { r, _, output in
            output.initialize(as: Service.self, to: try make(r))
        }
    }

    /// Whether the process runs in `context` and its alternative beats the one in use (if any), while this is
    /// still the container's registration of its key.
    private func chooses(_ context: LaunchContext) -> Bool {
        guard context.applies(in: .current), container.registry.entry(for: entry.key) === entry else { return false }
        let inUse = container.existingState(ContextChoices.self)?.rank(of: entry) ?? 0
        return context.rank > inUse
    }

    /// Installs the registration with `build` as its factory in this one's place, and returns its handle.
    private func replaced(
        by context: LaunchContext, isolation: (any Actor)?, file: FileID, line: UInt,
        _ build: @escaping @Sendable (Resolution, PackedArguments?, ValueAddress) throws -> Void
    ) -> Self {
        var factory = Entry.Factory.isolated(isolation, build)
        if entry.execution == .async, isolation == nil {
            // An async registration stays one: a test must not pass with a synchronous resolve that fails live.
            factory = .async { r, _, output in try build(r, nil, output) }
        }
        let replacement = entry.replacing(factory: factory, file: file, line: line)
        // A test's alternative stands in for the live factory: a strict test does not report it as live-only.
        if case .test = context { replacement.isLiveOnly = false }
        container.state(ContextChoices.self) { ContextChoices() }.record(context.rank, for: replacement, after: entry)
        container.install(replacement)
        return Registration(entry: replacement, container: container)
    }
}

extension Registration {
    /// Whether the registration is built with its `.onTest` alternative: then it is not live in a test.
    var usesTestAlternative: Bool {
        container.existingState(ContextChoices.self)?.rank(of: entry) == LaunchContext.test.rank
    }
}

/// Which context's alternative each registration of a container is built with now (none: rank 0).
final class ContextChoices: Sendable {
    private struct Choice {
        weak var entry: Entry?
        let rank: Int
    }

    private let choices = Protected([ObjectIdentifier: Choice]())

    func rank(of entry: Entry) -> Int {
        choices.withLock { choices in
            guard let choice = choices[ObjectIdentifier(entry)], choice.entry === entry else { return 0 }
            return choice.rank
        }
    }

    func record(_ rank: Int, for replacement: Entry, after replaced: Entry) {
        choices.withLock { choices in
            choices[ObjectIdentifier(replaced)] = nil
            choices[ObjectIdentifier(replacement)] = Choice(entry: replacement, rank: rank)
        }
    }
}
