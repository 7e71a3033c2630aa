import Testing

@testable import Syringe

@Suite("Resetting")
struct ResetTests {
    final class Greeting: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    /// Found by Factory's tests: `reset(Type.self)` could not reach a registration that takes arguments.
    @Test func resetByTypeReachesRegistrationsWithArguments() throws {
        let container = Container()
        container.register(Greeting.self, scope: .cached) { (_, name: String) in Greeting(name) }
        container.register(Greeting.self, name: "loud", scope: .cached) { (_, name: String) in Greeting(name + "!") }
        #expect(try container.resolve(Greeting.self, arguments: "Ada").name == "Ada")
        #expect(try container.resolve(Greeting.self, arguments: "Bo").name == "Ada")  // kept
        #expect(try container.resolve(Greeting.self, name: "loud", arguments: "Ada").name == "Ada!")
        container.reset(Greeting.self)
        #expect(try container.resolve(Greeting.self, arguments: "Bo").name == "Bo")
        #expect(try container.resolve(Greeting.self, name: "loud", arguments: "Bo").name == "Ada!")  // another name
        container.reset(Greeting.self, name: "loud")
        #expect(try container.resolve(Greeting.self, name: "loud", arguments: "Bo").name == "Bo!")
    }

    @Test func resetByTypeStillReachesOneWithout() throws {
        let container = Container()
        container.register(Greeting.self, scope: .singleton) { Greeting("first") }
        let first = try container.resolve(Greeting.self)
        container.reset(Greeting.self)
        #expect(try container.resolve(Greeting.self) !== first)
    }

    /// `reset((any Plugin).self)` dropped the registration's instance but kept the singleton contributions
    /// of that type; only `resetAll()` or `reset(.singleton)` reached them.
    @Test func resetByTypeReachesItsContributions() throws {
        let container = Container()
        let disposed = Counter()
        container.contribute(Greeting.self, scope: .singleton) { Greeting("kept") }
            .onDispose { _ in disposed.increment() }
        container.contribute(Greeting.self, scope: .singleton) { Greeting("other") }
        container.register(Greeting.self, name: "named", scope: .singleton) { Greeting("named") }
        let before = try container.resolveAll(Greeting.self)
        let named = try container.resolve(Greeting.self, name: "named")

        container.reset(Greeting.self, name: "named")
        #expect(try container.resolveAll(Greeting.self).elementsEqual(before, by: ===))  // a name: not these
        #expect(try container.resolve(Greeting.self, name: "named") !== named)

        container.reset(Greeting.self)
        let after = try container.resolveAll(Greeting.self)
        #expect(after.map(\.name) == ["kept", "other"])
        #expect(zip(before, after).allSatisfy { $0 !== $1 })
        #expect(disposed.count == 1)
    }

    /// Factory's `reset()` removes its registrations' overrides; `resetAll()` keeps them.
    @Test func resetAllIncludingOverridesRestoresEveryDefault() throws {
        try ProcessContext.with(.plain) {
            let container = Container()
            let disposed = Counter()
            container.register(Greeting.self, scope: .singleton) { Greeting("registered") }
                .onDispose { _ in disposed.increment() }
            container.weatherStation = StubForecast("assigned")
            container.override(\.overridable.uncounted) { ForecastBox("factory") }
            _ = container.overridable.uncounted
            let registered = try container.resolve(Greeting.self)

            container.resetAll()
            #expect(container.weatherStation.source == "assigned")
            #expect(container.overridable.uncounted.source == "factory")
            #expect(try container.resolve(Greeting.self) !== registered)
            #expect(disposed.count == 1)

            container.resetAll(includingOverrides: true)
            #expect(container.weatherStation.source == "live")
            #expect(container.overridable.uncounted.source == "live")
            #expect(try container.resolve(Greeting.self).name == "registered")  // the type registry stays
            #expect(disposed.count == 2)
        }
    }

    /// Found by a hostile run: `resetAll(includingOverrides: true)` removed every contribution to a multi-binding
    /// with the overrides of key paths, as if they were overrides too.
    @Test func resetAllIncludingOverridesKeepsContributions() throws {
        try ProcessContext.with(.plain) {
            let container = Container()
            container.contribute(Greeting.self) { Greeting("unique") }
            container.contribute(Greeting.self, scope: .singleton) { Greeting("kept") }
            container.weatherStation = StubForecast("assigned")
            let kept = try #require(try container.resolveAll(Greeting.self).last)

            container.resetAll(includingOverrides: true)
            let after = try container.resolveAll(Greeting.self)
            #expect(after.map(\.name) == ["unique", "kept"])
            #expect(after.count == 2 && after.last !== kept)  // its instance was dropped, the contribution stays
            #expect(container.weatherStation.source == "live")
        }
    }

    @Test func resettingAKeyPathReleasesWhatItsFactoryOverrideKept() {
        let container = Container()
        container.override(\.overridable.uncounted) { ForecastBox("factory") }
        weak let kept = container.overridable.uncounted
        #expect(kept?.source == "factory")
        container.reset(\.overridable.uncounted)
        #expect(kept == nil)
        #expect(container.overridable.uncounted.source == "live")
    }
}
