extension Key {
    /// Whether this key is one contribution to a multi-binding (see `Container.contribute`).
    var isContribution: Bool {
        if case .contribution = origin { return true }
        return false
    }

    private static let contributionCounter = Protected<UInt64>(0)

    /// A new key for one contribution to the multi-binding of `Service`, distinct from every other.
    static func contribution<Service>(to type: Service.Type, fileID: StaticString, line: UInt) -> Key {
        let id = contributionCounter.withLock { counter in
            counter += 1
            return counter
        }
        let display = "\(TypeName.describe(Service.self)) (contribution at \(fileID):\(line))"
        return Key(
            serviceType: Service.self, name: nil, argumentTypes: nil, origin: .contribution(id: id, display: display))
    }

    /// The key of a `resolveAll` request, shown as `[any Plugin]` in paths.
    static func allContributions<Service>(of type: Service.Type) -> Key {
        Key(
            serviceType: [Service].self, name: nil, argumentTypes: nil,
            origin: .allContributions(display: "[\(TypeName.describe(Service.self))]"))
    }
}
