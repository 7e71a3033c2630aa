/// The alternatives of a container property for launch contexts: the `contexts:` closure of `provide`, written
/// as a chain that reads like the modifiers of a registration.
///
/// ```swift
/// extension Container {
///     var api: any APIClient {
///         provide(.singleton) {
///             LiveAPIClient()
///         } contexts: {
///             .onPreview { PreviewAPIClient() }
///                 .onTest { MockAPIClient() }
///                 .onArgument("-mock-api") { MockAPIClient() }
///         }
///     }
/// }
/// ```
///
/// The `contexts:` closure runs only when the property builds its value (the first read of a `.singleton`, every
/// read of a `.unique` one), never on a read of a kept value. The strongest alternative that applies builds it
/// (a launch argument, then a preview, then a test, then a debug build), else the property's own factory.
/// Overrides (a test's container, `withOverrides`, an assignment, `override(_:with:)`) win over all of them.
///
/// Not `Sendable`: it holds the property's closures, which run in the getter, in its isolation, as the factory
/// of `provide` does.
public struct Contexts<Value> {
    private var alternatives: [(context: LaunchContext, factory: () throws -> Value)] = []

    private init(_ context: LaunchContext, _ factory: @escaping () throws -> Value) {
        alternatives = [(context, factory)]
    }

    private func adding(_ context: LaunchContext, _ factory: @escaping () throws -> Value) -> Self {
        var copy = self
        copy.alternatives.append((context, factory))
        return copy
    }

    /// The factory of the strongest alternative that applies in `process` (the first written, among equals).
    func chosen(in process: ProcessContext) -> (() throws -> Value)? {
        var chosen: (context: LaunchContext, factory: () throws -> Value)?
        for alternative in alternatives where alternative.context.applies(in: process) {
            if alternative.context.rank > chosen?.context.rank ?? 0 { chosen = alternative }
        }
        return chosen?.factory
    }

    /// Builds the value with `factory` in an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS=1`).
    ///
    /// ```swift
    /// provide(.singleton) {
    ///     LiveAPIClient()
    /// } contexts: {
    ///     .onPreview { PreviewAPIClient() }
    /// }
    /// ```
    public static func onPreview(_ factory: @escaping () throws -> Value) -> Self { Self(.preview, factory) }

    /// Also builds the value with `factory` in an Xcode preview.
    ///
    /// ```swift
    /// provide {
    ///     LiveClock()
    /// } contexts: {
    ///     .onTest { TestClock() }
    ///         .onPreview { FrozenClock() }
    /// }
    /// ```
    public func onPreview(_ factory: @escaping () throws -> Value) -> Self { adding(.preview, factory) }

    /// Builds the value with `factory` in a test process (XCTest or Swift Testing, in Xcode or `swift test`).
    ///
    /// ```swift
    /// provide(.singleton) {
    ///     FirebaseAnalytics()
    /// } contexts: {
    ///     .onTest { NoAnalytics() }
    /// }
    /// ```
    public static func onTest(_ factory: @escaping () throws -> Value) -> Self { Self(.test, factory) }

    /// Also builds the value with `factory` in a test process.
    ///
    /// ```swift
    /// provide {
    ///     LiveClock()
    /// } contexts: {
    ///     .onPreview { FrozenClock() }
    ///         .onTest { TestClock() }
    /// }
    /// ```
    public func onTest(_ factory: @escaping () throws -> Value) -> Self { adding(.test, factory) }

    /// Builds the value with `factory` in a debug build (Syringe compiled with `DEBUG`, as SwiftPM and Xcode build
    /// it for your app's debug configuration).
    ///
    /// ```swift
    /// provide(.singleton) {
    ///     OSLogger()
    /// } contexts: {
    ///     .onDebug { VerboseLogger() }
    /// }
    /// ```
    public static func onDebug(_ factory: @escaping () throws -> Value) -> Self { Self(.debug, factory) }

    /// Also builds the value with `factory` in a debug build.
    ///
    /// ```swift
    /// provide {
    ///     OSLogger()
    /// } contexts: {
    ///     .onTest { SilentLogger() }
    ///         .onDebug { VerboseLogger() }
    /// }
    /// ```
    public func onDebug(_ factory: @escaping () throws -> Value) -> Self { adding(.debug, factory) }

    /// Builds the value with `factory` when the process was launched with the argument `argument` (exactly).
    ///
    /// ```swift
    /// provide(.singleton) {
    ///     LiveAPIClient()
    /// } contexts: {
    ///     .onArgument("-mock-api") { MockAPIClient() }
    /// }
    /// ```
    public static func onArgument(_ argument: String, _ factory: @escaping () throws -> Value) -> Self {
        Self(.argument(argument), factory)
    }

    /// Also builds the value with `factory` when the process was launched with `argument`; among several launch
    /// arguments passed, the one written first wins.
    ///
    /// ```swift
    /// provide {
    ///     LiveAPIClient()
    /// } contexts: {
    ///     .onArgument("-empty") { EmptyAPIClient() }
    ///         .onArgument("-errors") { FailingAPIClient() }
    /// }
    /// ```
    public func onArgument(_ argument: String, _ factory: @escaping () throws -> Value) -> Self {
        adding(.argument(argument), factory)
    }
}

extension Container {
    /// Gives a computed property of ``Container`` a scope and alternatives for launch contexts (see ``Contexts``).
    ///
    /// ```swift
    /// extension Container {
    ///     var api: any APIClient {
    ///         provide(.singleton) {
    ///             LiveAPIClient(session: self.session)
    ///         } contexts: {
    ///             .onPreview { PreviewAPIClient() }
    ///                 .onTest { MockAPIClient() }
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// `contexts` runs only when the value is built; a read of a kept value costs what it costs without contexts.
    public func provide<Value>(
        _ scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        function: StaticString = #function,
        @ProvideBuilder<Value> _ factory: () throws -> Value,
        contexts: () -> Contexts<Value>
    ) -> Value {
        produceKeyPathValue(
            .property(owner: Container.self, name: function, file: fileID), scope: scope, fileID: fileID, line: line
        ) {
            try contexts().chosen(in: .current)?() ?? factory()
        }
    }
}

extension SubContainer {
    /// Gives a computed property of a sub-container a scope and alternatives for launch contexts (see
    /// ``Contexts``).
    ///
    /// ```swift
    /// struct LoginContainer: SubContainer {
    ///     let container: Container
    ///     var viewModel: any LoginViewModel {
    ///         provide {
    ///             DefaultLoginViewModel(useCase: useCase)
    ///         } contexts: {
    ///             .onPreview { MockLoginViewModel() }
    ///         }
    ///     }
    /// }
    /// ```
    public func provide<Value>(
        _ scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        function: StaticString = #function,
        @ProvideBuilder<Value> _ factory: () throws -> Value,
        contexts: () -> Contexts<Value>
    ) -> Value {
        container.produceKeyPathValue(
            .property(owner: Self.self, name: function, file: fileID), scope: scope, fileID: fileID, line: line
        ) {
            try contexts().chosen(in: .current)?() ?? factory()
        }
    }
}
