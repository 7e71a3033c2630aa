@testable import Syringe

protocol Clock: Sendable { var id: Int { get } }
struct LiveClock: Clock { let id = -1 }
struct TestClock: Clock { let id: Int }

private struct ClockKey: InjectionKey {
    static var defaultValue: any Clock { LiveClock() }
}

struct NetworkKey: InjectionKey {
    static var defaultValue: any Clock { LiveClock() }
    static var isLiveOnly: Bool { true }
}

extension Container {
    var clock: any Clock {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }
    var network: any Clock {
        get { self[NetworkKey.self] }
        set { self[NetworkKey.self] = newValue }
    }
}

struct Token: Sendable { let value: Int }

/// A process-wide singleton that depends on an overridden registration: each test must build its own.
final class Greeting: Sendable {
    let token: Token
    init(token: Token) { self.token = token }
}

final class LiveFeed: Sendable {}

/// Registrations of the process-wide container, made once before any test resolves.
enum ProcessWide {
    static let registered: Void = {
        // The first access may come from inside a test's scope, where `Container.shared` is the test's.
        let container = Container.processWideContainer
        container.register(Token.self) { Token(value: -1) }
        container.register(Greeting.self, scope: .singleton) { r in Greeting(token: try r.resolve()) }
        container.register(LiveFeed.self, scope: .singleton) { LiveFeed() }.liveOnly()
    }()
}

struct Observed: Sendable, Equatable {
    let clock: Int
    let token: Int
    let greeting: Int
    let greetingIdentity: ObjectIdentifier
}

/// What the current task sees through every face.
func observe() throws -> Observed {
    let greeting = try Container.shared.resolve(Greeting.self)
    return Observed(
        clock: Container[\.clock].id,
        token: try Container.shared.resolve(Token.self).value,
        greeting: greeting.token.value,
        greetingIdentity: ObjectIdentifier(greeting))
}
