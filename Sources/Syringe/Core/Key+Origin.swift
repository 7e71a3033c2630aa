extension Key {
    /// What tells apart keys that do not come from `register(_:name:)`. The engine only compares and
    /// hashes origins; each face makes its own (key paths, multi-bindings).
    enum Origin: Hashable, Sendable {
        /// An ``InjectionKey`` type, read through the container property named `accessor`.
        case injectionKey(any Any.Type, accessor: StaticString)
        /// A computed property named `name` of a container or sub-container type `owner`, declared in the file
        /// `file` (its `#fileID`): extensions in two files or modules may declare properties of one name, and
        /// those are two dependencies. A property's getter and setter are in one file.
        case property(owner: any Any.Type, name: StaticString, file: StaticString)
        /// One contribution to a multi-binding: unique per `contribute` call, so contributions never replace
        /// each other. The place is shown in paths.
        case contribution(id: UInt64, fileID: StaticString, line: UInt)
        /// A request for every contribution of `element`, `[any Plugin]`; appears in paths only.
        case allContributions(of: any Any.Type)

        static func == (lhs: Origin, rhs: Origin) -> Bool {
            switch (lhs, rhs) {
            case (.injectionKey(let a, _), .injectionKey(let b, _)):
                return ObjectIdentifier(a) == ObjectIdentifier(b)
            case (.property(let a, let x, let f), .property(let b, let y, let g)):
                return ObjectIdentifier(a) == ObjectIdentifier(b) && Origin.sameText(x, y) && Origin.sameText(f, g)
            case (.contribution(let a, _, _), .contribution(let b, _, _)):
                return a == b
            case (.allContributions(let a), .allContributions(let b)):
                return ObjectIdentifier(a) == ObjectIdentifier(b)
            default:
                return false
            }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(fastHash)
        }

        /// Whether the `#function` a key's subscript was read with names a property (`temperatureProvider`), as
        /// when a `Container` property's getter reads it, rather than a function or other code that read the key
        /// directly (`named()`, `subscript(_:)`, `top-level code`).
        static func isPropertyName(_ accessor: StaticString) -> Bool {
            accessor.withUTF8Buffer { bytes in
                guard let first = bytes.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                    return false
                }
                return bytes.allSatisfy { byte in
                    byte == UInt8(ascii: "_") || byte >= 0x80
                        || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                        || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                }
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

        /// How a path shows a key of this origin.
        func description(serviceType: any Any.Type) -> String {
            switch self {
            case .injectionKey(let type, let accessor):
                guard Origin.isPropertyName(accessor) else {
                    return "Container[\(_typeName(type, qualified: false)).self]"
                }
                return "Container.\(accessor) (\(_typeName(type, qualified: false)))"
            case .property(let owner, let name, _):
                return "\(_typeName(owner, qualified: false)).\(name)"
            case .contribution(_, let fileID, let line):
                return "\(TypeName.describe(serviceType)) (contribution at \(fileID):\(line))"
            case .allContributions(let element):
                return "[\(TypeName.describe(element))]"
            }
        }
    }
}

extension Key {
    /// Whether this is the key of a key path (an ``InjectionKey`` or a property of a container), which an assignment
    /// or `override` replaces; contributions to a multi-binding have an origin too, but are registrations.
    var isKeyPath: Bool {
        switch origin {
        case .injectionKey, .property: true
        case .contribution, .allContributions, nil: false
        }
    }

    /// How a test overrides this dependency, for the fix of a strict test's report (`SyringeTesting`).
    package var overrideExample: String {
        switch origin {
        case .injectionKey(let type, let accessor) where !Origin.isPropertyName(accessor):
            // Read directly, `container[Key.self]`, not through a property: no key path to name.
            return "$0[\(_typeName(type, qualified: false)).self] = …"
        case .injectionKey(_, let accessor), .property(owner: is Container.Type, name: let accessor, file: _):
            // A property of `Container` itself: its key path is `\.accessor`.
            return "$0.\(accessor) = … or $0.override(\\.\(accessor)) { … }"
        case .property:
            return "assign a mock through its key path, or $0.override(\\.…) { … }"
        case .contribution, .allContributions:
            return "$0.contribute(\(Self.spelled(typeDescription)).self) { … }"
        case nil:
            let name = self.name.map { ", name: \"\($0)\"" } ?? ""
            return "$0.register(\(Self.spelled(typeDescription)).self\(name)) { … }"
        }
    }

    /// A type as it is written before `.self`: `(any Clock)`, `Clock`.
    private static func spelled(_ type: String) -> String {
        type.hasPrefix("any ") || type.hasPrefix("some ") ? "(\(type))" : type
    }
}
