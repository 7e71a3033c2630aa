import Syringe

// Seed 000: keys in the SwiftUI-environment style.

protocol TemperatureProviding: Sendable {
    func temperature(in city: String) async throws -> Double
}

/// The live provider. The demo makes no network calls, so it answers with a fixed reading.
struct OpenMeteoTemperatureProvider: TemperatureProviding {
    func temperature(in city: String) async throws -> Double { 14.5 }
}

/// What a test or a preview swaps in.
struct MockTemperatureProvider: TemperatureProviding {
    func temperature(in city: String) async throws -> Double { 30 }
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

struct TemperatureViewModel: Sendable {
    @Injected(\.temperatureProvider) var temperatureProvider

    func headline(for city: String) async -> String {
        let celsius = (try? await temperatureProvider.temperature(in: city)) ?? .nan
        return "\(city): \(celsius) °C"
    }
}

enum WeatherFeature {
    static func run(_ narrator: Narrator) async {
        narrator.section("Weather: a key with a default, read through @Injected(\\.temperatureProvider)")
        narrator.say("Live:  " + (await TemperatureViewModel().headline(for: "Lisbon")))
        await Container.withOverrides {
            $0.temperatureProvider = MockTemperatureProvider()
        } operation: {
            narrator.say(
                "Mock:  " + (await TemperatureViewModel().headline(for: "Lisbon"))
                    + "   (inside withOverrides, as a test would)")
        }
        narrator.say(
            "After: " + (await TemperatureViewModel().headline(for: "Lisbon"))
                + "   (the override ended with its scope)")
    }
}
