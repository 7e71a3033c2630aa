import Syringe

// Seed 004: components built by their init(), resolved through the protocols they adopt.

struct Settings: Component, Sendable {
    var apiHost = "api.example.com"
    init() {}
}

protocol Token: Component, Sendable { var value: String { get } }

struct ProductionToken: Token {
    var value = "prod-7f3a"
    init() {}
}

struct TestToken: Token {
    var value = "TESTTOKEN"
    init() {}
}

struct APIClient: Sendable {
    @Injected var settings: Settings
    @Injected var token: any Token

    func fetchProfile() -> String { "ada (GET https://\(settings.apiHost)/me, token \(token.value))" }
}

enum APIFeature {
    static func install(in container: Container) {
        container.register(Settings.self)
        container.register(ProductionToken.self)  // also answers requests for `any Token`
        container.register(APIClient.self) { APIClient() }
    }

    static func run(_ narrator: Narrator) throws {
        narrator.section("API client: components registered by type, found through their protocol")
        narrator.say("Live: " + APIClient().fetchProfile())
        try Container.withOverrides {
            $0.register(TestToken.self)  // the latest registration that conforms wins
        } operation: { () throws in
            narrator.say("Test: " + APIClient().fetchProfile())
        }
    }
}
