/// Sees through `Optional` when an optional is requested and nothing is registered for it:
/// `parent.child = try r.resolve()` with `var child: Child?` asks for `Child?`, which almost always means
/// "the registered `Child`". With arguments too. A failure of `Child` still throws: never a silent `nil`.
enum OptionalWrapped: UnregisteredKeyFallback {
    static func resolve(
        _ key: Key, in container: Container, arguments: PackedArguments?, fileID: FileID, line: UInt,
        into output: ValueAddress
    ) throws -> Bool {
        guard key.origin == nil, let optional = key.serviceType as? any OptionalValue.Type else { return false }
        let wrapped = Key(
            serviceType: optional.wrappedType, name: key.name, argumentTypes: key.argumentTypes, origin: nil)
        let layout = ServiceType(optional.wrappedType)
        let value = Scratch.push(size: layout.size, alignment: layout.alignment)
        defer { Scratch.pop(value, alignment: layout.alignment) }
        try container.resolve(wrapped, arguments: arguments, fileID: fileID, line: line, joinsAsync: true, into: value)
        optional.wrap(movingFrom: value, to: output)
        return true
    }

    static func answers(_ key: Key, in container: Container) -> Bool {
        guard key.origin == nil, let optional = key.serviceType as? any OptionalValue.Type else { return false }
        return container.isRegistered(
            Key(serviceType: optional.wrappedType, name: key.name, argumentTypes: key.argumentTypes))
    }
}

/// What the engine needs of `Optional` without knowing its `Wrapped`.
protocol OptionalValue {
    static var wrappedType: any Any.Type { get }
    /// Initialises `output` with `.some` of the wrapped value at `value`, which is moved.
    static func wrap(movingFrom value: ValueAddress, to output: ValueAddress)
}

extension Optional: OptionalValue {
    static var wrappedType: any Any.Type { Wrapped.self }

    static func wrap(movingFrom value: ValueAddress, to output: ValueAddress) {
        let wrapped: Wrapped? = value.move(Wrapped.self)
        output.initialize(as: Wrapped?.self, to: wrapped)
    }
}

extension Container {
    /// Whether `key` is registered here or in a parent, or answered by a fallback.
    func isRegistered(_ key: Key) -> Bool {
        lookup(key) != nil || answersUnregistered(key)
    }
}
