import Testing

@testable import Syringe

@Suite("Graph: graph() as data, Mermaid, DOT and JSON")
struct GraphExportTests {
    let file = "SyringeTests/GraphExportTests.swift"

    /// V8Engine (forwarded as any Engine), an opaque transmission, Car, Archive → Provider<Clerk> → Clerk →
    /// (missing) Desk, Drawer → Lazy<Lamp>.
    func smallGraph() -> (Container, line: Int) {
        let container = Container()
        let line = #line + 1
        container.register(V8Engine.self, scope: .singleton, using: V8Engine.init).forwarding((any Engine).self)
        container.register((any Transmission).self) { ManualTransmission() }
        container.register(Car.self, using: Car.init)
        container.register(Archive.self, scope: .cached, using: Archive.init)
        container.register(Clerk.self, using: Clerk.init)
        container.register(Drawer.self, using: Drawer.init)
        container.register(Lamp.self, scope: .request, using: Lamp.init)
        return (container, line)
    }

    @Test func theGraphAsData() {
        let (container, line) = smallGraph()
        let graph = container.graph()
        #expect(
            graph.nodes.map(\.key.description) == [
                "V8Engine", "any Engine", "any Transmission", "Car", "Archive", "Clerk", "Drawer", "Lamp", "Desk",
            ])
        #expect(
            graph.nodes.map(\.kind) == [
                .declared, .declared, .opaque, .declared, .declared, .declared, .declared, .declared, .missing,
            ])
        #expect(graph.nodes[3].scope == .unique && graph.nodes[3].place == "\(file):\(line + 2)")
        #expect(graph.nodes[8].scope == nil && graph.nodes[8].place == nil)
        #expect(
            graph.edges.map { "\($0.from) \($0.kind) \($0.to)" } == [
                "any Engine forwarding V8Engine", "Car declared any Engine", "Car declared any Transmission",
                "Archive provider Clerk", "Clerk declared Desk", "Drawer lazy Lamp",
            ])
    }

    @Test func mermaid() {
        let (container, line) = smallGraph()
        #expect(
            container.graph().mermaid == """
                flowchart LR
                    n0["V8Engine<br/>.singleton · \(file):\(line)"]
                    n1["any Engine<br/>.unique · \(file):\(line)"]
                    n2["any Transmission<br/>.unique · opaque · \(file):\(line + 1)"]
                    n3["Car<br/>.unique · \(file):\(line + 2)"]
                    n4["Archive<br/>.cached · \(file):\(line + 3)"]
                    n5["Clerk<br/>.unique · \(file):\(line + 4)"]
                    n6["Drawer<br/>.unique · \(file):\(line + 5)"]
                    n7["Lamp<br/>Scope(#quot;request#quot;) · \(file):\(line + 6)"]
                    n8["Desk<br/>missing"]
                    n1 -->|forwarding| n0
                    n3 --> n1
                    n3 --> n2
                    n4 -.->|provider| n5
                    n5 --> n8
                    n6 -.->|lazy| n7
                    classDef opaque stroke-dasharray: 4 4
                    classDef missing stroke:#c00,color:#c00
                    class n2 opaque
                    class n8 missing

                """)
    }

    @Test func dot() {
        let (container, line) = smallGraph()
        #expect(
            container.graph().dot == """
                digraph Syringe {
                    rankdir=LR;
                    node [shape=box];
                    n0 [label="V8Engine\\n.singleton · \(file):\(line)"];
                    n1 [label="any Engine\\n.unique · \(file):\(line)"];
                    n2 [label="any Transmission\\n.unique · opaque · \(file):\(line + 1)", style=dashed];
                    n3 [label="Car\\n.unique · \(file):\(line + 2)"];
                    n4 [label="Archive\\n.cached · \(file):\(line + 3)"];
                    n5 [label="Clerk\\n.unique · \(file):\(line + 4)"];
                    n6 [label="Drawer\\n.unique · \(file):\(line + 5)"];
                    n7 [label="Lamp\\nScope(\\"request\\") · \(file):\(line + 6)"];
                    n8 [label="Desk\\nmissing", color=red, fontcolor=red];
                    n1 -> n0 [label="forwarding"];
                    n3 -> n1;
                    n3 -> n2;
                    n4 -> n5 [style=dashed, label="provider"];
                    n5 -> n8;
                    n6 -> n7 [style=dashed, label="lazy"];
                }

                """)
    }

    @Test func json() {
        let (container, line) = smallGraph()
        func node(_ key: String, _ scope: String, _ line: Int, _ kind: String = "declared") -> String {
            "    {\"key\": \"\(key)\", \"scope\": \"\(scope)\", \"place\": \"\(file):\(line)\", \"kind\": \"\(kind)\"},"
        }
        #expect(
            container.graph().json == """
                {
                  "nodes": [
                \(node("V8Engine", ".singleton", line))
                \(node("any Engine", ".unique", line))
                \(node("any Transmission", ".unique", line + 1, "opaque"))
                \(node("Car", ".unique", line + 2))
                \(node("Archive", ".cached", line + 3))
                \(node("Clerk", ".unique", line + 4))
                \(node("Drawer", ".unique", line + 5))
                    {"key": "Lamp", "scope": "Scope(\\"request\\")", "place": "\(file):\(line + 6)", \
                "kind": "declared"},
                    {"key": "Desk", "scope": null, "place": null, "kind": "missing"}
                  ],
                  "edges": [
                    {"from": "any Engine", "to": "V8Engine", "kind": "forwarding"},
                    {"from": "Car", "to": "any Engine", "kind": "declared"},
                    {"from": "Car", "to": "any Transmission", "kind": "declared"},
                    {"from": "Archive", "to": "Clerk", "kind": "provider"},
                    {"from": "Clerk", "to": "Desk", "kind": "declared"},
                    {"from": "Drawer", "to": "Lamp", "kind": "lazy"}
                  ]
                }

                """)
    }

    @Test func aTraceAddsTheObservedEdgesOfOpaqueRegistrations() throws {
        let runs = FactoryRuns()
        let container = Container()
        container.register(Clerk.self, using: Clerk.init)
        container.register(Desk.self) { r in Desk(lamp: try r.resolve()) }
        container.register(Lamp.self, scope: .singleton) { runs.lamp() }
        #expect(container.graph().edges.map(\.kind) == [.declared])
        let graph = try container.graph(tracing: [Clerk.self])
        #expect(
            graph.edges.map { "\($0.from) \($0.kind) \($0.to)" } == [
                "Clerk declared Desk", "Desk observed Lamp",
            ])
        #expect(graph.mermaid.contains("    n1 -.->|observed| n2\n"))
        // The trace built its own instances; the container keeps none.
        #expect(runs.count == 1)
        #expect(container.instances(of: Lamp.self).isEmpty)
    }

    @Test func labelsAreEscaped() {
        let container = Container()
        container.register(Lamp.self, name: "say \"hi\" <now>\\") { Lamp() }
        let graph = container.graph()
        #expect(graph.nodes[0].key.description == #"Lamp (name: "say "hi" <now>\")"#)
        #expect(graph.mermaid.contains(##"n0["Lamp (name: #quot;say #quot;hi#quot; #lt;now#gt;\#quot;)<br/>"##))
        #expect(graph.dot.contains(#"n0 [label="Lamp (name: \"say \"hi\" <now>\\\")\n"#))
        #expect(graph.json.contains(#"{"key": "Lamp (name: \"say \"hi\" <now>\\\")", "scope""#))
    }
}
