/// The rules `verify()` checks on a ``GraphModel``, each returning its problems in a stable order (the order
/// of registration, then of declaration). Nothing here runs a factory.
struct GraphChecks {
    let model: GraphModel
    /// The nodes paths start from: the given roots, else every visible registration.
    let starts: [Int]
    /// How each node was first reached from `starts` (breadth first): the node before it, `-1` for a start,
    /// `-2` when no start reaches it.
    private(set) var reachedFrom: [Int]

    init(_ model: GraphModel, roots: Bool) {
        self.model = model
        var starts: [Int] = []
        if roots {
            for case .node(let node) in model.roots { starts.append(node) }
        } else {
            starts = model.visible
        }
        self.starts = starts
        var reachedFrom = [Int](repeating: -2, count: model.nodes.count)
        var queue: [Int] = []
        queue.reserveCapacity(model.nodes.count)
        for start in starts where reachedFrom[start] == -2 {
            reachedFrom[start] = -1
            queue.append(start)
        }
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in model.edges[model.nodes[node].edgeRange] {
                guard case .node(let next) = edge.target, reachedFrom[next] == -2 else { continue }
                reachedFrom[next] = node
                queue.append(next)
            }
        }
        self.reachedFrom = reachedFrom
    }

    /// The keys from the nearest start to `node`; just `node`'s key when no start reaches it.
    func path(to node: Int) -> [Key] {
        var keys = [model.nodes[node].key]
        var current = reachedFrom[node]
        while current >= 0 {
            keys.append(model.nodes[current].key)
            current = reachedFrom[current]
        }
        return keys.reversed()
    }

    // MARK: Missing dependencies

    /// Declared dependencies nothing answers, once per registration and key. A stored registration of a parent
    /// whose dependency only a container below it registers gets its own message.
    func missing() -> [ResolutionError] {
        var errors: [ResolutionError] = []
        var seen = Set<MissingID>()
        for edge in model.edges {
            guard case .unresolved(let index) = edge.target else { continue }
            let unresolved = model.unresolved[index]
            let holder = model.nodes[edge.from].entry
            guard seen.insert(MissingID(entry: ObjectIdentifier(holder), key: unresolved.key)).inserted else {
                continue
            }
            errors.append(model.problem(of: unresolved, neededBy: holder, path: path(to: edge.from) + [unresolved.key]))
        }
        return errors
    }

    private struct MissingID: Hashable {
        let entry: ObjectIdentifier
        let key: Key
    }

    /// Roots that nothing answers.
    func missingRoots(_ keys: [Key], fileID: FileID, line: UInt) -> [ResolutionError] {
        var errors: [ResolutionError] = []
        for (key, target) in zip(keys, model.roots) {
            guard case .unresolved(let index) = target else { continue }
            if let problem = model.unresolved[index].problem {
                errors.append(Diagnostics.along([key], problem))
            } else {
                let error = Diagnostics.missing(key, in: model.container, fileID: fileID, line: line)
                errors.append(Diagnostics.along([key], error))
            }
        }
        return errors
    }

    // MARK: Unreachable registrations

    /// Visible registrations that no root reaches. Keys of key paths and multi-binding contributions are left
    /// out: property wrappers and `resolveAll` reach them, which no declaration shows.
    func unreachable(roots: [Key]) -> [ResolutionError] {
        var reached = Set<ObjectIdentifier>()
        var opaque: [Key] = []
        for (node, from) in reachedFrom.enumerated() where from != -2 {
            let entry = model.nodes[node].entry
            if reached.insert(ObjectIdentifier(entry)).inserted, entry.declared == nil { opaque.append(entry.key) }
        }
        var errors: [ResolutionError] = []
        for node in model.visible {
            let entry = model.nodes[node].entry
            guard entry.key.origin == nil, !reached.contains(ObjectIdentifier(entry)) else { continue }
            errors.append(Diagnostics.unreachable(entry, roots: roots, opaque: opaque))
        }
        return errors
    }
}

extension Container {
    /// Whether `key` is answered from this container: registered here or above, or by a fallback.
    func isVisible(_ key: Key) -> Bool {
        GraphModel.locate(key, from: self) != nil || answersUnregistered(key)
    }
}

extension GraphModel {
    /// The error of a declared dependency of `holder` that nothing answers.
    func problem(of unresolved: Unresolved, neededBy holder: Entry, path: [Key]) -> ResolutionError {
        if let problem = unresolved.problem { return Diagnostics.along(path, problem) }
        if unresolved.resolver !== container, container.isVisible(unresolved.key) {
            return Diagnostics.onlyBelow(unresolved.key, holder: holder, path: path)
        }
        let error = Diagnostics.missing(
            unresolved.key, in: unresolved.resolver, fileID: holder.fileID, line: holder.line)
        return Diagnostics.along(path, error)
    }

    /// Every declared dependency nothing answers on the way a top-level request of `entry` (of `owner`) would
    /// build it, in the order building would meet them, where resolving would stop at the first: what `build()`
    /// and `validate()` report instead.
    func unresolvedProblems(building entry: Entry, owner: Container) -> [ResolutionError] {
        guard entry.declared != nil, let start = node(of: entry, owner: owner) else { return [] }
        var errors: [ResolutionError] = []
        var visited: Set<Int> = [start]
        // Depth first, as the engine builds: the stack is the path.
        var stack: [(node: Int, edge: Int)] = [(start, nodes[start].firstEdge)]
        while let (node, cursor) = stack.last {
            guard cursor < nodes[node].endEdge else {
                stack.removeLast()
                continue
            }
            stack[stack.count - 1].edge += 1
            let edge = edges[cursor]
            guard edge.kind == .direct || edge.kind == .forwarding else { continue }
            switch edge.target {
            case .node(let next):
                if visited.insert(next).inserted { stack.append((next, nodes[next].firstEdge)) }
            case .unresolved(let index):
                let path = stack.map { nodes[$0.node].key } + [unresolved[index].key]
                errors.append(problem(of: unresolved[index], neededBy: nodes[node].entry, path: path))
            }
        }
        return errors
    }
}
