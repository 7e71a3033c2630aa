import Syringe
import SyringeTesting
import Testing

// What Factory's tests found, as app code: an optional main-actor class in `.shared`, a stored scope whose factory
// returns nil until the user signs in, `reset(_:)` of a registration with arguments, and Factory's `reset()`.

final class SignedInUser {
    let name: String
    init(name: String) { self.name = name }
}

final class AccountStore {
    var name: String?
    init() {}
}

final class Badge {
    let title: String
    init(title: String) { self.title = title }
}

@Suite struct AppModeScopesTests {
    @Test func anOptionalClassIsSharedWhileHeld() throws {
        let container = Container()
        container.register(SignedInUser?.self, scope: .shared) { SignedInUser(name: "Ada") }
        let user = try container.resolve(SignedInUser?.self)
        #expect(user != nil)
        #expect(try container.resolve(SignedInUser?.self) === user)
    }

    @Test func aSingletonThatIsNilIsBuiltAgain() throws {
        let store = AccountStore()
        let container = Container()
        container.register(SignedInUser?.self, scope: .singleton) { store.name.map { SignedInUser(name: $0) } }
        #expect(try container.resolve(SignedInUser?.self) == nil)
        store.name = "Ada"
        let user = try container.resolve(SignedInUser?.self)
        #expect(user?.name == "Ada")
        store.name = "Bo"
        #expect(try container.resolve(SignedInUser?.self) === user)  // kept from now on
    }

    @Test func resetReachesARegistrationWithArguments() throws {
        let container = Container()
        container.register(Badge.self, scope: .cached) { (r, title: String) in Badge(title: title) }
        #expect(try container.resolve(Badge.self, arguments: "first").title == "first")
        #expect(try container.resolve(Badge.self, arguments: "second").title == "first")
        container.reset(Badge.self)
        #expect(try container.resolve(Badge.self, arguments: "second").title == "second")
    }

    @Test func factorysResetRemovesOverridesToo() {
        let container = Container()
        container.forecastAPI = CountingAPIClient(number: 1)
        container.resetAll()
        #expect(container.forecastAPI is CountingAPIClient)
        container.resetAll(includingOverrides: true)
        #expect(container.forecastAPI is MockAPIClient)  // the key's testValue: this is a test process
    }
}
