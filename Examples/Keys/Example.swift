import Syringe

// Seed 000: keys in the SwiftUI-environment style.

protocol TemperatureProviding: Sendable { func temperature(in city: String) -> Double }
struct OpenMeteoTemperatureProvider: TemperatureProviding { func temperature(in city: String) -> Double { 14.5 } }
struct MockTemperatureProvider: TemperatureProviding { func temperature(in city: String) -> Double { 30 } }

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
    var text: String { "Lisbon: \(temperatureProvider.temperature(in: "Lisbon")) °C" }
}

/// The lines the example prints.
func run() -> [String] {
    var lines = ["default: " + TemperatureViewModel().text]
    Container.withOverrides {
        $0.temperatureProvider = MockTemperatureProvider()
    } operation: {
        lines.append("overridden: " + TemperatureViewModel().text)
    }
    Container[\.temperatureProvider] = MockTemperatureProvider()
    lines.append("set for the app: " + TemperatureViewModel().text)
    Container.shared.reset(\.temperatureProvider)
    lines.append("reset: " + TemperatureViewModel().text)
    return lines
}
