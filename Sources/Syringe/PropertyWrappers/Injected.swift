/// Injects a dependency when the owner is initialised, from a key path or by the property's type.
///
/// ```swift
/// struct TemperatureViewModel {
///     @Injected(\.temperatureProvider) var temperatureProvider   // a key path of Container
///     @Injected var engine: any Engine                           // by type, from the type registry
///     @Injected(name: "staging") var token: any Token            // a named registration
/// }
/// ```
///
/// The value comes from ``Container/shared`` (after ``InjectionMapper`` remaps, for key paths). A wrapper
/// cannot throw: when the dependency cannot be resolved, the program stops with the
/// ``ResolutionError`` text and the file and line of the property. Run `try container.resolve(…)` for
/// the same dependency in a test to find such a failure first.
///
/// `Injected` is `Sendable` when its value is, so it works in the `Sendable` types of Swift 6 code.
@propertyWrapper
public struct Injected<Value> {
    /// The injected dependency.
    ///
    /// ```swift
    /// @Injected(\.clock) var clock
    /// use(clock)   // reads the wrapped value
    /// ```
    public let wrappedValue: Value

    /// Injects the dependency behind a key path of ``Container``.
    ///
    /// ```swift
    /// @Injected(\.login.viewModel) var viewModel
    /// ```
    public init(_ keyPath: KeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line) {
        wrappedValue = Container.shared.resolveKeyPath(keyPath, fileID: fileID, line: line)
    }

    /// Injects the registration of the property's type (optionally a named one).
    ///
    /// ```swift
    /// @Injected var engine: any Engine
    /// ```
    @inlinable
    public init(name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        // The fast path of `resolve`, compiled into the owner's initialiser: a published instance is copied
        // out without a lock, without retaining the container. Everything else is one unspecialised call.
        if name == nil {
            let found = Container.lookUpPlainInShared(ObjectIdentifier(Value.self))
            if let payload = found.published {
                wrappedValue = payload.value(Value.self)
                ReadSection.end(found.reader.unsafelyUnwrapped)
                return
            }
        }
        wrappedValue = Container.shared.resolved(Value.self, name: name, fileID: fileID, line: line)
    }
}

extension Injected: Sendable where Value: Sendable {}
