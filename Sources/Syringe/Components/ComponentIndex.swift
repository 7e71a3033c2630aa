/// The components a container registered by their own type, and the remembered answers of which one stands
/// for a protocol: the components face's state, kept per container (see `Container.state(_:_:)`).
final class ComponentIndex: Sendable {
    /// A component registered by its own type.
    struct Record {
        /// The registration; a record whose registration was replaced no longer counts.
        weak var entry: Entry?
        let key: Key
        /// The component's concrete type, checked against requested protocols.
        let type: any Any.Type
        /// The registering call: candidates of one call have no order between them.
        let group: UInt64
        /// The order of registration: the latest conforming registration wins.
        let sequence: UInt64
    }

    /// What one container answers for a protocol that nothing is registered under.
    enum Answer {
        case none
        /// The latest conforming component, behind an entry of the requested key that forwards to it.
        case found(Entry)
        /// Several components registered in one call conform, and none was registered later.
        case ambiguous([Key])
    }

    private struct State {
        var records: [Key: Record] = [:]
        var groups: UInt64 = 0
        var sequence: UInt64 = 0
        /// Answers per requested key, with the registry generation they were computed at.
        var answers: [Key: (generation: UInt64, answer: Answer)] = [:]
    }

    private let state = Protected<UncheckedState>(UncheckedState())

    /// A new group for components registered together.
    func newGroup() -> UInt64 {
        state.withLock {
            $0.value.groups &+= 1
            return $0.value.groups
        }
    }

    /// Records a component registration, before its entry is installed in the registry: an answer computed in
    /// between skips it (its entry is not registered yet) and is remembered only until the install changes the
    /// registry's generation.
    func add(_ entry: Entry, type: any Any.Type, group: UInt64) {
        state.withLock {
            $0.value.sequence &+= 1
            $0.value.records[entry.key] = Record(
                entry: entry, key: entry.key, type: type, group: group, sequence: $0.value.sequence)
        }
    }

    /// This container's answer for `key`, remembered until the registry changes. Computed under the index's
    /// lock: the first time per protocol it asks the runtime about every component (no user code runs there),
    /// and registrations of components wait for it. The generation is read first, so an answer that a change
    /// of the registry overtakes is remembered under the generation before the change, and asked again after.
    func answer(for key: Key, in registry: Registry) -> Answer {
        state.withLock { state in
            let generation = registry.generation
            if let memo = state.value.answers[key], memo.generation == generation { return memo.answer }
            let answer = Self.answer(for: key, among: Array(state.value.records.values), in: registry)
            state.value.answers[key] = (generation, answer)
            return answer
        }
    }

    /// The answer for `key` from `records`: the latest live conforming component.
    private static func answer(for key: Key, among records: [Record], in registry: Registry) -> Answer {
        let live = records.filter { record in
            guard let entry = record.entry else { return false }
            return registry.entry(for: record.key) === entry
        }
        let conforming =
            live
            .filter { $0.key.name == key.name && Conformance.type($0.type, conformsTo: key.serviceType) }
            .sorted { $0.sequence < $1.sequence }
        guard let latest = conforming.last, let entry = latest.entry else { return .none }
        let together = conforming.filter { $0.group == latest.group }
        if together.count > 1 { return .ambiguous(together.map(\.key)) }
        return .found(
            .forwarding(
                to: latest.key, as: key, service: ServiceType(key.serviceType), fileID: entry.fileID,
                line: entry.line))
    }

    /// The remembered answer for `key`, if it is still current (for tests).
    func rememberedAnswer(for key: Key, in registry: Registry) -> Answer? {
        let generation = registry.generation
        return state.withLock { state in
            guard let memo = state.value.answers[key], memo.generation == generation else { return nil }
            return memo.answer
        }
    }

    /// The state, boxed for `Protected`, which is `Sendable` only for a `Sendable` value.
    // @unchecked Sendable: a record's metatype (`any Any.Type`) is not `Sendable`; every access holds `state`'s lock.
    private struct UncheckedState: @unchecked Sendable {
        var value = State()
    }
}
