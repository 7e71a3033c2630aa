/// The policy of a container made by ``Container/withOverrides(strict:_:operation:)`` (or a trace): it builds its own
/// instances of its parents' stored registrations, tells a strict test about live-only dependencies, and
/// records the steps of a traced resolve.
final class TestPolicy: ContainerPolicy {
    let isolatesInstances = true
    /// In a strict test container: told when a live-only dependency is resolved without an override.
    private let liveAccessHandler: (@Sendable (LiveAccess) -> Void)?
    private let reported = Protected(Set<Key>())
    /// Set on the throwaway child of `traceResolution(of:)`: every produce through it is recorded.
    let tracer: TraceRecorder?

    init(liveAccessHandler: (@Sendable (LiveAccess) -> Void)? = nil, tracer: TraceRecorder? = nil) {
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

    /// Tells a strict test that `key`'s live default is used, once per key, with the place of the read that
    /// reached it when one is known (a key path's, a property wrapper's, a type-registry resolve's), else `readAt`
    /// (a key's subscript read directly).
    func reachedLiveDefault(_ key: Key, readAt: FailureReporting.Site? = nil) {
        guard let liveAccessHandler, reported.withLock({ $0.insert(key).inserted }) else { return }
        let site = FailureReporting.currentSite.pointer?.pointee ?? readAt
        liveAccessHandler(LiveAccess(key: key, fileID: site.map { "\($0.fileID)" }, line: site.map { Int($0.line) }))
    }
}

/// A live-only dependency that a strict test reached, and where it was read (`fileID` and `line` are `nil` when
/// the read is not known: a lookup made by `isRegistered`, a plain child of the test's container). Package-visible
/// for SyringeTesting, which records the test issue there.
package struct LiveAccess: Sendable {
    package let key: Key
    package let fileID: String?
    package let line: Int?
}
