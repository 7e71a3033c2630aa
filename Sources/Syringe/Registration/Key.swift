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
/// } catch {
///     print(error.path.map(\.description).joined(separator: " → "))   // Car → any Engine
/// }
/// ```
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The type that a resolve of this key returns.
    public let serviceType: any Any.Type
    /// The registration name, or `nil` for the unnamed registration.
    public let name: String?
    /// The tuple of argument types passed at resolve time, or `nil` when there are none.
    public let argumentTypes: (any Any.Type)?
    /// For keys that come from a key-path face: what makes two keys of one service type different.
    let origin: Origin?

    /// What distinguishes key-path keys that share a service type.
    enum Origin: Hashable, Sendable {
        /// An ``InjectionKey`` type.
        case injectionKey(ObjectIdentifier, display: String)
        /// A computed property of a container or sub-container, identified by owner type and name.
        case property(owner: ObjectIdentifier, name: String, display: String)
        /// One contribution to a multi-binding: unique per `contribute` call, so contributions never replace
        /// each other.
        case contribution(id: UInt64, display: String)
        /// A request for every contribution of a service type, `[any Plugin]`; appears in paths only.
        case allContributions(display: String)

        static func == (lhs: Origin, rhs: Origin) -> Bool {
            switch (lhs, rhs) {
            case let (.injectionKey(a, _), .injectionKey(b, _)): return a == b
            case let (.property(a, x, _), .property(b, y, _)): return a == b && x == y
            case let (.contribution(a, _), .contribution(b, _)): return a == b
            case (.allContributions, .allContributions): return true
            default: return false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case let .injectionKey(id, _): hasher.combine(id)
            case let .property(owner, name, _):
                hasher.combine(owner)
                hasher.combine(name)
            case let .contribution(id, _): hasher.combine(id)
            case .allContributions: hasher.combine(0 as UInt8)
            }
        }

        var display: String {
            switch self {
            case let .injectionKey(_, display), let .property(_, _, display), let .contribution(_, display),
                let .allContributions(display):
                return display
            }
        }
    }

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

    public static func == (lhs: Key, rhs: Key) -> Bool {
        ObjectIdentifier(lhs.serviceType) == ObjectIdentifier(rhs.serviceType)
            && lhs.name == rhs.name
            && lhs.argumentTypes.map(ObjectIdentifier.init) == rhs.argumentTypes.map(ObjectIdentifier.init)
            && lhs.origin == rhs.origin
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(serviceType))
        if let name { hasher.combine(name) }
        if let argumentTypes { hasher.combine(ObjectIdentifier(argumentTypes)) }
        if let origin { hasher.combine(origin) }
    }

    /// The service type as a person reads it, e.g. `any Engine`.
    public var typeDescription: String { TypeName.describe(serviceType) }

    /// `Token`, `Token (name: "staging")`, `Greeter (arguments: String, Int)` or `\Container.api`.
    public var description: String {
        if let origin { return origin.display }
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
