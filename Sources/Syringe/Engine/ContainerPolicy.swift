/// How a container departs from the plain rules, set by a face when it makes the container (a test
/// container, a traced resolve). The engine asks it at the few points where the rules differ, and the
/// inlined fast path skips containers that have one.
protocol ContainerPolicy: AnyObject, Sendable {
    /// Whether this container builds and keeps its own instances of its ancestors' stored registrations.
    var isolatesInstances: Bool { get }
    /// Told when a resolve through this container reaches `entry`, before it is produced; `reused` says
    /// whether an instance already exists (kept, or shared in this resolution).
    func willProduce(_ entry: Entry, reused: Bool)
    /// Told when a lookup through this container finds `entry` in an ancestor.
    func reachedAncestor(_ entry: Entry)
}
