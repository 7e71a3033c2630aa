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
    ///
    /// ```swift
    /// Key(Token.self, name: "staging").serviceType   // Token.self
    /// ```
    public let serviceType: any Any.Type
    /// The registration name, or `nil` for the unnamed registration.
    ///
    /// ```swift
    /// Key(Token.self, name: "staging").name   // "staging"
    /// ```
    public let name: String?
    /// The tuple of argument types passed at resolve time, or `nil` when there are none.
    ///
    /// ```swift
    /// container.register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }.key.argumentTypes
    /// // (String, Int).self
    /// ```
    public let argumentTypes: (any Any.Type)?
    /// For keys that come from a key-path face: what makes two keys of one service type different.
    let origin: Origin?

    /// What distinguishes key-path keys that share a service type. Display text is computed only when an
    /// error is described; identity is a type and, for properties, the property name.
    enum Origin: Hashable, Sendable {
        /// An ``InjectionKey`` type, read through the container property named `accessor`.
        case injectionKey(any Any.Type, accessor: StaticString)
        /// A computed property named `name` of a container or sub-container type `owner`.
        case property(owner: any Any.Type, name: StaticString)
        /// One contribution to a multi-binding: unique per `contribute` call, so contributions never replace
        /// each other.
        case contribution(id: UInt64, display: String)
        /// A request for every contribution of a service type, `[any Plugin]`; appears in paths only.
        case allContributions(display: String)

        static func == (lhs: Origin, rhs: Origin) -> Bool {
            switch (lhs, rhs) {
            case let (.injectionKey(a, _), .injectionKey(b, _)):
                return ObjectIdentifier(a) == ObjectIdentifier(b)
            case let (.property(a, x), .property(b, y)):
                return ObjectIdentifier(a) == ObjectIdentifier(b) && Origin.sameText(x, y)
            case let (.contribution(a, _), .contribution(b, _)):
                return a == b
            case let (.allContributions(a), .allContributions(b)):
                return a == b
            default:
                return false
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(fastHash)
        }

        /// The registry's hash of this origin, consistent with `==`.
        var fastHash: Int {
            switch self {
            case let .injectionKey(type, _):
                return Key.mix(ObjectIdentifier(type))
            case let .property(owner, name):
                // FNV-1a over the property name's bytes.
                var hash: UInt = 0xcbf2_9ce4_8422_2325
                name.withUTF8Buffer { bytes in
                    for byte in bytes { hash = (hash ^ UInt(byte)) &* 0x100_0000_01b3 }
                }
                return Key.mix(ObjectIdentifier(owner)) ^ Int(bitPattern: hash)
            case let .contribution(id, _):
                return Int(truncatingIfNeeded: id &* 0x9E37_79B9_7F4A_7C15)
            case let .allContributions(display):
                return display.hashValue
            }
        }

        /// `#function` literals of one property are usually one literal; compare bytes when they are not.
        private static func sameText(_ lhs: StaticString, _ rhs: StaticString) -> Bool {
            lhs.withUTF8Buffer { a in
                rhs.withUTF8Buffer { b in
                    a.baseAddress == b.baseAddress && a.count == b.count || a.elementsEqual(b)
                }
            }
        }

        var display: String {
            switch self {
            case let .injectionKey(type, accessor):
                return "Container.\(accessor) (\(_typeName(type, qualified: false)))"
            case let .property(owner, name):
                return "\(_typeName(owner, qualified: false)).\(name)"
            case let .contribution(_, display), let .allContributions(display):
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
        // A key-path key is its origin: a property's getter and setter may see different static types.
        if lhs.origin != nil || rhs.origin != nil { return lhs.origin == rhs.origin }
        return ObjectIdentifier(lhs.serviceType) == ObjectIdentifier(rhs.serviceType)
            && lhs.name == rhs.name
            && lhs.argumentTypes.map(ObjectIdentifier.init) == rhs.argumentTypes.map(ObjectIdentifier.init)
            && lhs.origin == rhs.origin
    }

    public func hash(into hasher: inout Hasher) {
        if let origin {
            hasher.combine(origin)
            return
        }
        hasher.combine(ObjectIdentifier(serviceType))
        if let name { hasher.combine(name) }
        if let argumentTypes { hasher.combine(ObjectIdentifier(argumentTypes)) }
    }

    /// The key of a container property named `name` of `owner` (`provide` and `override(_:)`).
    static func property<Value>(_ name: StaticString, of owner: any Any.Type, as value: Value.Type) -> Key {
        Key(serviceType: Value.self, name: nil, argumentTypes: nil, origin: .property(owner: owner, name: name))
    }

    /// Whether this is the key of `resolve(T.self)`: no name, no arguments, no key-path origin.
    @usableFromInline
    var isPlainType: Bool { name == nil && argumentTypes == nil && origin == nil }

    /// A cheap hash for the registry's table: a mix of type identities, SipHash only for names.
    @usableFromInline
    var fastHash: Int {
        if let origin { return origin.fastHash }
        var hash = Key.mix(ObjectIdentifier(serviceType))
        if let name { hash ^= name.hashValue &* 31 }
        if let argumentTypes { hash ^= Key.mix(ObjectIdentifier(argumentTypes)) &* 0x9E37_79B9 }
        return hash
    }

    /// Spreads the bits of a type's identity (a metadata address) over the word: the finaliser of MurmurHash3.
    @inlinable @inline(__always)
    static func mix(_ identity: ObjectIdentifier) -> Int {
        var bits = UInt(bitPattern: identity)
        bits ^= bits >> 33
        bits &*= 0xff51_afd7_ed55_8ccd
        bits ^= bits >> 33
        return Int(bitPattern: bits)
    }

    /// The service type as a person reads it, e.g. `any Engine`.
    ///
    /// ```swift
    /// Key((any Engine).self).typeDescription   // "any Engine"
    /// ```
    public var typeDescription: String { TypeName.describe(serviceType) }

    /// `Token`, `Token (name: "staging")`, `Greeter (arguments: String, Int)` or `\Container.api`.
    ///
    /// ```swift
    /// print(Key(Token.self, name: "staging"))   // Token (name: "staging")
    /// ```
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
