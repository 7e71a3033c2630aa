import Syringe
import SyringeTesting
import Testing

// DESIGN.md §7 as an app's tests: a test target of an app module is main-actor isolated too, so its
// configuration closures and the registrations inside them are main-actor code.

@Suite struct AppModeTestingTests {
    @Test(.container { $0.register(Clock.self) { TestClock() } })  // Swift Testing trait, SyringeTesting
    func theTraitConfiguresTheTestsContainer() throws {
        #expect(try Container.shared.resolve(Clock.self).isTest)
    }

    @Test(.container(strict: true) { $0.temperatureProvider = MockTemperatureProvider() })
    func aStrictTraitWithAnOverride() async throws {
        #expect(try await Container[\.temperatureProvider].temperature(at: Location()) == -5)
    }

    @Test func withOverridesRegistersAndAssigns() async throws {
        try await Container.withOverrides {
            $0.temperatureProvider = MockTemperatureProvider()
            $0.register(Engine.self) { TestEngine() }
        } operation: {
            // everything resolved in here, including in child tasks, sees the overrides and fresh singletons
            let engine = try Container.shared.resolve(Engine.self)
            let celsius = try await Container[\.temperatureProvider].temperature(at: Location())
            #expect(engine.name == "test")
            #expect(celsius == -5)
            let inChildTask = try await Task { try Container.shared.resolve(Engine.self).name }.value
            #expect(inChildTask == "test")
        }
    }
}

/// `.container` without parentheses, in an app module's tests.
@Suite(.container) struct AppModeBareContainerTraitTests {
    @Test func eachTestGetsAFreshContainer() throws {
        Container.shared.register(Clock.self) { TestClock() }
        #expect(try Container.shared.resolve(Clock.self).isTest)
    }

    @Test(.container) func aBareTestTraitToo() {
        #expect(!Container.shared.isRegistered(Clock.self, name: "bare"))
    }
}
