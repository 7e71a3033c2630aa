import Syringe
import SyringeTesting
import Testing

// DESIGN.md §3.5 as app code. A component conforming to `Component` directly is nonisolated (the protocol
// requires `SendableMetatype`, so Swift infers it so); one found through the app's own protocol needs that
// protocol marked `nonisolated` (see the article "Apps with default main-actor isolation").

struct Settings: Component {
    var apiToken = "abc123"
    init() {}
}
nonisolated protocol Token: Component {
    var value: String { get }
}
struct ProductionToken: Token {
    var value = "prod"
    init() {}
}
struct TestToken: Token {
    var value = "test"
    init() {}
}

struct API {
    @Injected var settings: Settings
    @Injected var token: any Token  // resolved to ProductionToken
}

@Suite(.container())
struct AppModeComponentsTests {
    @Test func componentsAreRegisteredByTypeAndFoundThroughTheirProtocol() {
        Container.shared.register(Settings.self)  // uses init()
        Container.shared.register(ProductionToken.self)  // also answers requests for `Token`
        let api = API()
        #expect(api.settings.apiToken == "abc123")
        #expect(api.token.value == "prod")
        Container.shared.register(TestToken.self)  // the latest registration that conforms wins
        #expect(API().token.value == "test")
    }

    @Test func aComponentIsBuiltOffTheMainActorToo() async throws {
        Container.shared.register(Settings.self, scope: .singleton)
        let container = Container.shared
        let token = try await Task.detached { try container.resolve(Settings.self).apiToken }.value
        #expect(token == "abc123")
    }
}
