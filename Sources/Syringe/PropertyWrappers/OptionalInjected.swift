/// Injects a dependency when the owner is initialised, or `nil` when nothing is registered for it.
///
/// ```swift
/// final class Checkout {
///     @OptionalInjected var analytics: (any Analytics)?
/// }
/// ```
///
/// `nil` means only "not registered": a registration that exists but fails stops the program with the
/// ``ResolutionError`` text, as the other wrappers do. `Sendable` when its value is.
@propertyWrapper
public struct OptionalInjected<Wrapped> {
    /// The injected dependency, or `nil` when nothing is registered for it.
    ///
    /// ```swift
    /// @OptionalInjected var analytics: (any Analytics)?
    /// use(analytics)   // reads the wrapped value
    /// ```
    public let wrappedValue: Wrapped?

    /// Injects the registration of the property's wrapped type, if there is one.
    ///
    /// ```swift
    /// @OptionalInjected(name: "beta") var features: FeatureFlags?
    /// ```
    public init(name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        wrappedValue = Container.shared.resolveIfRegistered(Wrapped.self, name: name, fileID: fileID, line: line)
    }

    /// Injects an optional dependency behind a key path of ``Container``.
    ///
    /// ```swift
    /// @OptionalInjected(\.crashReporter) var crashReporter
    /// ```
    public init(_ keyPath: KeyPath<Container, Wrapped?>, fileID: StaticString = #fileID, line: UInt = #line) {
        wrappedValue = Container.shared.resolveKeyPath(keyPath, fileID: fileID, line: line)
    }
}

extension OptionalInjected: Sendable where Wrapped: Sendable {}
