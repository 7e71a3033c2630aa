import Foundation
import Syringe
import SyringeTesting
import Testing

final class HostileTraitService: Sendable {
    let token: Token
    init(token: Token) { self.token = token }
}

final class HostileTraitLog: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var identities: [String: ObjectIdentifier] = [:]
    /// The recorded objects, kept alive: a freed one's address may be reused by the next, which would then read as
    /// the same object.
    nonisolated(unsafe) private var kept: [AnyObject] = []

    func record(_ name: String, _ object: AnyObject) {
        lock.lock()
        identities[name] = ObjectIdentifier(object)
        kept.append(object)
        lock.unlock()
    }

    var all: [String: ObjectIdentifier] {
        lock.lock()
        defer { lock.unlock() }
        return identities
    }

    static let shared = HostileTraitLog()
}

extension Scope {
    fileprivate static let hostileTraitRequest = Scope("hostile-trait-request")
}

/// The `.container` trait on a suite, nested with a test's own trait, with parameterised tests, request
/// scopes and child tasks: what a user writes when they first adopt SyringeTesting.
@Suite(
    "Hostile: the container trait",
    .container {
        $0.register(Token.self) { Token(value: 42) }
        $0.register(HostileTraitService.self, scope: .singleton) { r in HostileTraitService(token: try r.resolve()) }
    })
struct HostileTraitTests {
    @Test func theSuitesRegistrationsApply() throws {
        #expect(try Container.shared.resolve(HostileTraitService.self).token.value == 42)
    }

    /// A test's own trait adds to the suite's.
    @Test(.container { $0.register(Greeting.self) { r in Greeting(token: try r.resolve()) } })
    func aTestsTraitAddsToTheSuites() throws {
        #expect(try Container.shared.resolve(Greeting.self).token.value == 42)
        #expect(try Container.shared.resolve(HostileTraitService.self).token.value == 42)
    }

    /// A test's trait overrides the suite's, also for the suite's singleton that depends on it.
    @Test(.container { $0.register(Token.self) { Token(value: 7) } })
    func aTestsTraitOverridesTheSuites() throws {
        #expect(try Container.shared.resolve(HostileTraitService.self).token.value == 7)
    }

    /// Each argument gets its own singleton, registered by the suite.
    @Test(arguments: 0..<20)
    func eachArgumentGetsItsOwnSingleton(id: Int) async throws {
        let service = try Container.shared.resolve(HostileTraitService.self)
        HostileTraitLog.shared.record("argument \(id)", service)
        try await Task.sleep(for: .milliseconds(Int.random(in: 0...3)))
        #expect(try Container.shared.resolve(HostileTraitService.self) === service)
        let seen = HostileTraitLog.shared.all.filter { $0.key.hasPrefix("argument") && $0.key != "argument \(id)" }
        #expect(!seen.values.contains(ObjectIdentifier(service)))
    }

    /// Registering into `Container.shared` from a child task registers into the test's container.
    @Test func aChildTaskRegistersIntoTheTestsContainer() async throws {
        await Task { _ = Container.shared.register(Token.self) { Token(value: 9) } }.value
        #expect(try Container.shared.resolve(Token.self).value == 9)
        #expect(try Container.shared.resolve(HostileTraitService.self).token.value == 9)
    }

    /// A request scope inside a test that has the trait.
    @Test func aRequestScopeInsideTheTrait() async throws {
        Container.shared.register(Greeting.self, scope: .hostileTraitRequest) { r in Greeting(token: try r.resolve()) }
        let (first, second) = try await Container.shared.withScope(.hostileTraitRequest) {
            (try Container.shared.resolve(Greeting.self), try Container.shared.resolve(Greeting.self))
        }
        let third = try await Container.shared.withScope(.hostileTraitRequest) {
            try Container.shared.resolve(Greeting.self)
        }
        #expect(first === second)
        #expect(first !== third)
    }
}

/// The trait's container ends with its test: what the test built is released.
@Suite("Hostile: the container trait's memory")
struct HostileTraitMemoryTests {
    final class Probe: Sendable {}
    private static let probe = ProbeBox()

    final class ProbeBox: @unchecked Sendable {  // every access holds `lock`
        private let lock = NSLock()
        private weak var probe: Probe?
        func set(_ probe: Probe) {
            lock.lock()
            self.probe = probe
            lock.unlock()
        }
        var isAlive: Bool {
            lock.lock()
            defer { lock.unlock() }
            return probe != nil
        }
    }

    @Test func theTestsSingletonsGoWithIt() throws {
        try Container.withOverrides {
            $0.register(Probe.self, scope: .singleton) { Probe() }
        } operation: {
            Self.probe.set(try Container.shared.resolve(Probe.self))
        }
        #expect(!Self.probe.isAlive)
    }
}
