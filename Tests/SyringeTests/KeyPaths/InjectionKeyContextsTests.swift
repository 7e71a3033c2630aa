import Testing

@testable import Syringe

/// A key with a value per context.
private struct WeatherStationKey: InjectionKey {
    static var defaultValue: any Forecast { LiveForecast() }
    static var testValue: any Forecast { StubForecast("test") }
    static var previewValue: any Forecast { StubForecast("preview") }
}

/// A key with a test value only.
private struct TideTableKey: InjectionKey {
    static var defaultValue: ForecastBox { ForecastBox("live") }
    static var testValue: ForecastBox { ForecastBox("test") }
}

/// A live-only key with a test value: a strict test never reaches its live default.
private struct RadarKey: InjectionKey {
    static var defaultValue: any Forecast { LiveForecast() }
    static var testValue: any Forecast { StubForecast("test radar: \(Container.shared.windVane.source)") }
    static var isLiveOnly: Bool { true }
}

/// A live-only key without one.
private struct SatelliteKey: InjectionKey {
    static var defaultValue: any Forecast { LiveForecast() }
    static var isLiveOnly: Bool { true }
    static var scope: Scope { .unique }
}

/// A key without alternatives, read by `RadarKey.testValue`.
private struct WindVaneKey: InjectionKey {
    static var defaultValue: any Forecast { StubForecast("vane") }
}

extension Container {
    var weatherStation: any Forecast {
        get { self[WeatherStationKey.self] }
        set { self[WeatherStationKey.self] = newValue }
    }
    var tideTable: ForecastBox { self[TideTableKey.self] }
    var radar: any Forecast { self[RadarKey.self] }
    var satellite: any Forecast { self[SatelliteKey.self] }
    var windVane: any Forecast { self[WindVaneKey.self] }
}

@Suite("InjectionKey: test and preview values")
struct InjectionKeyContextsTests {
    func station(_ context: ProcessContext) -> String {
        ProcessContext.with(context) { Container().weatherStation.source }
    }

    @Test func eachContextBuildsItsValue() {
        #expect(station(.plain) == "live")
        #expect(station(.debug) == "live")
        #expect(station(.test) == "test")
        #expect(station(.preview) == "preview")
        #expect(station(ProcessContext(isPreview: true, isTest: true)) == "preview")
        #expect(station(ProcessContext(isTest: true, arguments: ["-mock"])) == "test")
    }

    @Test func aValueTheKeyDoesNotGiveFallsBackToTheDefault() {
        ProcessContext.with(.preview) { #expect(Container().tideTable.source == "live") }
        ProcessContext.with(.test) { #expect(Container().satellite.source == "live") }
        #expect(WindVaneKey.testValue.source == "vane")
        #expect(WindVaneKey.previewValue.source == "vane")
    }

    @Test func theContextValueKeepsTheKeysScope() {
        ProcessContext.with(.test) {
            let container = Container()
            #expect(container.tideTable.source == "test")
            #expect(container.tideTable === container.tideTable)  // .cached
            container.reset(.cached)
            #expect(container.tideTable.source == "test")
        }
    }

    @Test func anOverrideWinsOverTheTestValue() {
        ProcessContext.with(.test) {
            Container.withOverrides {
                $0.weatherStation = StubForecast("override")
            } operation: {
                #expect(Container[\.weatherStation].source == "override")
            }
            Container.withOverrides { _ in
            } operation: {
                #expect(Container[\.weatherStation].source == "test")
            }
        }
    }

    @Test func aStrictTestReportsALiveOnlyKeyOnlyWhenItReachesTheLiveDefault() {
        let reported = Collector<String>()
        ProcessContext.with(.test) {
            Container.withOverrides(strict: { reported.append($0.description) }) { _ in
            } operation: {
                #expect(Container[\.radar].source == "test radar: vane")
                #expect(Container[\.satellite].source == "live")
                _ = Container[\.satellite]  // once per key
            }
        }
        #expect(reported.elements == ["Container.satellite (SatelliteKey)"])
    }

    @Test func outsideATestProcessAStrictContainerReportsTheLiveDefault() {
        let reported = Collector<String>()
        ProcessContext.with(.plain) {
            Container.withOverrides(strict: { reported.append($0.description) }) { _ in
            } operation: {
                #expect(Container[\.radar].source == "live")
            }
        }
        #expect(reported.elements == ["Container.radar (RadarKey)"])
    }
}
