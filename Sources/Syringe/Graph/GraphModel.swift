/// The registrations visible from a container and the edges they declare, found without running anything:
/// what `verify()`, `graph()` and the declared checks of `build()` and `validate()` read.
///
/// A node is a registration together with the container its dependencies are looked up from: its owner for a
/// stored scope, else the container that asked (as the engine builds them). So a parent's `.unique`
/// registration reached from a child and from the parent's own singleton is two nodes, each checked.
struct GraphModel {
    struct Node {
        let entry: Entry
        /// Where the entry's dependencies are looked up.
        let resolver: Container
        /// The node's edges: `edges[firstEdge..<endEdge]`.
        var firstEdge = 0
        var endEdge = 0

        var key: Key { entry.key }
        var edgeRange: Range<Int> { firstEdge..<endEdge }
    }

    /// What the rules ask of a node's registration, as plain data: reading it touches no reference count.
    struct Traits {
        let scope: Scope
        let execution: Entry.Execution
        let needsAsync: Bool
        let isDeclared: Bool
        let isForwarding: Bool

        init(_ entry: Entry) {
            scope = entry.scope
            execution = entry.execution
            needsAsync = entry.needsAsync
            isDeclared = entry.declared != nil
            isForwarding = entry.declared?.count == 1 && entry.declared?.first?.kind == .forwarding
        }
    }

    /// Plain data, so that walking edges copies no reference.
    struct Edge {
        let from: Int
        /// The position of the dependency in the `from` entry's `declared` list.
        let dependency: Int
        /// How the target is reached: a fallback may defer it (`Lazy<T>` requested through an optional).
        let kind: DeclaredDependency.Kind
        let target: Target
    }

    enum Target {
        case node(Int)
        /// Index into `unresolved`.
        case unresolved(Int)
    }

    /// A declared dependency that nothing answers, as seen from the container that would look it up.
    struct Unresolved {
        let key: Key
        let resolver: Container
        /// The problem a fallback found instead (an ambiguous conformance), if any.
        let problem: ResolutionError?
    }

    /// The container the graph is seen from.
    let container: Container
    private(set) var nodes: [Node] = []
    /// The traits of each node, by node number.
    private(set) var traits: [Traits] = []
    private(set) var edges: [Edge] = []
    private(set) var unresolved: [Unresolved] = []
    /// The nodes of the keys visible from `container`, root container first, each key once.
    private(set) var visible: [Int] = []
    /// What each key of `roots` resolves to from `container`, in order.
    private(set) var roots: [Target] = []
    /// The number of each node, by its registration and the container it resolves from.
    private var index: [NodeIdentity: Int] = [:]

    /// A node's identity: its registration and the container its dependencies are looked up from.
    private struct NodeIdentity: Hashable {
        let entry: ObjectIdentifier
        let resolver: ObjectIdentifier

        init(_ entry: Entry, _ resolver: Container) {
            self.entry = ObjectIdentifier(entry)
            self.resolver = ObjectIdentifier(resolver)
        }
    }

    /// The graph seen from `container`; `roots` are resolved as top-level requests of it.
    init(_ container: Container, roots: [Key] = [], fileID: StaticString = #fileID, line: UInt = #line) {
        self.container = container
        if container.parent == nil {
            // One container: each of its entries answers its own key.
            let entries = container.ownEntries()
            nodes.reserveCapacity(entries.count)
            traits.reserveCapacity(entries.count)
            index.reserveCapacity(entries.count)
            edges.reserveCapacity(entries.count * 3)
            for entry in entries { visible.append(node(entry, resolver: container)) }
        } else {
            var seen = Set<Key>()
            for owner in Array(container.lineage).reversed() {
                for entry in owner.ownEntries() where seen.insert(entry.key).inserted {
                    if let found = GraphModel.locate(entry.key, from: container) {
                        visible.append(node(found.entry, owner: found.owner, requester: container))
                    }
                }
            }
        }
        for key in roots {
            self.roots.append(target(of: key, kind: .direct, from: container, fileID: FileID(fileID), line: line).0)
        }
        expand()
    }

    /// The node of `entry` (found in `owner`) asked for from `requester`, added when new.
    mutating func node(_ entry: Entry, owner: Container, requester: Container) -> Int {
        node(entry, resolver: entry.scope.isStored ? owner : requester)
    }

    private mutating func node(_ entry: Entry, resolver: Container) -> Int {
        let identity = NodeIdentity(entry, resolver)
        if let found = index[identity] { return found }
        let number = nodes.count
        index[identity] = number
        nodes.append(Node(entry: entry, resolver: resolver))
        traits.append(Traits(entry))
        return number
    }

    /// Adds the edges of every node, including the nodes the edges reach.
    private mutating func expand() {
        var current = 0
        while current < nodes.count {
            let node = nodes[current]
            nodes[current].firstEdge = edges.count
            if let declared = node.entry.declared {
                for (position, dependency) in declared.enumerated() {
                    let (target, kind) = target(
                        of: dependency.key, kind: dependency.kind, from: node.resolver, fileID: node.entry.fileID,
                        line: node.entry.line)
                    edges.append(Edge(from: current, dependency: position, kind: kind, target: target))
                }
            }
            nodes[current].endEdge = edges.count
            current += 1
        }
    }

    /// What `key` resolves to from `requester`: a registration, else what a fallback answers, else nothing.
    private mutating func target(
        of key: Key, kind: DeclaredDependency.Kind, from requester: Container, fileID: FileID, line: UInt
    ) -> (Target, DeclaredDependency.Kind) {
        if let found = GraphModel.locate(key, from: requester) {
            return (.node(self.node(found.entry, owner: found.owner, requester: requester)), kind)
        }
        for fallback in Container.fallbacks {
            guard let rule = fallback as? any GraphFallback.Type,
                let answer = rule.graphTarget(of: key, from: requester, fileID: fileID, line: line)
            else { continue }
            switch answer {
            case .registration(let entry, let owner):
                return (.node(self.node(entry, owner: owner, requester: requester)), kind)
            case .key(let wrapped, let deferred):
                return target(
                    of: wrapped, kind: kind == .direct ? deferred : kind, from: requester, fileID: fileID, line: line)
            case .problem(let error):
                unresolved.append(Unresolved(key: key, resolver: requester, problem: error))
                return (.unresolved(unresolved.count - 1), kind)
            }
        }
        unresolved.append(Unresolved(key: key, resolver: requester, problem: nil))
        return (.unresolved(unresolved.count - 1), kind)
    }

    /// The registration of `key` as the engine's lookup from `requester` finds it, with the container that keeps
    /// its instances, without copying anything into a test container (whose copy would be kept by `boundary`).
    static func locate(_ key: Key, from requester: Container) -> (entry: Entry, owner: Container)? {
        if let entry = requester.registry.entry(for: key) { return (entry, requester) }
        var boundary: Container? = requester.policy?.isolatesInstances == true ? requester : nil
        var container = requester
        while let parent = container.parent {
            if let entry = parent.registry.entry(for: key) {
                if let boundary, entry.scope.isStored || entry.isPerRequest { return (entry, boundary) }
                return (entry, parent)
            }
            if boundary == nil, parent.policy?.isolatesInstances == true { boundary = parent }
            container = parent
        }
        return nil
    }

    // MARK: Reading

    /// The node of the registration `container` would use for `key`, when one is visible.
    func visibleNode(for key: Key) -> Int? {
        visible.first { nodes[$0].key == key }
    }

    /// The node of `entry` as a top-level request of `container` would build it.
    func node(of entry: Entry, owner: Container) -> Int? {
        index[NodeIdentity(entry, entry.scope.isStored ? owner : container)]
    }

    /// The node an edge reaches, following forwardings to the registration that builds the instance.
    func builder(of target: Int) -> Int {
        var node = target
        for _ in 0..<nodes.count {
            guard traits[node].isForwarding, case .node(let next) = edges[nodes[node].firstEdge].target else {
                return node
            }
            node = next
        }
        return node
    }

    /// Whether `node` is a forwarding: another registration handed out as its key.
    func isForwarding(_ node: Int) -> Bool {
        traits[node].isForwarding
    }
}
