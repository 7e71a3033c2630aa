/// The rules over edges: cycles, captive dependencies, async and main-actor mismatches.
extension GraphChecks {
    // MARK: Cycles

    /// Cycles among the edges resolved when an instance is built (plain parameters and forwardings): one per
    /// strongly connected group, shown from its earliest registration around the shortest loop back to it.
    func cycles() -> [ResolutionError] {
        var errors: [ResolutionError] = []
        for group in stronglyConnectedGroups() {
            let start = group.min()!
            guard let loop = shortestLoop(through: start, within: Set(group)) else { continue }
            errors.append(Diagnostics.declaredCycle(loop.map { model.nodes[$0].key }, entry: model.nodes[start].entry))
        }
        return errors
    }

    /// The node an edge built at once reaches, if any.
    private func immediateTarget(_ edge: GraphModel.Edge) -> Int? {
        guard edge.kind == .direct || edge.kind == .forwarding, case .node(let target) = edge.target else { return nil }
        return target
    }

    /// Tarjan's algorithm, without recursion: the groups of two or more nodes (or one with an edge to itself)
    /// that reach each other through immediate edges, ordered by their earliest node.
    private func stronglyConnectedGroups() -> [[Int]] {
        let count = model.nodes.count
        var order = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var calls: [(node: Int, edge: Int)] = []
        var counter = 0
        var groups: [[Int]] = []
        for root in 0..<count where order[root] == -1 {
            var next = root
            while true {
                if next >= 0 {
                    // Enter `next`.
                    order[next] = counter
                    low[next] = counter
                    counter += 1
                    stack.append(next)
                    onStack[next] = true
                    calls.append((next, model.nodes[next].firstEdge))
                    next = -1
                }
                guard let (node, cursor) = calls.last else { break }
                if cursor < model.nodes[node].endEdge {
                    calls[calls.count - 1].edge += 1
                    guard let target = immediateTarget(model.edges[cursor]) else { continue }
                    if order[target] == -1 {
                        next = target
                    } else if onStack[target] {
                        low[node] = min(low[node], order[target])
                    }
                    continue
                }
                calls.removeLast()
                if let caller = calls.last { low[caller.node] = min(low[caller.node], low[node]) }
                guard low[node] == order[node] else { continue }
                if stack.last == node {
                    // A group of one: a cycle only when it needs itself.
                    stack.removeLast()
                    onStack[node] = false
                    if model.edges[model.nodes[node].edgeRange].contains(where: { immediateTarget($0) == node }) {
                        groups.append([node])
                    }
                    continue
                }
                var group: [Int] = []
                while let member = stack.popLast() {
                    onStack[member] = false
                    group.append(member)
                    if member == node { break }
                }
                groups.append(group)
            }
        }
        return groups.sorted { $0.min()! < $1.min()! }
    }

    /// The shortest loop from `start` back to itself inside `group`, as nodes (first and last are `start`).
    private func shortestLoop(through start: Int, within group: Set<Int>) -> [Int]? {
        var previous: [Int: Int] = [:]
        var queue = [start]
        var head = 0
        while head < queue.count {
            let node = queue[head]
            head += 1
            for edge in model.edges[model.nodes[node].edgeRange] {
                guard let next = immediateTarget(edge), group.contains(next) else { continue }
                if next == start { return chain(to: node, from: start, previous: previous) + [start] }
                if previous[next] == nil {
                    previous[next] = node
                    queue.append(next)
                }
            }
        }
        return nil
    }

    /// The nodes from `start` to `end` (both included) along `previous`, each node's predecessor.
    private func chain(to end: Int, from start: Int, previous: [Int: Int]) -> [Int] {
        var nodes = [end]
        var current = end
        while current != start, let before = previous[current] {
            nodes.append(before)
            current = before
        }
        return nodes.reversed()
    }

    // MARK: Captive dependencies

    /// Whether an instance kept with `holder` would keep one of `dependency` beyond that one's life (the
    /// table in the "Verifying the graph" article).
    static func keeps(_ holder: Scope, captive dependency: Scope) -> Bool {
        switch holder {
        case .singleton: return dependency.isCustom || dependency == .shared || dependency == .cached
        case .cached: return dependency.isCustom || dependency == .shared
        default: return false
        }
    }

    /// `.singleton` and `.cached` registrations that keep, directly or through `.unique` and `.graph`
    /// registrations (and `Lazy` handles, which keep what they resolve), an instance of a shorter-lived scope.
    /// A `Provider` keeps nothing, so it is the fix.
    func captives() -> [ResolutionError] {
        let kept = { (edge: GraphModel.Edge) -> Int? in
            guard edge.kind != .provider, case .node(let target) = edge.target else { return nil }
            return target
        }
        // The unstored nodes from which a possibly captive instance is reachable through unstored nodes.
        var reverse = [[Int]](repeating: [], count: model.nodes.count)
        var tainted = [Bool](repeating: false, count: model.nodes.count)
        var queue: [Int] = []
        for (node, traits) in model.traits.enumerated()
        where traits.scope.isCustom || traits.scope == .shared || traits.scope == .cached {
            queue.append(node)
        }
        if !queue.isEmpty {
            for edge in model.edges { if let target = kept(edge) { reverse[target].append(edge.from) } }
        }
        while let node = queue.popLast() {
            for holder in reverse[node] where !model.traits[holder].scope.isStored && !tainted[holder] {
                tainted[holder] = true
                queue.append(holder)
            }
        }
        var errors: [ResolutionError] = []
        var reported = Set<[ObjectIdentifier]>()
        for holder in model.nodes.indices {
            let scope = model.traits[holder].scope
            guard scope == .singleton || scope == .cached else { continue }
            // Most kept instances keep nothing shorter-lived: look further only when an edge leads to one.
            let suspect = model.edges[model.nodes[holder].edgeRange].contains { edge in
                guard let target = kept(edge) else { return false }
                return tainted[target] || GraphChecks.keeps(scope, captive: model.traits[target].scope)
            }
            guard suspect else { continue }
            let node = model.nodes[holder]
            var previous: [Int: Int] = [holder: holder]
            var queue = [holder]
            var head = 0
            while head < queue.count {
                let current = queue[head]
                head += 1
                for edge in model.edges[model.nodes[current].edgeRange] {
                    guard let target = kept(edge), previous[target] == nil else { continue }
                    let entry = model.nodes[target].entry
                    if entry.scope.isStored {
                        guard GraphChecks.keeps(node.entry.scope, captive: entry.scope),
                            reported.insert([ObjectIdentifier(node.entry), ObjectIdentifier(entry)]).inserted
                        else { continue }
                        let chain = chain(to: current, from: holder, previous: previous) + [target]
                        let path = path(to: holder) + chain.dropFirst().map { model.nodes[$0].key }
                        errors.append(Diagnostics.declaredCaptive(entry, heldBy: node.entry, path: path))
                    } else if tainted[target] {
                        previous[target] = current
                        queue.append(target)
                    }
                }
            }
        }
        return errors
    }

    // MARK: Async and main actor

    /// Registrations resolved synchronously (or on the main actor) that declare an async dependency, and
    /// nonisolated ones that declare a `@MainActor` dependency they resolve at once. A forwarding is resolved
    /// wherever its key is asked, so the main-actor rule looks through it.
    func executions() -> [ResolutionError] {
        var errors: [ResolutionError] = []
        for edge in model.edges {
            guard case .node(let target) = edge.target else { continue }
            let holder = model.traits[edge.from]
            // A forwarding is resolved as its target is (async through `resolveAsync`); who asks for a forwarding
            // of an async registration asks for that registration.
            let asyncTarget = model.builder(of: target)
            if !holder.needsAsync, !holder.isForwarding, model.traits[asyncTarget].needsAsync {
                var path = path(to: edge.from) + [model.nodes[target].key]
                if asyncTarget != target { path.append(model.nodes[asyncTarget].key) }
                let dependency = model.nodes[asyncTarget].entry
                errors.append(Diagnostics.declaredAsync(dependency, neededBy: model.nodes[edge.from].entry, path: path))
                continue
            }
            guard holder.execution == .synchronous, !holder.needsAsync, !holder.isForwarding, edge.kind == .direct
            else { continue }
            let builder = model.builder(of: target)
            guard model.traits[builder].execution == .mainActor else { continue }
            var path = path(to: edge.from) + [model.nodes[target].key]
            if builder != target { path.append(model.nodes[builder].key) }
            let built = model.nodes[builder].entry
            errors.append(Diagnostics.declaredMainActor(built, neededBy: model.nodes[edge.from].entry, path: path))
        }
        return errors
    }
}
