import Testing

@testable import Syringe

/// Reads the live-only `satellite` key when it is made.
struct SatelliteDish {
    static let line = #line + 1
    @Injected(\.satellite) var satellite
}

@Suite("Strict mode names where a live-only dependency was read")
struct StrictModeSiteTests {
    /// A strict test container on top of `app` that tells `reports` what it reached, and where.
    func strictContainer(on app: Container, reportingTo reports: Collector<String>) -> Container {
        Container.overriding(
            app,
            reportingLiveAccess: { access in
                reports.append("\(access.key) at \(access.fileID ?? "?"):\(access.line ?? 0)")
            }
        ) { _ in }
    }

    /// Runs `operation` in a strict test container on top of `app`, and returns what was reported.
    func reported(in app: Container = Container(), _ operation: () throws -> Void) rethrows -> [String] {
        let reports = Collector<String>()
        try Container.binding(strictContainer(on: app, reportingTo: reports), operation: operation)
        return reports.elements
    }

    static let factoryLine = #line + 5

    func liveApp() -> Container {
        let app = Container()
        app.register(ForecastBox.self, scope: .singleton) { ForecastBox("live") }.liveOnly()
        app.register(String.self) { r in try r.resolve(ForecastBox.self).source }
        return app
    }

    @Test func aKeyPathRead() {
        let line = #line + 1
        let reports = reported { _ = Container[\.satellite] }
        #expect(reports == ["Container.satellite (SatelliteKey) at SyringeTests/StrictModeSiteTests.swift:\(line)"])
    }

    @Test func aPropertyWrapper() {
        let reports = reported { _ = SatelliteDish() }
        let line = SatelliteDish.line
        #expect(reports == ["Container.satellite (SatelliteKey) at SyringeTests/StrictModeSiteTests.swift:\(line)"])
    }

    @Test func aTypeRegistryResolve() throws {
        let line = #line + 1
        let reports = try reported(in: liveApp()) { _ = try Container.shared.resolve(ForecastBox.self) }
        #expect(reports == ["ForecastBox at SyringeTests/StrictModeSiteTests.swift:\(line)"])
    }

    @Test func aResolveInsideAFactoryNamesTheFactorysLine() throws {
        let reports = try reported(in: liveApp()) { _ = try Container.shared.resolve(String.self) }
        let line = StrictModeSiteTests.factoryLine
        #expect(reports == ["ForecastBox at SyringeTests/StrictModeSiteTests.swift:\(line)"])
    }

    @Test func anAsyncResolve() async throws {
        let reports = Collector<String>()
        let child = strictContainer(on: liveApp(), reportingTo: reports)
        let line = #line + 2
        try await Container.binding(child, isolation: #isolation) {
            _ = try await Container.shared.resolveAsync(ForecastBox.self)
        }
        #expect(reports.elements == ["ForecastBox at SyringeTests/StrictModeSiteTests.swift:\(line)"])
    }

    @Test func thePublicHandlerStillGetsTheKey() {
        let keys = Collector<String>()
        Container.withOverrides(strict: { keys.append($0.description) }) { _ in
        } operation: {
            _ = Container[\.satellite]
        }
        #expect(keys.elements == ["Container.satellite (SatelliteKey)"])
    }
}
