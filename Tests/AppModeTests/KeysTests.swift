import Syringe
import SyringeTesting
import Testing

// DESIGN.md §3.1 written as app code: in this module every declaration is main-actor isolated by default, the
// protocol is not `Sendable`, and nothing is annotated for Syringe.

struct Location {}

protocol TemperatureProviding {
    func temperature(at location: Location) async throws -> Double
}

final class OpenMeteoTemperatureProvider: TemperatureProviding {
    init() {}
    func temperature(at location: Location) async throws -> Double { 21 }
}

final class MockTemperatureProvider: TemperatureProviding {
    let celsius: Double
    init(celsius: Double = -5) { self.celsius = celsius }
    func temperature(at location: Location) async throws -> Double { celsius }
}

private struct TemperatureProviderKey: InjectionKey {
    static var defaultValue: any TemperatureProviding { OpenMeteoTemperatureProvider() }
}

extension Container {
    var temperatureProvider: any TemperatureProviding {
        get { self[TemperatureProviderKey.self] }
        set { self[TemperatureProviderKey.self] = newValue }
    }
}

struct TemperatureViewModel {
    @Injected(\.temperatureProvider) var temperatureProvider
}

/// A client that is its own key, resolved by type (swift-dependencies' `@Dependency(ForecastClient.self)`).
struct ForecastClient: InjectionKey {
    var summary: () -> String
    static var defaultValue: ForecastClient { ForecastClient { "sunny" } }
}

final class ForecastModel {
    @Injected var client: ForecastClient
    init() {}
}

@Suite(.container())
struct AppModeKeysTests {
    @Test func theDefaultValueIsBuiltOnFirstUseAndKept() async throws {
        let first = TemperatureViewModel().temperatureProvider
        #expect(try await first.temperature(at: Location()) == 21)
        #expect(TemperatureViewModel().temperatureProvider as AnyObject === first as AnyObject)  // .cached
    }

    @Test func anAssignmentOverridesTheKey() async throws {
        Container[\.temperatureProvider] = MockTemperatureProvider()
        #expect(try await TemperatureViewModel().temperatureProvider.temperature(at: Location()) == -5)
    }

    @Test func aTypeThatIsItsOwnKeyResolvesByType() throws {
        #expect(ForecastModel().client.summary() == "sunny")
        Container.shared[ForecastClient.self] = ForecastClient { "rain" }
        #expect(try Container.shared.resolve(ForecastClient.self).summary() == "rain")
        #expect(ForecastModel().client.summary() == "rain")
    }

    @Test func withOverridesSeesTheOverrideInChildTasks() async throws {
        try await Container.withOverrides {
            $0.temperatureProvider = MockTemperatureProvider(celsius: 30)
        } operation: {
            let celsius = try await Container[\.temperatureProvider].temperature(at: Location())
            #expect(celsius == 30)
        }
    }
}
