extension Container {
    /// The rules for keys nothing is registered under, in the order they are asked: a protocol answered by
    /// a component that conforms to it, then an optional answered by its wrapped type, then a `Lazy` or
    /// `Provider` handle, then a type that is its own ``InjectionKey``.
    static var fallbacks: [any UnregisteredKeyFallback.Type] {
        [ConformingComponent.self, OptionalWrapped.self, DeferredDependencies.self, SelfKeyedType.self]
    }
}
