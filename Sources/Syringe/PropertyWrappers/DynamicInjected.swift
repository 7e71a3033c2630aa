/// Injects a dependency on every read: each read asks ``Container/shared`` again, so the property always
/// sees the container as it is now (an override, a reset, a new registration).
///
/// ```swift
/// final class SettingsScreen {
///     @DynamicInjected(\.featureFlags) var flags        // a key path of Container
///     @DynamicInjected var session: any Session         // by type, from the type registry
/// }
/// ```
///
/// What a read returns depends on the registration's scope: a `.singleton` is the same instance until it is
/// reset, a `.unique` one is new on each read. A failure stops the program with the ``ResolutionError``
/// text and the file and line of the property. `Sendable` when its value is.
@propertyWrapper
public struct DynamicInjected<Value> {
    /// The key path it resolves, or `nil` for the type registry. A key path to a main-actor property is not
    /// `Sendable`: only main-actor code forms it, and that code owns this wrapper and reads it.
    private nonisolated(unsafe) let keyPath: KeyPath<Container, Value>?
    private let name: String?
    private let fileID: StaticString
    private let line: UInt

    /// Resolves the dependency behind a key path of ``Container`` on every read.
    ///
    /// ```swift
    /// @DynamicInjected(\.featureFlags) var flags
    /// ```
    public init(_ keyPath: KeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line) {
        self.keyPath = keyPath
        self.name = nil
        self.fileID = fileID
        self.line = line
    }

    /// Resolves the registration of the property's type (optionally a named one) on every read.
    ///
    /// ```swift
    /// @DynamicInjected(name: "beta") var flags: FeatureFlags
    /// ```
    public init(name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        self.keyPath = nil
        self.name = name
        self.fileID = fileID
        self.line = line
    }

    /// The dependency, resolved now.
    ///
    /// ```swift
    /// @DynamicInjected(\.featureFlags) var flags
    /// use(flags)   // resolves, then reads
    /// ```
    public var wrappedValue: Value {
        if let keyPath { return Container.shared.resolveKeyPath(keyPath, fileID: fileID, line: line) }
        return Container.shared.resolved(Value.self, name: name, fileID: fileID, line: line)
    }
}

extension DynamicInjected: Sendable where Value: Sendable {}
