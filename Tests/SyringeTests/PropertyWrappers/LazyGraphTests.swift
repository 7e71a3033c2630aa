import Syringe
import Testing

final class Ledger2: Sendable {}

struct Teller: Sendable {
    let ledger: Ledger2
    @LazyInjected var lazyLedger: Ledger2
    init(ledger: Ledger2) { self.ledger = ledger }
}

/// A lazily injected `.graph` dependency is the instance of the graph that built its owner.
@Suite("Property wrappers: lazy handles and .graph", .serialized)
struct LazyGraphTests {
    @Test func aLazyGraphDependencyIsTheOwnersGraphInstance() throws {
        try Container.withOverrides {
            $0.register(Ledger2.self, scope: .graph) { Ledger2() }
            $0.register(Teller.self) { r in Teller(ledger: try r.resolve()) }
        } operation: {
            let teller = try Container.shared.resolve(Teller.self)
            #expect(teller.lazyLedger === teller.ledger)
            let other = try Container.shared.resolve(Teller.self)
            #expect(other.lazyLedger === other.ledger)
            #expect(other.ledger !== teller.ledger)
        }
    }

    @Test func outsideAResolutionALazyGraphDependencyIsNew() throws {
        Container.withOverrides {
            $0.register(Ledger2.self, scope: .graph) { Ledger2() }
        } operation: {
            let teller = Teller(ledger: Ledger2())
            #expect(teller.lazyLedger !== teller.ledger)
        }
    }
}
