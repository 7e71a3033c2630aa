/// The dependency graph of a container as data: one node per registration visible from it, and the edges its
/// registrations declare (plus those a trace observed). Export it with ``mermaid``, ``dot`` or ``json``;
/// the order is stable (registration order), so a checked-in export diffs cleanly.
///
/// ```swift
/// let graph = container.graph()
/// print(graph.mermaid)
/// try graph.json.write(toFile: "graph.json", atomically: true, encoding: .utf8)
/// ```
public struct DependencyGraph: Sendable {
    /// One registration (or a dependency nothing answers).
    ///
    /// ```swift
    /// let opaque = graph.nodes.filter { $0.kind == .opaque }.map(\.key)
    /// ```
    public struct Node: Hashable, Sendable {
        /// What is known about a node's dependencies.
        ///
        /// ```swift
        /// if node.kind == .missing { … }
        /// ```
        public enum Kind: Hashable, Sendable {
            /// Its dependencies are declared (`using:`, a component, a forwarding).
            ///
            /// ```swift
            /// container.register(Car.self, using: Car.init)   // .declared
            /// ```
            case declared
            /// Its factory is a closure: only its observed edges are known.
            ///
            /// ```swift
            /// container.register(Clock.self) { SystemClock() }   // .opaque
            /// ```
            case opaque
            /// A declared dependency that nothing registers.
            ///
            /// ```swift
            /// let missing = graph.nodes.filter { $0.kind == .missing }
            /// ```
            case missing
        }

        /// The key of the registration.
        ///
        /// ```swift
        /// let name = node.key.description   // "Car"
        /// ```
        public let key: Key
        /// Its scope; `nil` for a missing dependency.
        ///
        /// ```swift
        /// let scope = node.scope   // .singleton
        /// ```
        public let scope: Scope?
        /// Where it was registered, `File.swift:12`; `nil` for a missing dependency.
        ///
        /// ```swift
        /// let place = node.place   // "App/Garage.swift:12"
        /// ```
        public let place: String?
        /// Whether its dependencies are declared, opaque, or whether it is missing.
        ///
        /// ```swift
        /// let kind = node.kind   // .declared
        /// ```
        public let kind: Kind
    }

    /// A dependency of one node on another.
    ///
    /// ```swift
    /// let lazyEdges = graph.edges.filter { $0.kind == .lazy }
    /// ```
    public struct Edge: Hashable, Sendable {
        /// How the dependency is known and resolved.
        ///
        /// ```swift
        /// if edge.kind == .observed { … }
        /// ```
        public enum Kind: Hashable, Sendable {
            /// A declared parameter, resolved when the instance is built.
            ///
            /// ```swift
            /// init(engine: any Engine)   // Car → any Engine, .declared
            /// ```
            case declared
            /// A declared ``Lazy`` parameter, resolved on first use.
            ///
            /// ```swift
            /// init(child: Lazy<Child>)   // Parent → Child, .lazy
            /// ```
            case lazy
            /// A declared ``Provider`` parameter, resolved on each call.
            ///
            /// ```swift
            /// init(makeItem: Provider<Item>)   // Feed → Item, .provider
            /// ```
            case provider
            /// A forwarding: the node is the other registration, handed out as its key.
            ///
            /// ```swift
            /// container.register(V8Engine.self, using: V8Engine.init).forwarding((any Engine).self)
            /// // any Engine → V8Engine, .forwarding
            /// ```
            case forwarding
            /// Seen while resolving (``Container/graph(tracing:fileID:line:)``), not declared.
            ///
            /// ```swift
            /// let observed = try container.graph(tracing: [App.self]).edges.filter { $0.kind == .observed }
            /// ```
            case observed
        }

        /// The key that depends.
        ///
        /// ```swift
        /// let from = edge.from.description   // "Car"
        /// ```
        public let from: Key
        /// The key it depends on.
        ///
        /// ```swift
        /// let to = edge.to.description   // "any Engine"
        /// ```
        public let to: Key
        /// How the dependency is known and resolved.
        ///
        /// ```swift
        /// let kind = edge.kind   // .declared
        /// ```
        public let kind: Kind
    }

    /// The nodes: the registrations visible from the container, root container first in registration order,
    /// then what declared dependencies reach beyond them (a protocol answered by a component), then missing
    /// dependencies.
    ///
    /// ```swift
    /// let names = graph.nodes.map(\.key.description)
    /// ```
    public let nodes: [Node]
    /// The edges, by the order of their `from` node, then of declaration; observed edges after declared ones.
    ///
    /// ```swift
    /// let lines = graph.edges.map { "\($0.from) → \($0.to)" }
    /// ```
    public let edges: [Edge]

    init(_ model: GraphModel, observed: [ResolutionTrace.Step] = []) {
        var nodes: [Node] = []
        var position: [Key: Int] = [:]
        func add(_ node: Node) {
            guard position[node.key] == nil else { return }
            position[node.key] = nodes.count
            nodes.append(node)
        }
        for index in model.visible + Array(model.nodes.indices) {
            let entry = model.nodes[index].entry
            add(
                Node(
                    key: entry.key, scope: entry.scope, place: "\(entry.fileID):\(entry.line)",
                    kind: entry.declared == nil ? .opaque : .declared))
        }
        for missing in model.unresolved { add(Node(key: missing.key, scope: nil, place: nil, kind: .missing)) }
        var edges: [Edge] = []
        var seen = Set<Edge>()
        for edge in model.edges {
            let to: Key
            switch edge.target {
            case .node(let target): to = model.nodes[target].key
            case .unresolved(let index): to = model.unresolved[index].key
            }
            let drawn = Edge(from: model.nodes[edge.from].key, to: to, kind: Edge.Kind(edge.kind))
            if seen.insert(drawn).inserted { edges.append(drawn) }
        }
        // By `from` node, keeping the order of declaration (a sort of its own is not stable).
        edges = edges.enumerated()
            .sorted { (position[$0.element.from]!, $0.offset) < (position[$1.element.from]!, $1.offset) }
            .map(\.element)
        // A trace lists its steps depth first: a step's parent is the last step one level up.
        var known = Set(edges.map { [$0.from, $0.to] })
        var open: [ResolutionTrace.Step] = []
        for step in observed {
            open.removeLast(max(0, open.count - step.depth))
            add(Node(key: step.key, scope: step.scope, place: nil, kind: .opaque))
            if let parent = open.last, known.insert([parent.key, step.key]).inserted {
                edges.append(Edge(from: parent.key, to: step.key, kind: .observed))
            }
            open.append(step)
        }
        self.nodes = nodes
        self.edges = edges
    }
}

extension DependencyGraph.Edge.Kind {
    init(_ kind: DeclaredDependency.Kind) {
        switch kind {
        case .direct: self = .declared
        case .lazy: self = .lazy
        case .provider: self = .provider
        case .forwarding: self = .forwarding
        }
    }
}

extension Container {
    /// The graph of the registrations visible from this container and the dependencies they declare, found
    /// without building anything. Opaque registrations (closures) appear as nodes without edges; use
    /// ``graph(tracing:fileID:line:)`` to add the edges a resolve of them shows.
    ///
    /// ```swift
    /// print(container.graph().mermaid)
    /// ```
    public func graph() -> DependencyGraph {
        DependencyGraph(GraphModel(self))
    }

    /// The graph of ``graph()``, plus the edges observed while resolving each of `roots` in a throwaway child
    /// (as ``traceResolution(of:name:fileID:line:)`` does): the dependencies of opaque registrations, marked
    /// ``DependencyGraph/Edge/Kind-swift.enum/observed``. Factories run; nothing in this container changes.
    ///
    /// ```swift
    /// let graph = try container.graph(tracing: [Dashboard.self])
    /// print(graph.dot)
    /// ```
    public func graph(
        tracing roots: [any Any.Type], fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> DependencyGraph {
        var observed: [ResolutionTrace.Step] = []
        for root in roots {
            let key = Key(serviceType: root, name: nil, argumentTypes: nil)
            observed += try traceSteps { child in
                let layout = ServiceType(root)
                let output = Scratch.push(size: layout.size, alignment: layout.alignment)
                defer { Scratch.pop(output, alignment: layout.alignment) }
                try child.resolve(
                    key, arguments: nil, fileID: FileID(fileID), line: line, joinsAsync: false, into: output)
                layout.destroy(output)
            }
        }
        return DependencyGraph(GraphModel(self), observed: observed)
    }
}

extension DependencyGraph.Node.Kind {
    /// The name the exports use.
    var name: String {
        switch self {
        case .declared: return "declared"
        case .opaque: return "opaque"
        case .missing: return "missing"
        }
    }
}

extension DependencyGraph.Edge.Kind {
    /// The name the exports use.
    var name: String {
        switch self {
        case .declared: return "declared"
        case .lazy: return "lazy"
        case .provider: return "provider"
        case .forwarding: return "forwarding"
        case .observed: return "observed"
        }
    }
}
