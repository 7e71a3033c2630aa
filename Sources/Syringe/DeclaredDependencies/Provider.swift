/// A dependency resolved anew on each call: declare it as a parameter to make instances on demand, to reach
/// a shorter-lived scope from a longer-lived instance without keeping it, or to break a cycle.
///
/// ```swift
/// final class Feed {
///     let makeItem: Provider<Item>
///     var items: [Item] = []
///     init(makeItem: Provider<Item>) { self.makeItem = makeItem }
///     func add() throws { items.append(try makeItem()) }
/// }
/// container.register(Feed.self, scope: .singleton, using: Feed.init)
/// ```
///
/// Each call is a resolve of `Value` on the container that made the provider, with the rules of its scope: a
/// `.unique` value is new each time, a `.singleton` the same, a request-scoped one that of the current
/// `withScope` call, or of the open scope whose build made the provider (see ``ContainerScope``). A call made
/// while a factory runs joins that resolution; any other call is a top-level resolve of its own. `Sendable` when
/// its value is.
///
/// A provider holds the container that made it, to resolve from it later: a kept instance (a singleton) that holds
/// one keeps its container, and so itself, alive until ``Container/shutdown()`` or a reset lets go of the instance.
public struct Provider<Value> {
    private let make: @Sendable () throws -> Value

    /// A provider that calls `make` for each value.
    ///
    /// ```swift
    /// let feed = Feed(makeItem: Provider { Item(title: "test") })   // a test that builds `Feed` by hand
    /// ```
    ///
    /// A closure written in main-actor code (any closure of an app module with default main-actor isolation) may
    /// build main-actor types: the provider is then called on the main actor only, and a call elsewhere throws
    /// ``ResolutionError/Code/mainActorRequired``. One written in nonisolated code is called anywhere.
    public init(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ make: @escaping @isolated(any) @Sendable () throws -> Value
    ) {
        let (call, check) = HandMadeHandle.callable(make, handle: "Provider", fileID: FileID(fileID), line: line)
        guard let check else {
            self.make = call
            return
        }
        self.make = {
            try check()
            return try call()
        }
    }

    /// A provider of the engine's own (its closure is written in nonisolated code). Not an initialiser: a trailing
    /// closure would match it, and `Provider { … }` in a module that sees internal symbols would skip the check.
    private init(unchecked make: @escaping @Sendable () throws -> Value) {
        self.make = make
    }

    static func resolving(_ make: @escaping @Sendable () throws -> Value) -> Provider {
        Provider(unchecked: make)
    }

    /// Resolves a value now.
    ///
    /// ```swift
    /// let item = try makeItem()
    /// ```
    public func callAsFunction() throws -> Value {
        try make()
    }
}

extension Provider: Sendable where Value: Sendable {}

extension Provider: DeferredDependency {
    static var valueType: any Any.Type { Value.self }
    static var kind: DeclaredDependency.Kind { .provider }

    static func handle(resolving key: Key, from container: Container, fileID: FileID, line: UInt) -> Provider {
        let name = key.name
        guard let scope = ScopeCapture.current else {
            return .resolving({
                try container.resolveSlow(Value.self, name: name, fileID: fileID, line: line, joinsAsync: true)
            })
        }
        return .resolving({
            try scope.run {
                try container.resolveSlow(Value.self, name: name, fileID: fileID, line: line, joinsAsync: true)
            }
        })
    }
}

/// The rule for `Lazy<T>` and `Provider<T>` requested by type: a handle on the requesting container. It
/// never fails; using the handle resolves `T`.
enum DeferredDependencies: UnregisteredKeyFallback {
    static func resolve(
        _ key: Key, in container: Container, arguments: PackedArguments?, fileID: FileID, line: UInt,
        into output: ValueAddress
    ) throws -> Bool {
        guard let valueKey = valueKey(of: key), let deferred = key.serviceType as? any DeferredDependency.Type else {
            return false
        }
        deferred.initialize(output, resolving: valueKey, from: container, fileID: fileID, line: line)
        return true
    }

    static func answers(_ key: Key, in container: Container) -> Bool {
        guard let valueKey = valueKey(of: key) else { return false }
        return container.isRegistered(valueKey)
    }

    /// The key a handle of type `key.serviceType` resolves, when it is one.
    static func valueKey(of key: Key) -> Key? {
        guard key.origin == nil, key.argumentTypes == nil,
            let deferred = key.serviceType as? any DeferredDependency.Type
        else { return nil }
        return Key(serviceType: deferred.valueType, name: key.name, argumentTypes: nil)
    }
}
