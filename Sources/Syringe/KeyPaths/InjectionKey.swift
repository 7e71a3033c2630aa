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
///
/// As with swift-dependencies, a key may also give a ``testValue`` and a ``previewValue``, built instead of
/// `defaultValue` in a test process and in an Xcode preview:
///
/// ```swift
/// private struct ClockKey: InjectionKey {
///     static var defaultValue: any Clock { SystemClock() }
///     static var testValue: any Clock { TestClock() }
///     static var previewValue: any Clock { FrozenClock(at: .noon) }
/// }
/// ```
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

    /// Builds the value used in a test process (XCTest or Swift Testing) when nothing overrides the key:
    /// ``defaultValue`` unless the key gives one, as swift-dependencies' `testValue`.
    ///
    /// ```swift
    /// static var testValue: any Clock { TestClock() }
    /// ```
    ///
    /// A test's overrides (`@Test(.container { … })`, `withOverrides`) win over it. A key that gives a `testValue`
    /// is never reported by a strict test, even when it is live-only: the test does not reach the live default.
    static var testValue: Value { get }

    /// Builds the value used in an Xcode preview (`XCODE_RUNNING_FOR_PREVIEWS=1`) when nothing overrides the key:
    /// ``defaultValue`` unless the key gives one.
    ///
    /// ```swift
    /// static var previewValue: any Clock { FrozenClock(at: .noon) }
    /// ```
    ///
    /// A preview process that also runs tests (a preview of a test target) takes the `previewValue`.
    static var previewValue: Value { get }

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

extension InjectionKey {
    /// A test process uses ``defaultValue`` unless the key gives a test value.
    ///
    /// ```swift
    /// static var testValue: any Clock { TestClock() }   // in a key that gives one
    /// ```
    public static var testValue: Value {
        LiveDefaultProbe.noteFallback(of: Self.self)
        return defaultValue
    }

    /// A preview uses ``defaultValue`` unless the key gives a preview value.
    ///
    /// ```swift
    /// static var previewValue: any Clock { FrozenClock(at: .noon) }   // in a key that gives one
    /// ```
    public static var previewValue: Value { defaultValue }
}

extension InjectionKey {
    /// The value for the process's context: ``previewValue`` in a preview, ``testValue`` in a test process, else
    /// ``defaultValue``. In a test process, a live-only key that gives no `testValue` calls `reachedLive`.
    static func contextualValue(reachedLive: () -> Void) -> Value {
        let process = ProcessContext.current
        if process.isPreview { return previewValue }
        guard process.isTest else { return defaultValue }
        guard isLiveOnly else { return testValue }
        let probe = LiveDefaultProbe(key: ObjectIdentifier(Self.self))
        let value = LiveDefaultProbe.$current.withValue(probe) { testValue }
        if probe.fellBack.isSet { reachedLive() }
        return value
    }
}

/// Tells whether the `testValue` of a live-only key fell back to its live default (the key gives none).
final class LiveDefaultProbe: Sendable {
    /// The key whose `testValue` is being read (a nested read of another key's marks nothing here).
    let key: ObjectIdentifier
    let fellBack = AtomicFlag()

    init(key: ObjectIdentifier) {
        self.key = key
    }

    @TaskLocal static var current: LiveDefaultProbe?

    static func noteFallback(of key: Any.Type) {
        if let probe = current, probe.key == ObjectIdentifier(key) { probe.fellBack.set() }
    }
}
