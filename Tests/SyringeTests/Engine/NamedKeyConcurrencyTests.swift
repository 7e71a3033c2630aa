import Foundation
import Testing

@testable import Syringe

/// A named singleton's instance, once kept, is read without a lock as a plain type's is: from any thread, through
/// parents, past resets and re-registrations, never leaking into a test container.
@Suite("Engine: named keys on the lock-free path", .timeLimit(.minutes(1)))
struct NamedKeyConcurrencyTests {
    final class Token: Sendable {
        let label: String
        init(_ label: String) { self.label = label }
    }

    @Test func aNamedSingletonIsBuiltOnceForEveryThread() {
        let container = Container()
        let builds = Counter()
        container.register(Token.self, name: "staging", scope: .singleton) {
            builds.increment()
            return Token("staging")
        }
        container.register(Token.self, name: "production", scope: .singleton) { Token("production") }
        let seen = Collector<ObjectIdentifier>()
        let barrier = Barrier(parties: 8)
        runOnThreads(8) { index in
            barrier.arriveAndWait()
            for _ in 0..<2_000 {
                let name = index.isMultiple(of: 2) ? "staging" : "production"
                guard let token = try? container.resolve(Token.self, name: name), token.label == name else {
                    seen.append(ObjectIdentifier(Token.self))  // a wrong answer: fails the count below
                    return
                }
                if name == "staging" { seen.append(ObjectIdentifier(token)) }
            }
        }
        #expect(builds.count == 1)
        #expect(Set(seen.elements).count == 1)
        #expect(seen.elements.count == 4 * 2_000)
    }

    @Test func aNamedInstanceIsTheRightOneAmongManyNamesOfOneType() throws {
        let container = Container()
        let names = (0..<1_000).map { "service-\($0)" }
        for name in names { container.register(Token.self, name: name, scope: .cached) { Token(name) } }
        container.register(Token.self, scope: .cached) { Token("unnamed") }
        for _ in 0..<2 {
            for name in names { #expect(try container.resolve(Token.self, name: name).label == name) }
        }
        #expect(try container.resolve(Token.self).label == "unnamed")
        // The same name for another type is another key.
        container.register(String.self, name: "service-7") { "a string" }
        #expect(try container.resolve(String.self, name: "service-7") == "a string")
        #expect(try container.resolve(Token.self, name: "service-7").label == "service-7")
    }

    @Test func resetAndReRegistrationReachTheNamedReadPath() throws {
        let container = Container()
        container.register(Tracked.self, name: "kept", scope: .cached) { Tracked() }
        weak var first: Tracked?
        do { first = try container.resolve(Tracked.self, name: "kept") }
        #expect(first != nil)
        #expect(try container.resolve(Tracked.self, name: "kept") === first)
        container.reset(Tracked.self, name: "kept")
        #expect(first == nil)
        let second = try container.resolve(Tracked.self, name: "kept")
        container.register(Tracked.self, name: "kept", scope: .cached) { Tracked() }
        #expect(try container.resolve(Tracked.self, name: "kept") !== second)
    }

    @Test func aChildSeesItsParentsNamedSingletonUnlessItRegistersTheName() throws {
        let parent = Container()
        parent.register(Token.self, name: "api", scope: .singleton) { Token("parent") }
        let child = Container(parent: parent)
        let fromParent = try parent.resolve(Token.self, name: "api")
        #expect(try child.resolve(Token.self, name: "api") === fromParent)
        child.register(Token.self, name: "api", scope: .singleton) { Token("child") }
        let fromChild = try child.resolve(Token.self, name: "api")
        #expect(fromChild.label == "child")
        #expect(try child.resolve(Token.self, name: "api") === fromChild)
        #expect(try parent.resolve(Token.self, name: "api") === fromParent)
        // A unique registration of the name in the child is built anew, not read from the parent's slot.
        child.register(Token.self, name: "api") { Token("fresh") }
        let first = try child.resolve(Token.self, name: "api")
        #expect(first.label == "fresh")
        #expect(try child.resolve(Token.self, name: "api") !== first)
    }

    @Test func aTestContainerKeepsANamedSingletonOfItsOwn() throws {
        let container = Container()
        container.register(Token.self, name: "api", scope: .singleton) { Token("live") }
        let live = try container.resolve(Token.self, name: "api")
        // What `withOverrides` makes of `Container.shared`, over a container of this test's own.
        let test = Container(parent: container, policy: TestPolicy())
        let inTest = try test.resolve(Token.self, name: "api")
        #expect(inTest !== live)
        #expect(try test.resolve(Token.self, name: "api") === inTest)
        #expect(try container.resolve(Token.self, name: "api") === live)
    }

    /// Readers of a named instance racing its resets never see freed memory (TSan checks this run too).
    @Test func readersOfANamedInstanceRacingResetsAgree() {
        let container = Container()
        container.register(Tracked.self, name: "racing", scope: .cached) { Tracked() }
        let deadline = Date().addingTimeInterval(0.5)
        let failures = Counter()
        runOnThreads(4) { index in
            while Date() < deadline {
                if index == 0 {
                    container.reset(Tracked.self, name: "racing")
                } else if (try? container.resolve(Tracked.self, name: "racing")) == nil {
                    failures.increment()
                }
            }
        }
        #expect(failures.count == 0)
    }

    /// Names are equal as Swift strings are, canonically: however a name is spelled, it finds its registration.
    @Test func canonicallyEquivalentNamesAreOneName() throws {
        let container = Container()
        container.register(Token.self, name: "caf\u{E9}", scope: .singleton) { Token("precomposed") }
        container.register(Token.self, name: "\u{212A}elvin", scope: .singleton) { Token("kelvin sign") }
        container.register(Token.self, name: "semi;colon") { Token("ascii") }
        #expect(try container.resolve(Token.self, name: "cafe\u{301}").label == "precomposed")
        #expect(try container.resolve(Token.self, name: "Kelvin").label == "kelvin sign")
        #expect(try container.resolve(Token.self, name: "semi\u{37E}colon").label == "ascii")
        let precomposed = try container.resolve(Token.self, name: "caf\u{E9}")
        #expect(try container.resolve(Token.self, name: "cafe\u{301}") === precomposed)
        #expect(container.isRegistered(Token.self, name: "\u{212A}elvin"))
        #expect(!container.isRegistered(Token.self, name: "kelvin"))
    }
}
