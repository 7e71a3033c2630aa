/// The exports of a ``DependencyGraph``: Mermaid, Graphviz DOT and JSON, one line per node and per edge, in the
/// graph's order, so that a checked-in export changes only where the graph does.
extension DependencyGraph {
    /// A Mermaid flowchart: solid arrows for declared dependencies, dotted ones labelled `lazy`, `provider` or
    /// `observed`, dashed outlines for opaque registrations, red for missing dependencies.
    ///
    /// ```swift
    /// print(container.graph().mermaid)
    /// // flowchart LR
    /// //     n0["Car<br/>.singleton · App/Garage.swift:12"]
    /// //     …
    /// //     n0 --> n1
    /// ```
    public var mermaid: String {
        var lines = ["flowchart LR"]
        for (index, node) in nodes.enumerated() {
            lines.append("    n\(index)[\"\(mermaidText(node.key.description))<br/>\(mermaidText(detail(of: node)))\"]")
        }
        let ids = identifiers()
        for edge in edges {
            let from = ids[edge.from]!
            let to = ids[edge.to]!
            switch edge.kind {
            case .declared: lines.append("    \(from) --> \(to)")
            case .forwarding: lines.append("    \(from) -->|forwarding| \(to)")
            case .lazy, .provider, .observed: lines.append("    \(from) -.->|\(edge.kind.name)| \(to)")
            }
        }
        lines.append("    classDef opaque stroke-dasharray: 4 4")
        lines.append("    classDef missing stroke:#c00,color:#c00")
        for kind in [Node.Kind.opaque, .missing] {
            let members = nodes.indices.filter { nodes[$0].kind == kind }.map { "n\($0)" }
            if !members.isEmpty { lines.append("    class \(members.joined(separator: ",")) \(kind.name)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A Graphviz digraph (`dot -Tsvg`): solid edges for declared dependencies, dashed ones labelled `lazy`,
    /// `provider` or `observed`, dashed boxes for opaque registrations, red for missing dependencies.
    ///
    /// ```swift
    /// try container.graph().dot.write(toFile: "graph.dot", atomically: true, encoding: .utf8)
    /// ```
    public var dot: String {
        var lines = ["digraph Syringe {", "    rankdir=LR;", "    node [shape=box];"]
        for (index, node) in nodes.enumerated() {
            var attributes = "label=\"\(dotText(node.key.description))\\n\(dotText(detail(of: node)))\""
            switch node.kind {
            case .declared: break
            case .opaque: attributes += ", style=dashed"
            case .missing: attributes += ", color=red, fontcolor=red"
            }
            lines.append("    n\(index) [\(attributes)];")
        }
        let ids = identifiers()
        for edge in edges {
            let from = ids[edge.from]!
            let to = ids[edge.to]!
            switch edge.kind {
            case .declared: lines.append("    \(from) -> \(to);")
            case .forwarding: lines.append("    \(from) -> \(to) [label=\"forwarding\"];")
            case .lazy, .provider, .observed:
                lines.append("    \(from) -> \(to) [style=dashed, label=\"\(edge.kind.name)\"];")
            }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// JSON with a `nodes` array (`key`, `scope`, `place`, `kind`) and an `edges` array (`from`, `to`, `kind`,
    /// by key), one object per line.
    ///
    /// ```swift
    /// let json = container.graph().json
    /// // {
    /// //   "nodes": [
    /// //     {"key": "Car", "scope": ".singleton", "place": "App/Garage.swift:12", "kind": "declared"},
    /// //     …
    /// ```
    public var json: String {
        var lines = ["{", "  \"nodes\": ["]
        for (index, node) in nodes.enumerated() {
            let comma = index == nodes.count - 1 ? "" : ","
            lines.append(
                "    {\"key\": \(jsonText(node.key.description)), \"scope\": \(jsonText(node.scope?.description)), "
                    + "\"place\": \(jsonText(node.place)), \"kind\": \(jsonText(node.kind.name))}\(comma)")
        }
        lines.append("  ],")
        lines.append("  \"edges\": [")
        for (index, edge) in edges.enumerated() {
            let comma = index == edges.count - 1 ? "" : ","
            lines.append(
                "    {\"from\": \(jsonText(edge.from.description)), \"to\": \(jsonText(edge.to.description)), "
                    + "\"kind\": \(jsonText(edge.kind.name))}\(comma)")
        }
        lines.append("  ]")
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `n0`, `n1`, … by key, in node order.
    private func identifiers() -> [Key: String] {
        var ids: [Key: String] = [:]
        for (index, node) in nodes.enumerated() { ids[node.key] = "n\(index)" }
        return ids
    }

    /// `.singleton · App/Garage.swift:12`, `.unique · opaque · …`, or `missing`.
    private func detail(of node: Node) -> String {
        guard node.kind != .missing else { return "missing" }
        var parts = [node.scope?.description ?? "?"]
        if node.kind == .opaque { parts.append("opaque") }
        if let place = node.place { parts.append(place) }
        return parts.joined(separator: " · ")
    }

    /// Text inside a quoted Mermaid label: quotes and angle brackets as entity codes, a line break as the
    /// label's own break (a raw one would end the node's line).
    private func mermaidText(_ text: String) -> String {
        escaping(text) { DependencyGraph.mermaidEscapes[$0] }
    }

    private static let mermaidEscapes: [Unicode.Scalar: String] = [
        "\"": "#quot;", "<": "#lt;", ">": "#gt;", "\n": "<br/>", "\r": "", "\t": " ",
    ]
    private static let dotEscapes: [Unicode.Scalar: String] = ["\"": "\\\"", "\\": "\\\\", "\n": "\\n"]
    private static let jsonEscapes: [Unicode.Scalar: String] = [
        "\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t",
    ]

    /// Text inside a quoted DOT string.
    private func dotText(_ text: String) -> String {
        escaping(text) { DependencyGraph.dotEscapes[$0] }
    }

    /// A JSON string literal, or `null`.
    private func jsonText(_ text: String?) -> String {
        guard let text else { return "null" }
        let escaped = escaping(text) { scalar in
            if let escape = DependencyGraph.jsonEscapes[scalar] { return escape }
            guard scalar.value < 0x20 else { return nil }
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        return "\"" + escaped + "\""
    }

    /// `text` with each scalar that `replacement` has a replacement for replaced.
    private func escaping(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { escaped += replaced } else { escaped.unicodeScalars.append(scalar) }
        }
        return escaped
    }
}
