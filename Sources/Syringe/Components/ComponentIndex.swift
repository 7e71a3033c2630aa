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

    // @unchecked-free: Protected is Sendable because State only holds Sendable parts or weak references.
    private let state = Protected<UncheckedState>(UncheckedState())

    /// A new group for components registered together.
    func newGroup() -> UInt64 {
        state.withLock {
            $0.value.groups &+= 1; return $0.value.groups
        }
    }

    func add(_ entry: Entry, type: any Any.Type, group: UInt64) {
        state.withLock {
            $0.value.sequence &+= 1
            $0.value.records[entry.key] = Record(
                entry: entry, key: entry.key, type: type, group: group, sequence: $0.value.sequence)
        }
    }

    /// This container's answer for `key`, remembered until the registry changes. The scan asks the runtime
    /// about every component and happens outside the lock.
    func answer(for key: Key, in registry: Registry) -> Answer {
        let generation = registry.generation
        let records = state.withLock { state -> [Record]? in
            if let memo = state.value.answers[key], memo.generation == generation { return nil }
            return Array(state.value.records.values)
        }
        guard let records else { return state.withLock { $0.value.answers[key]!.answer } }
        let live = records.filter { record in
            guard let entry = record.entry else { return false }
            return registry.entry(for: record.key) === entry
        }
        let conforming =
            live
            .filter { $0.key.name == key.name && Conformance.type($0.type, conformsTo: key.serviceType) }
            .sorted { $0.sequence < $1.sequence }
        let answer: Answer
        if let latest = conforming.last, let entry = latest.entry {
            let together = conforming.filter { $0.group == latest.group }
            answer =
                together.count > 1
                ? .ambiguous(together.map(\.key))
                : .found(
                    .forwarding(
                        to: latest.key, as: key, service: ServiceType(key.serviceType), fileID: entry.fileID,
                        line: entry.line))
        } else {
            answer = .none
        }
        state.withLock { state in
            if registry.generation == generation { state.value.answers[key] = (generation, answer) }
        }
        return answer
    }

    /// The remembered answer for `key`, if it is still current (for tests).
    func rememberedAnswer(for key: Key, in registry: Registry) -> Answer? {
        let generation = registry.generation
        return state.withLock { state in
            guard let memo = state.value.answers[key], memo.generation == generation else { return nil }
            return memo.answer
        }
    }

    /// The state, boxed: records hold weak references and metatypes, answers hold entries (Sendable).
    private struct UncheckedState: @unchecked Sendable {
        // @unchecked Sendable: guarded by `state`'s lock; every part is immutable or a weak reference.
        var value = State()
    }
}
