import Testing

@testable import Syringe

/// Counts the defaults built by `\.overridable`'s properties: only ``KeyPathOverrideTests`` reads them.
let overridableDefaults = Counter()

struct OverridableProperties: SubContainer {
    let container: Container
    var fresh: any Forecast {
        provide {
            overridableDefaults.increment()
            return LiveForecast() as any Forecast
        }
    }
    var kept: ForecastBox {
        provide(.singleton) {
            overridableDefaults.increment()
            return ForecastBox("live")
        }
    }
    var plain: any Forecast { LiveForecast() }
    /// For the other suites: its default is not counted.
    var uncounted: ForecastBox { provide(.singleton) { ForecastBox("live") } }
}

extension Container {
    var overridable: OverridableProperties { OverridableProperties(container: self) }
}

@Suite("Overriding a key path with a factory", .serialized)
struct KeyPathOverrideTests {
    @Test func aUniquePropertyGivesAFreshInstanceOnEachRead() {
        let container = Container()
        let built = Counter()
        container.override(\.overridable.fresh) {
            StubForecast("mock \(built.increment())")
        }
        #expect(container.overridable.fresh.source == "mock 2")
        #expect(container.overridable.fresh.source == "mock 3")
        #expect(built.count == 3)  // one more than the reads: the read that learned the key
        #expect(overridableDefaults.count == 0)
    }

    @Test func aSingletonPropertyKeepsOne() {
        let container = Container()
        let built = Counter()
        container.override(\.overridable.kept) {
            built.increment()
            return ForecastBox("mock")
        }
        let first = container.overridable.kept
        #expect(first.source == "mock")
        #expect(container.overridable.kept === first)
        #expect(Container(parent: container).overridable.kept === first)
        #expect(built.count == 1)
        #expect(overridableDefaults.count == 0)
    }

    @Test func aKeyKeepsItsScope() {
        ProcessContext.with(.plain) {
            let container = Container()
            container.override(\.tideTable) { ForecastBox("mock") }
            #expect(container.tideTable.source == "mock")
            #expect(container.tideTable === container.tideTable)  // TideTableKey is .cached
            container.reset(.cached)
            #expect(container.tideTable.source == "mock")
        }
    }

    @Test func theFactoryResolvesItsOwnDependencies() {
        let container = Container()
        container.register(String.self, name: "city") { "Bergen" }
        container.override(\.weatherStation) { r in StubForecast(try r.resolve(String.self, name: "city")) }
        #expect(container.weatherStation.source == "Bergen")
    }

    @Test func insideWithOverridesOnly() {
        Container.withOverrides {
            $0.override(\.overridable.kept) { ForecastBox("mock") }
        } operation: {
            #expect(Container[\.overridable.kept].source == "mock")
            #expect(Container[\.overridable.kept] === Container[\.overridable.kept])
            Container.withOverrides { _ in
            } operation: {
                #expect(Container[\.overridable.kept].source == "mock")  // a nested test sees it
            }
        }
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.overridable.kept].source == "live")
        }
    }

    @Test func resetRestoresTheDefaultAndALaterOverrideReplacesIt() {
        let container = Container()
        container.override(\.overridable.kept) { ForecastBox("first") }
        #expect(container.overridable.kept.source == "first")
        container.override(\.overridable.kept) { ForecastBox("second") }
        #expect(container.overridable.kept.source == "second")
        container.reset(\.overridable.kept)
        #expect(container.overridable.kept.source == "live")
    }

    @Test func aStrictTestDoesNotReportALiveOnlyKeyOverriddenByAFactory() {
        let reported = Collector<String>()
        ProcessContext.with(.plain) {
            Container.withOverrides(strict: { reported.append($0.description) }) {
                $0.override(\.satellite) { StubForecast("mock") }
            } operation: {
                #expect(Container[\.satellite].source == "mock")
            }
        }
        #expect(reported.elements.isEmpty)
    }

    static let plainLine = #line + 3  // the exit test's line: its body is moved into a function of its own

    @Test func aKeyPathThatReachesNoDependencyStopsWithTheError() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Container().override(\.overridable.plain) { StubForecast("mock") }
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Syringe: cannot override `\\Container."))
            #expect(
                text.contains(
                    "`, a key path to `any Forecast`, with a factory: reading it reaches no `provide` property and no "
                        + "InjectionKey, so there is no dependency to override.\n"
                        + "  requested at  SyringeTests/KeyPathOverrideTests.swift:\(KeyPathOverrideTests.plainLine)\n"
                        + "  fix: override the property the key path reads (a `provide { … }` property or a key's "
                        + "property), or remap it with InjectionMapper."))
        }
    }
}
