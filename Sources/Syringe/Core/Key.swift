/// The identity of a dependency: what a registration answers and what a resolve asks for.
///
/// A key is built from the service type, an optional name and the types of the resolve-time
/// arguments; key-path faces add the identity of the ``InjectionKey`` or container property behind
/// them. Keys hash by type identity, never by strings of type names.
///
/// You meet keys in errors, where ``ResolutionError/path`` lists the keys from the top-level request
/// to the one that failed:
///
/// ```swift
/// do {
///     _ = try container.resolve(Car.self)
/// } catch let error as ResolutionError {
///     print(error.path.map(\.description).joined(separator: " → "))   // Car → any Engine
/// }
/// ```
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The type that a resolve of this key returns.
    ///
    /// ```swift
    /// let type = Key(Token.self, name: "staging").serviceType   // Token.self
    /// ```
    public let serviceType: any Any.Type
    /// The registration name, or `nil` for the unnamed registration.
    ///
    /// ```swift
    /// let name = Key(Token.self, name: "staging").name   // "staging"
    /// ```
    public let name: String?
    /// The tuple of argument types passed at resolve time, or `nil` when there are none.
    ///
    /// ```swift
    /// let key = container.register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }.key
    /// let types = key.argumentTypes   // (String, Int).self
    /// ```
    public let argumentTypes: (any Any.Type)?
    /// For keys that do not come from `register(_:name:)`: what makes two keys of one service type
    /// different. Opaque to the engine, which only compares and hashes it.
    let origin: Origin?

    /// Creates the key of a type registration.
    ///
    /// ```swift
    /// let key = Key(Token.self, name: "staging")
    /// ```
    public init<Service>(_ serviceType: Service.Type, name: String? = nil) {
        self.serviceType = serviceType
        self.name = name
        self.argumentTypes = nil
        self.origin = nil
    }

    init(serviceType: any Any.Type, name: String?, argumentTypes: (any Any.Type)?, origin: Origin? = nil) {
        self.serviceType = serviceType
        self.name = name
        self.argumentTypes = argumentTypes
        self.origin = origin
    }

    /// Whether two keys name the same registration: the same type, name and argument types (for a key-path
    /// key, the same property).
    ///
    /// ```swift
    /// let same = Key(Token.self, name: "staging") == Key(Token.self, name: "staging")   // true
    /// ```
    public static func == (lhs: Key, rhs: Key) -> Bool {
        // A key-path key is its origin: a property's getter and setter may see different static types.
        if lhs.origin != nil || rhs.origin != nil { return lhs.origin == rhs.origin }
        return ObjectIdentifier(lhs.serviceType) == ObjectIdentifier(rhs.serviceType)
            && lhs.name == rhs.name
            && lhs.argumentTypes.map(ObjectIdentifier.init) == rhs.argumentTypes.map(ObjectIdentifier.init)
    }

    /// Hashes the key consistently with `==`, so keys can be set elements and dictionary keys.
    ///
    /// ```swift
    /// let seen: Set<Key> = [Key(Token.self), Key(Clock.self)]
    /// ```
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fastHash)
    }

    /// Whether this is the key of `resolve(T.self)`: no name, no arguments, no origin.
    var isPlainType: Bool { name == nil && argumentTypes == nil && origin == nil }

    /// The service type as a person reads it, e.g. `any Engine`.
    ///
    /// ```swift
    /// let text = Key((any Engine).self).typeDescription   // "any Engine"
    /// ```
    public var typeDescription: String { TypeName.describe(serviceType) }

    /// `Token`, `Token (name: "staging")`, `Greeter (arguments: String, Int)` or `Container.api`.
    ///
    /// ```swift
    /// print(Key(Token.self, name: "staging"))   // Token (name: "staging")
    /// ```
    public var description: String {
        if let origin { return origin.description(serviceType: serviceType) }
        var text = typeDescription
        if let name { text += " (name: \"\(name)\")" }
        if let argumentTypes { text += " (arguments: \(Key.describeArguments(argumentTypes)))" }
        return text
    }

    /// `String, Int` for the tuple type `(String, Int)`.
    static func describeArguments(_ type: any Any.Type) -> String {
        var text = _typeName(type, qualified: false)
        if text.hasPrefix("("), text.hasSuffix(")") {
            text.removeFirst()
            text.removeLast()
        }
        return text
    }
}
