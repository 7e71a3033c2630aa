/// Human-readable type names for error messages. Used only when an error is being described, never on
/// the resolve path.
enum TypeName {
    /// `any Engine` for an existential, `Car` for a concrete type, `Token?` for an optional, `[any Plugin]` for an
    /// array, `Lazy<any Engine>` for a handle.
    static func describe(_ type: any Any.Type) -> String {
        if let optional = type as? any OptionalValue.Type {
            let wrapped = describe(optional.wrappedType)
            return wrapped.hasPrefix("any ") ? "(\(wrapped))?" : "\(wrapped)?"
        }
        if let array = type as? any ArrayValue.Type { return "[\(describe(array.elementType))]" }
        let name = _typeName(type, qualified: false)
        // The runtime's name of a generic type drops `any` from its arguments: `Lazy<Engine>`.
        if let handle = type as? any DeferredDependency.Type, let open = name.firstIndex(of: "<") {
            return "\(name[..<open])<\(describe(handle.valueType))>"
        }
        return isExistential(type) && !name.hasPrefix("any ") ? "any \(name)" : name
    }

    /// Whether `type` is a protocol (existential) type, read from its runtime metadata kind.
    static func isExistential(_ type: any Any.Type) -> Bool {
        Metadata.isExistential(type)
    }

    /// A name reduced for "did you mean" comparisons: no `any `, no module, no generic noise, lower-cased.
    static func comparable(_ name: String) -> String {
        var name = name
        if name.hasPrefix("any ") { name.removeFirst(4) }
        for suffix in ["Protocol", "Type", "Providing", "Interface"]
        where name.hasSuffix(suffix) && name.count > suffix.count {
            name.removeLast(suffix.count)
        }
        return name.lowercased()
    }

    /// Whether two type names are close enough to be a likely mix-up.
    static func isSimilar(_ lhs: String, _ rhs: String) -> Bool {
        let a = comparable(lhs)
        let b = comparable(rhs)
        guard !a.isEmpty, !b.isEmpty else { return false }
        if a == b || a.contains(b) || b.contains(a) { return true }
        let limit = max(1, min(a.count, b.count) / 3)
        return editDistance(a, b, limit: limit) <= limit
    }

    /// Levenshtein distance, cut off once it exceeds `limit`.
    static func editDistance(_ lhs: String, _ rhs: String, limit: Int) -> Int {
        let a = Array(lhs.utf8)
        let b = Array(rhs.utf8)
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...max(b.count, 1) where !b.isEmpty {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}

/// What an error message needs of `Array` without knowing its `Element`.
protocol ArrayValue {
    static var elementType: any Any.Type { get }
}

extension Array: ArrayValue {
    static var elementType: any Any.Type { Element.self }
}
