import Testing

@testable import Syringe

/// Found by Factory's tests: a stored scope kept a `nil` result for ever. It keeps nothing instead, and the next
/// resolve runs the factory again, as Factory does.
@Suite("A stored scope does not keep nil")
struct StoredNilTests {
    /// A factory that returns `nil` until `ready` is set, counting its runs.
    final class Login: Sendable {
        let runs = Counter()
        let ready = AtomicFlag()
        func user() -> String? {
            runs.increment()
            return ready.isSet ? "ada" : nil
        }
    }

    @Test(arguments: [Scope.singleton, .cached, .shared, .session])
    func theFactoryRunsAgainUntilItReturnsAValue(scope: Scope) throws {
        let container = Container()
        let login = Login()
        container.register(String?.self, scope: scope) { login.user() }
        #expect(try container.resolve(String?.self) == nil)
        #expect(try container.resolve(String?.self) == nil)
        login.ready.set()
        #expect(try container.resolve(String?.self) == "ada")
        #expect(try container.resolve(String?.self) == "ada")
        // A value (`String?`) in `.shared` is built on every resolve; the other scopes keep "ada".
        #expect(login.runs.count == (scope == .shared ? 4 : 3))
    }

    @Test func anAsyncSingletonToo() async throws {
        let container = Container()
        let login = Login()
        container.register(String?.self, scope: .singleton) { _ async in login.user() }
        #expect(try await container.resolveAsync(String?.self) == nil)
        login.ready.set()
        #expect(try await container.resolveAsync(String?.self) == "ada")
        #expect(try await container.resolveAsync(String?.self) == "ada")
        #expect(login.runs.count == 2)
    }

    @Test func aContainerPropertyToo() {
        let login = Login()
        let properties = SignedIn(container: Container(), login: login)
        #expect(properties.user == nil)
        login.ready.set()
        #expect(properties.user == "ada")
        #expect(properties.user == "ada")
        #expect(login.runs.count == 2)
    }

    struct SignedIn: SubContainer {
        let container: Container
        let login: Login
        var user: String? { provide(.singleton) { login.user() } }
    }
}
