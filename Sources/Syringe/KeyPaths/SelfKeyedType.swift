/// Answers a type that is its own ``InjectionKey`` and that nothing registers: `resolve(APIClient.self)` and
/// `@Injected var api: APIClient` read `Container[APIClient.self]`, as swift-dependencies' `@Dependency(APIClient.self)`
/// reads a type that is its own `DependencyKey`. A registration of the type wins, as everywhere.
///
/// The key's default runs as a key's does: per its scope, overridden by `$0[APIClient.self] = …`, with its
/// `testValue` in a test process, and a failure inside it stops the program (see "Key-path dependencies stop the
/// program instead of throwing" in Design decisions).
enum SelfKeyedType: UnregisteredKeyFallback {
    static func resolve(
        _ key: Key, in container: Container, arguments: PackedArguments?, fileID: FileID, line: UInt,
        into output: ValueAddress
    ) throws -> Bool {
        guard let keyType = selfKeyed(key) else { return false }
        FailureReporting.at(fileID, line) { read(keyType, in: container, into: output) }
        return true
    }

    static func answers(_ key: Key, in container: Container) -> Bool {
        selfKeyed(key) != nil
    }

    /// The key type of a plain request (no name, no arguments) for a type whose key's value is itself.
    static func selfKeyed(_ key: Key) -> (any InjectionKey.Type)? {
        guard key.origin == nil, key.name == nil, key.argumentTypes == nil,
            let keyType = key.serviceType as? any InjectionKey.Type, isItsOwnValue(keyType)
        else { return nil }
        return keyType
    }

    private static func isItsOwnValue<K: InjectionKey>(_ keyType: K.Type) -> Bool {
        ObjectIdentifier(K.Value.self) == ObjectIdentifier(K.self)
    }

    private static func read<K: InjectionKey>(_ keyType: K.Type, in container: Container, into output: ValueAddress) {
        output.initialize(as: K.Value.self, to: container[K.self])
    }

    /// The key's default entry, installed where a read would install it (nothing runs): for the graph tools.
    static func defaultEntry(of keyType: any InjectionKey.Type, from requester: Container) -> Found {
        install(keyType, in: requester)
    }

    private static func install<K: InjectionKey>(_ keyType: K.Type, in container: Container) -> Found {
        let key = Key(
            serviceType: K.Value.self, name: nil, argumentTypes: nil,
            origin: .injectionKey(K.self, accessor: "subscript(_:)"))
        if let found = container.lookup(key) { return found }
        return container.installDefault(
            key, as: K.Value.self, scope: K.scope, liveOnly: K.isLiveOnly && !ProcessContext.current.isTest,
            fileID: #fileID, line: #line)
    }
}
