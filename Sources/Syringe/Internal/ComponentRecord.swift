/// A component registered by its own type, as remembered for conformance lookups.
struct ComponentRecord {
    /// The registration (an `Entry<Component>`).
    let entry: AnyEntry
    /// The component's concrete type, checked against requested protocols.
    let type: any Any.Type
    /// The registering call: candidates of one call have no order between them.
    let group: UInt64
    /// The table generation of the registration: the latest conforming registration wins.
    let sequence: UInt64
}

/// What one container answers for a protocol that nothing is registered under, from its components.
enum ConformanceAnswer {
    /// No component of this container conforms.
    case none
    /// The latest conforming component, behind an entry of the requested key that forwards to it.
    case found(AnyEntry)
    /// Several components registered in one call conform, and none was registered later.
    case ambiguous([ComponentRecord])
}
