extension Key {
    /// Whether this key is one contribution to a multi-binding (see `Container.contribute`).
    var isContribution: Bool {
        if case .contribution = origin { return true }
        return false
    }

    private static let contributions = AtomicCounter()

    /// A new key for one contribution to the multi-binding of `Service`, distinct from every other.
    static func contribution<Service>(to type: Service.Type, fileID: StaticString, line: UInt) -> Key {
        Key(
            serviceType: Service.self, name: nil, argumentTypes: nil,
            origin: .contribution(id: contributions.next(), fileID: fileID, line: line))
    }

    /// The key of a `resolveAll` request, shown as `[any Plugin]` in paths.
    static func allContributions<Service>(of type: Service.Type) -> Key {
        Key(serviceType: [Service].self, name: nil, argumentTypes: nil, origin: .allContributions(of: Service.self))
    }
}
