import Syringe

// Seed 004: components with init(), registered by type, resolved through the protocols they adopt.

struct Settings: Component, Sendable {
    var apiToken = "abc123"
    init() {}
}

protocol Token: Component, Sendable { var value: String { get } }
struct ProductionToken: Token {
    var value = "prod"
    init() {}
}
struct TestToken: Token {
    var value = "TESTTOKEN"
    init() {}
}

struct API: Sendable {
    @Injected var settings: Settings
    @Injected var token: any Token
}

/// The lines the example prints.
func run() -> [String] {
    Container.shared.register(Settings.self)
    Container.shared.register(ProductionToken.self)
    var lines = ["app: settings \(API().settings.apiToken), token \(API().token.value)"]
    Container.withOverrides {
        $0.register(TestToken.self)
    } operation: {
        lines.append("test: token \(API().token.value)")
    }
    return lines
}
