/// What a fallback (``UnregisteredKeyFallback``) would answer a key with, told without resolving it: the graph
/// tools ask it when a declared dependency has no registration.
protocol GraphFallback: UnregisteredKeyFallback {
    static func graphTarget(
        of key: Key, from requester: Container, fileID: FileID, line: UInt
    ) -> GraphFallbackTarget?
}

enum GraphFallbackTarget {
    /// A registration of `owner` that answers (a component found by conformance, behind a forwarding).
    case registration(Entry, owner: Container)
    /// The registration of another key answers, reached with `kind` (an optional's wrapped type, a handle's value).
    case key(Key, DeclaredDependency.Kind)
    /// The fallback applies, but fails.
    case problem(ResolutionError)
}

extension ConformingComponent: GraphFallback {
    static func graphTarget(
        of key: Key, from requester: Container, fileID: FileID, line: UInt
    ) -> GraphFallbackTarget? {
        switch nearestAnswer(for: key, from: requester) {
        case nil: return nil
        case .found(let entry, let owner)?: return .registration(entry, owner: owner)
        case .ambiguous(let candidates)?:
            return .problem(Diagnostics.ambiguous(key, candidates: candidates, fileID: fileID, line: line))
        }
    }
}

extension OptionalWrapped: GraphFallback {
    static func graphTarget(
        of key: Key, from requester: Container, fileID: FileID, line: UInt
    ) -> GraphFallbackTarget? {
        guard key.origin == nil, let optional = key.serviceType as? any OptionalValue.Type else { return nil }
        return .key(Key(serviceType: optional.wrappedType, name: key.name, argumentTypes: key.argumentTypes), .direct)
    }
}

extension DeferredDependencies: GraphFallback {
    static func graphTarget(
        of key: Key, from requester: Container, fileID: FileID, line: UInt
    ) -> GraphFallbackTarget? {
        guard let valueKey = valueKey(of: key), let deferred = key.serviceType as? any DeferredDependency.Type else {
            return nil
        }
        return .key(valueKey, deferred.kind)
    }
}

extension SelfKeyedType: GraphFallback {
    static func graphTarget(
        of key: Key, from requester: Container, fileID: FileID, line: UInt
    ) -> GraphFallbackTarget? {
        guard let keyType = selfKeyed(key) else { return nil }
        let found = defaultEntry(of: keyType, from: requester)
        return .registration(found.entry, owner: found.owner)
    }
}
