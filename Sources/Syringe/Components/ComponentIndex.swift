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
        /// Component registrations under way: installed (or about to be) in the registry, not yet recorded here.
        /// An answer computed meanwhile would miss the component, so it waits for them.
        var registering = 0
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

    /// Announces a component registration before its entry is installed in the registry; ``add(_:type:group:)``
    /// ends it.
    func beginRegistering() {
        state.withLock { $0.value.registering += 1 }
    }

    func add(_ entry: Entry, type: any Any.Type, group: UInt64) {
        state.withLock {
            $0.value.registering -= 1
            $0.value.sequence &+= 1
            $0.value.records[entry.key] = Record(
                entry: entry, key: entry.key, type: type, group: group, sequence: $0.value.sequence)
        }
    }

    /// This container's answer for `key`, remembered until the registry changes. The scan asks the runtime
    /// about every component and happens outside the lock. An answer is taken from a consistent view only: no
    /// component registration under way when the records were read, and none begun or finished by the end of
    /// the scan (else it is computed again), so that a registration racing a resolve never makes a protocol
    /// look unanswered, nor leaves an outdated answer remembered.
    func answer(for key: Key, in registry: Registry) -> Answer {
        var attempt = 0
        while true {
            attempt += 1
            let generation = registry.generation
            let view = state.withLock { state -> (records: [Record], sequence: UInt64, busy: Bool)? in
                if let memo = state.value.answers[key], memo.generation == generation { return nil }
                return (Array(state.value.records.values), state.value.sequence, state.value.registering > 0)
            }
            guard let view else { return state.withLock { $0.value.answers[key]!.answer } }
            // A registration between its install and its record takes a few loads and stores: yield to it.
            if view.busy, attempt < Self.attempts {
                Lock.yield()
                continue
            }
            let answer = Self.answer(for: key, among: view.records, in: registry)
            let settled = state.withLock { state -> Bool in
                guard registry.generation == generation, state.value.sequence == view.sequence,
                    state.value.registering == 0
                else { return false }
                state.value.answers[key] = (generation, answer)
                return true
            }
            if settled || attempt >= Self.attempts { return answer }
        }
    }

    /// How many consistent views an answer tries for before it settles for the last one it computed.
    private static let attempts = 10_000

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

    /// The state, boxed: records hold weak references and metatypes, answers hold entries (Sendable).
    private struct UncheckedState: @unchecked Sendable {
        // @unchecked Sendable: guarded by `state`'s lock; every part is immutable or a weak reference.
        var value = State()
    }
}
