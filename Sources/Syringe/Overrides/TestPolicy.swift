/// The policy of a container made by ``Container/withOverrides(strict:_:operation:)`` (or a trace): it builds its own
/// instances of its parents' stored registrations, tells a strict test about live-only dependencies, and
/// records the steps of a traced resolve.
final class TestPolicy: ContainerPolicy {
    let isolatesInstances = true
    /// In a strict test container: told when a live-only dependency is resolved without an override.
    private let liveAccessHandler: (@Sendable (Key) -> Void)?
    private let reported = Protected(Set<Key>())
    /// Set on the throwaway child of `traceResolution(of:)`: every produce through it is recorded.
    let tracer: TraceRecorder?

    init(liveAccessHandler: (@Sendable (Key) -> Void)? = nil, tracer: TraceRecorder? = nil) {
        self.liveAccessHandler = liveAccessHandler
        self.tracer = tracer
    }

    func willProduce(_ entry: Entry, reused: Bool) {
        tracer?.record(entry, reused: reused)
    }

    func reachedAncestor(_ entry: Entry) {
        guard entry.isLiveOnly else { return }
        reachedLiveDefault(entry.key)
    }

    /// Tells a strict test that `key`'s live default is used, once per key.
    func reachedLiveDefault(_ key: Key) {
        guard let liveAccessHandler else { return }
        if reported.withLock({ $0.insert(key).inserted }) { liveAccessHandler(key) }
    }
}
