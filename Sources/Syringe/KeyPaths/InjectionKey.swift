/// A key for one dependency, in the style of SwiftUI's `EnvironmentKey`: a type with a default value,
/// read and written through a property of ``Container``.
///
/// ```swift
/// private struct TemperatureProviderKey: InjectionKey {
///     static var defaultValue: any TemperatureProviding { OpenMeteoTemperatureProvider() }
/// }
///
/// extension Container {
///     var temperatureProvider: any TemperatureProviding {
///         get { self[TemperatureProviderKey.self] }
///         set { self[TemperatureProviderKey.self] = newValue }
///     }
/// }
///
/// struct TemperatureViewModel {
///     @Injected(\.temperatureProvider) var temperatureProvider
/// }
///
/// Container[\.temperatureProvider] = MockTemperatureProvider()   // previews, tests, app start-up
/// ```
///
/// `defaultValue` is a factory, not stored state: it is evaluated when the value is first needed and
/// the result is kept per container according to ``scope`` (``Scope/cached`` unless the key says
/// otherwise). No `static var` storage is needed, so Swift 6 strict concurrency accepts keys as written.
public protocol InjectionKey {
    /// The type of the dependency.
    ///
    /// ```swift
    /// struct ClockKey: InjectionKey { static var defaultValue: any Clock { SystemClock() } }   // Value is any Clock
    /// ```
    associatedtype Value

    /// Builds the value used when nothing overrides the key.
    ///
    /// ```swift
    /// static var defaultValue: any Clock { SystemClock() }
    /// ```
    static var defaultValue: Value { get }

    /// Where the default value is kept; ``Scope/cached`` by default.
    ///
    /// ```swift
    /// static var scope: Scope { .singleton }
    /// ```
    static var scope: Scope { get }

    /// Whether the default must not be used in a strict test (a network client, a database): a test
    /// that reaches it without overriding it is reported. `false` unless the key says otherwise.
    ///
    /// ```swift
    /// static var isLiveOnly: Bool { true }
    /// ```
    static var isLiveOnly: Bool { get }
}

extension InjectionKey {
    /// Keys keep their default value per container until it is reset.
    ///
    /// ```swift
    /// container.reset(.cached)   // the next read evaluates `defaultValue` again
    /// ```
    public static var scope: Scope { .cached }
}

extension InjectionKey {
    /// Defaults may be used in tests unless a key marks itself live-only.
    ///
    /// ```swift
    /// static var isLiveOnly: Bool { true }   // in a key whose default talks to the network
    /// ```
    public static var isLiveOnly: Bool { false }
}
