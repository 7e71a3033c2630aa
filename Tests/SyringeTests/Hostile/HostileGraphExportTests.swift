import Foundation
import Syringe
import Testing

final class HExported: Sendable {
    init(dial: HDial) {}
}

/// The graph's exports with names a user may choose: quotes, backslashes, newlines, non-ASCII, brackets.
/// Found broken: a name with a line break split its Mermaid node across two lines (invalid Mermaid).
@Suite("Hostile: graph exports with awkward names")
struct HostileGraphExportTests {
    static let names = ["plain", "with \"quotes\"", "back\\slash", "new\nline", "ünïcödé ✓", "a|b[c]{d}<e>;f"]

    private func container() -> Container {
        let container = Container()
        for name in Self.names {
            container.register(HDial.self, name: name) { HDial(owner: name) }
        }
        container.register(HExported.self, using: HExported.init)
        return container
    }

    @Test func theJSONParses() throws {
        let json = container().graph().json
        let data = try #require(json.data(using: .utf8))
        let parsed = try JSONSerialization.jsonObject(with: data)
        let object = try #require(parsed as? [String: Any])
        let nodes = try #require(object["nodes"] as? [[String: Any]])
        let keys = nodes.compactMap { $0["key"] as? String }
        for name in Self.names {
            #expect(keys.contains("HDial (name: \"\(name)\")"))
        }
    }

    @Test func dotAndMermaidKeepEveryLabelOnOneLineAndQuoted() {
        let graph = container().graph()
        for (format, text) in [("dot", graph.dot), ("mermaid", graph.mermaid)] {
            // A raw newline or an unescaped quote inside a label would end it early.
            for line in text.split(separator: "\n") where line.contains("new") {
                #expect(line.contains("line"), "\(format): a label was split across lines: \(line)")
            }
            let quotes = text.filter { $0 == "\"" }.count
            #expect(quotes % 2 == 0, "\(format): unbalanced quotes")
        }
    }
}
