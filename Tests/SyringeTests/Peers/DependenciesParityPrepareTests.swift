// swift-dependencies' prepareDependencies tests, ported to an assignment `Container[\.x] = …` made inside the
// container a test runs in.
import Foundation
import Syringe
import Testing

@Suite("DependenciesParity: preparing dependencies")
struct DependenciesParityPrepareTests {
    /// An assignment through `Container[\.x]` sets the key for what is read after it.
    @Test func anAssignmentSetsTheKey() {
        Container.withOverrides { _ in
        } operation: {
            Container[\.dpNumber] = 5
            #expect(Container[\.dpNumber] == 5)
            #expect(DpModel().number == 5)
        }
    }

    /// Two assignments of one key in a row: the last wins.
    @Test func theLastAssignmentWins() {
        Container.withOverrides { _ in
        } operation: {
            Container[\.dpNumber] = 42
            Container[\.dpNumber] = 1729
            #expect(Container[\.dpNumber] == 1729)
        }
    }

    /// An assigned key is overridden inside `withOverrides` and is back to the assigned value after it.
    @Test func overridesWinOverAnAssignmentAndUnwindToIt() {
        Container.withOverrides { _ in
        } operation: {
            Container[\.dpNumber] = 42
            Container.withOverrides {
                $0.dpNumber = 1729
            } operation: {
                #expect(Container[\.dpNumber] == 1729)
            }
            #expect(Container[\.dpNumber] == 42)
        }
    }

    /// A type that is its own key is set, whole or one endpoint, through `container[Client.self]`.
    @Test func aSelfKeyedClientIsSetThroughItsType() throws {
        try Container.withOverrides { _ in
        } operation: { () throws in
            let container = Container.shared
            container[DpEndpointClient.self] = DpEndpointClient { 1729 }
            #expect(container[DpEndpointClient.self].get() == 1729)
            #expect(try container.resolve(DpEndpointClient.self).get() == 1729)
            container[DpEndpointClient.self].get = { 42 }
            #expect(container[DpEndpointClient.self].get() == 42)
            #expect(try container.resolve(DpEndpointClient.self).get() == 42)
        }
    }

    /// A key assigned after it was read gives the new value (swift-dependencies reports the late preparation).
    @Test func aKeyAssignedAfterItWasReadGivesTheNewValue() {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.dpNumber] == 42)
            Container[\.dpNumber] = 7
            #expect(Container[\.dpNumber] == 7)
        }
    }

    /// Tests that run in parallel each assign the key in a container of their own and see only their own value.
    @Test(arguments: 1...8)
    func parallelAssignmentsAreIsolated(value: Int) async throws {
        try await Container.withOverrides { _ in
        } operation: {
            Container[\.dpNumber] = value
            try await Task.sleep(nanoseconds: 1_000_000)
            #expect(Container[\.dpNumber] == value)
        }
    }

    /// A type that is its own key, overridden in `withOverrides`, is read by type by `@Injected` and by a factory.
    @Test func aSelfKeyedOverrideIsReadByTypeEverywhere() throws {
        try Container.withOverrides {
            $0[DpEndpointClient.self] = DpEndpointClient { 1729 }
            $0.register(DpEndpointUser.self) { r in DpEndpointUser(client: try r.resolve()) }
        } operation: { () throws in
            #expect(DpEndpointModel().client.get() == 1729)
            #expect(try Container.shared.resolve(DpEndpointUser.self).client.get() == 1729)
        }
    }
}

private struct DpEndpointModel {
    @Injected var client: DpEndpointClient
}

private struct DpEndpointUser {
    let client: DpEndpointClient
}
