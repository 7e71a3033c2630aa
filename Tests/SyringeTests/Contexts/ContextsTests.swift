import Testing

@testable import Syringe

protocol Forecast: Sendable { var source: String { get } }
struct LiveForecast: Forecast { var source: String { "live" } }
struct StubForecast: Forecast {
    let source: String
    init(_ source: String) { self.source = source }
}
final class ForecastBox: Sendable {
    let source: String
    init(_ source: String) { self.source = source }
}

extension ProcessContext {
    static let plain = ProcessContext()
    static let preview = ProcessContext(isPreview: true, isDebug: true)
    static let test = ProcessContext(isTest: true, isDebug: true)
    static let debug = ProcessContext(isDebug: true)
}

@Suite("Contexts: what the process is launched as")
struct ProcessContextTests {
    func detect(_ environment: [String: String] = [:], _ arguments: [String] = ["/usr/bin/App"]) -> ProcessContext {
        ProcessContext(environment: { environment[$0] }, arguments: arguments, isDebug: false)
    }

    @Test func anAppLaunchedPlainlyIsInNoContext() {
        #expect(detect() == ProcessContext())
        #expect(detect(["XCODE_RUNNING_FOR_PREVIEWS": "0", "PATH": "/usr/bin"]) == ProcessContext())
    }

    @Test func xcodeMarksAPreviewInTheEnvironment() {
        #expect(detect(["XCODE_RUNNING_FOR_PREVIEWS": "1"]).isPreview)
    }

    @Test(arguments: ["XCTestConfigurationFilePath", "XCTestBundlePath", "XCTestSessionIdentifier"])
    func xcodeMarksATestProcessInTheEnvironment(variable: String) {
        let context = detect([variable: "/tmp/x"])
        #expect(context.isTest && !context.isPreview)
    }

    @Test(arguments: [
        ["/work/.build/debug/AppPackageTests.xctest"],  // swift test on Linux
        ["/work/.build/debug/AppPackageTests.xctest", "--testing-library", "swift-testing"],
        ["/usr/bin/xctest", "/work/.build/debug/AppPackageTests.xctest"],  // swift test on macOS, XCTest
        ["/usr/bin/swiftpm-testing-helper", "--test-bundle-path", "/work/App.xctest"],  // and Swift Testing
        ["/tmp/runner", "--testing-library", "swift-testing"],
    ])
    func swiftTestIsATestProcess(arguments: [String]) {
        #expect(detect([:], arguments).isTest)
    }

    @Test func launchArgumentsAreKeptWithoutTheExecutable() {
        let context = detect([:], ["/Applications/App", "-mock-api", "-UIAnimations", "NO"])
        #expect(context.arguments == ["-mock-api", "-UIAnimations", "NO"])
        #expect(context.has("-mock-api") && !context.has("/Applications/App") && !context.has("-mock"))
        #expect(!context.isTest)
    }

    @Test func thisProcessIsDetectedAsATestProcess() {
        #expect(ProcessContext.detected.isTest)
        #expect(!ProcessContext.detected.isPreview)
        #expect(ProcessContext.detected.isDebug == ProcessContext.isDebugBuild)
    }

    @Test func aBoundContextIsSeenByTheTaskOnly() async {
        await ProcessContext.with(.preview) {
            #expect(ProcessContext.current.isPreview)
            await Task.detached { #expect(!ProcessContext.current.isPreview) }.value
        }
        #expect(ProcessContext.current == .detected)
    }
}

@Suite("Contexts of a registration")
struct RegistrationContextsTests {
    func source(_ context: ProcessContext, _ register: (Container) -> Void) throws -> String {
        try ProcessContext.with(context) {
            let container = Container()
            register(container)
            return try container.resolve((any Forecast).self).source
        }
    }

    func allContexts(_ container: Container) {
        container.register((any Forecast).self) { LiveForecast() }
            .onDebug { StubForecast("debug") }
            .onTest { StubForecast("test") }
            .onPreview { StubForecast("preview") }
            .onArgument("-stub") { StubForecast("argument") }
    }

    @Test func noContextKeepsTheFactory() throws {
        #expect(try source(.plain, allContexts) == "live")
    }

    @Test func eachContextChoosesItsAlternative() throws {
        #expect(try source(.debug, allContexts) == "debug")
        #expect(try source(.test, allContexts) == "test")
        #expect(try source(.preview, allContexts) == "preview")
        #expect(try source(ProcessContext(arguments: ["-stub"]), allContexts) == "argument")
    }

    @Test func theStrongestContextWinsInAnyOrderOfWriting() throws {
        let everything = ProcessContext(isPreview: true, isTest: true, isDebug: true, arguments: ["-stub"])
        #expect(try source(everything, allContexts) == "argument")
        let reversed: (Container) -> Void = { container in
            container.register((any Forecast).self) { LiveForecast() }
                .onArgument("-stub") { StubForecast("argument") }
                .onPreview { StubForecast("preview") }
                .onTest { StubForecast("test") }
                .onDebug { StubForecast("debug") }
        }
        #expect(try source(everything, reversed) == "argument")
        let previewTest = ProcessContext(isPreview: true, isTest: true, isDebug: true)
        #expect(try source(previewTest, reversed) == "preview")
        #expect(try source(previewTest, allContexts) == "preview")
        #expect(try source(.test, reversed) == "test")
    }

    @Test func theFirstLaunchArgumentWrittenWins() throws {
        let both = ProcessContext(arguments: ["-errors", "-empty"])
        let source = try source(both) { container in
            container.register((any Forecast).self) { LiveForecast() }
                .onArgument("-empty") { StubForecast("empty") }
                .onArgument("-errors") { StubForecast("errors") }
        }
        #expect(source == "empty")
    }

    @Test func anAlternativeResolvesItsOwnDependencies() throws {
        let source = try source(.test) { container in
            container.register(String.self, name: "city") { "Oslo" }
            container.register((any Forecast).self) { r in LiveForecast() }
                .onTest { r in StubForecast(try r.resolve(String.self, name: "city")) }
        }
        #expect(source == "Oslo")
    }

    @Test func theAlternativeKeepsTheScopeHooksAndMarks() throws {
        try ProcessContext.with(.debug) {
            let container = Container()
            let built = Counter()
            let hooked = Counter()
            container.register(ForecastBox.self, scope: .singleton) { ForecastBox("live") }
                .liveOnly()
                .onCreated { _, _ in hooked.increment() }
                .onDebug {
                    built.increment()
                    return ForecastBox("debug")
                }
            let first = try container.resolve(ForecastBox.self)
            #expect(first.source == "debug")
            #expect(try container.resolve(ForecastBox.self) === first)
            #expect(built.count == 1 && hooked.count == 1)
            #expect(container.registry.entry(for: Key(ForecastBox.self))?.isLiveOnly == true)
        }
    }

    @Test func anAlternativeThatDoesNotApplyCostsNothing() {
        ProcessContext.with(.plain) {
            let container = Container()
            let registration = container.register(ForecastBox.self, scope: .cached) { ForecastBox("live") }
            let entry = registration.entry
            registration.onTest { ForecastBox("test") }.onPreview { ForecastBox("preview") }
            #expect(container.registry.entry(for: Key(ForecastBox.self)) === entry)
            #expect(container.existingState(ContextChoices.self) == nil)
        }
    }

    @Test func testOverridesWinOverAnAlternative() {
        ProcessContext.with(.test) {
            Container.withOverrides {
                $0.register((any Forecast).self) { LiveForecast() }
                    .onTest { StubForecast("test") }
            } operation: {
                #expect((try? Container.shared.resolve((any Forecast).self))?.source == "test")
                Container.withOverrides {
                    $0.register((any Forecast).self) { StubForecast("the test's own") }
                } operation: {
                    #expect((try? Container.shared.resolve((any Forecast).self))?.source == "the test's own")
                }
            }
        }
    }

    @Test func aLaterRegistrationReplacesTheAlternativesToo() throws {
        let source = try source(.test) { container in
            container.register((any Forecast).self) { LiveForecast() }.onTest { StubForecast("test") }
            container.register((any Forecast).self) { StubForecast("registered again") }
        }
        #expect(source == "registered again")
    }

    @Test func aStaleHandleDoesNotReplaceALaterRegistration() throws {
        let source = try source(.test) { container in
            let first = container.register((any Forecast).self) { LiveForecast() }
            container.register((any Forecast).self) { StubForecast("registered again") }
            first.onTest { StubForecast("test") }
        }
        #expect(source == "registered again")
    }

    @Test func anAsyncRegistrationsAlternativeIsStillResolvedAsync() async throws {
        try await ProcessContext.with(.test) { () async throws in
            let container = Container()
            container.register((any Forecast).self) { _ async throws in LiveForecast() }
                .onTest { StubForecast("test") }
            #expect(try await container.resolveAsync((any Forecast).self).source == "test")
            let error = #expect(throws: ResolutionError.self) { try container.resolve((any Forecast).self) }
            #expect(error?.code == .asyncRequired)
        }
    }

    @Test func aStrictTestDoesNotReportARegistrationBuiltWithItsTestAlternative() throws {
        let reported = Collector<String>()
        try ProcessContext.with(.test) {
            let app = Container()
            app.register(ForecastBox.self) { ForecastBox("live") }.onTest { ForecastBox("test") }.liveOnly()
            app.register((any Forecast).self) { LiveForecast() }.liveOnly().onTest { StubForecast("test") }
            app.register(String.self) { "live" }.onPreview { "preview" }.liveOnly()
            let strict = Container.Binding(container: app, mappings: .init())
            try strict.withOverrides(strict: { reported.append($0.description) }, { _ in }) {
                _ = try Container.shared.resolve(ForecastBox.self)
                _ = try Container.shared.resolve((any Forecast).self)
                _ = try Container.shared.resolve(String.self)
            }
        }
        #expect(reported.elements == ["String"])
    }

    /// The line of the alternative in ``aFailingAlternativeNamesItsLine()``.
    static let failingLine = #line + 8

    @Test func aFailingAlternativeNamesItsLine() {
        struct Offline: Error {}
        ProcessContext.with(.test) {
            let container = Container()
            container.register((any Forecast).self) { LiveForecast() }
                .onPreview { StubForecast("preview") }
                .onTest { () throws -> any Forecast in throw Offline() }
            let error = #expect(throws: ResolutionError.self) { try container.resolve((any Forecast).self) }
            #expect(error?.code == .factoryFailed)
            #expect(error?.description.contains("ContextsTests.swift:\(RegistrationContextsTests.failingLine)") == true)
        }
    }

    @Test func modulesCarryContexts() throws {
        struct ForecastModule: Module {
            var registrations: some Registrations {
                Register((any Forecast).self, scope: .singleton) { LiveForecast() }
                    .onTest { StubForecast("test") }
                    .onArgument("-stub") { r in StubForecast("argument") }
                Register(ForecastBox.self) { ForecastBox("live") }
                    .onTest { ForecastBox("test") }
                    .onCreated { _, _ in }
            }
        }
        try ProcessContext.with(.test) { () throws in
            let container = Container { ForecastModule() }
            #expect(try container.resolve((any Forecast).self).source == "test")
            #expect(try container.resolve(ForecastBox.self).source == "test")
            #expect(container.registry.entry(for: Key(ForecastBox.self))?.hasCreatedHooks == true)
        }
        try ProcessContext.with(ProcessContext(isTest: true, arguments: ["-stub"])) { () throws in
            #expect(try Container { ForecastModule() }.resolve((any Forecast).self).source == "argument")
        }
    }
}

/// `Register`'s context modifiers, each form (with and without the `Resolution`), in a module.
@Suite("Contexts of a Register in a module")
struct RegisterContextsTests {
    struct Forecasts: Module {
        var registrations: some Registrations {
            Register((any Forecast).self) { LiveForecast() }
                .onPreview { StubForecast("preview") }
                .onDebug { StubForecast("debug") }
            Register((any Forecast).self, name: "resolving") { LiveForecast() }
                .onPreview { r in StubForecast("preview " + (try r.resolve(String.self))) }
                .onTest { r in StubForecast("test " + (try r.resolve(String.self))) }
                .onDebug { r in StubForecast("debug " + (try r.resolve(String.self))) }
            Register(String.self) { "from r" }
        }
    }

    func sources(_ context: ProcessContext) throws -> [String] {
        try ProcessContext.with(context) {
            let container = Container { Forecasts() }
            return [
                try container.resolve((any Forecast).self).source,
                try container.resolve((any Forecast).self, name: "resolving").source,
            ]
        }
    }

    @Test func eachModifierChoosesItsAlternativeInItsContext() throws {
        #expect(try sources(.plain) == ["live", "live"])
        #expect(try sources(.debug) == ["debug", "debug from r"])
        #expect(try sources(.test) == ["debug", "test from r"])
        #expect(try sources(.preview) == ["preview", "preview from r"])
    }
}

extension Container {
    var contextualForecast: any Forecast {
        provide(.cached) {
            LiveForecast()
        } contexts: {
            .onDebug { StubForecast("debug") }
                .onTest { StubForecast("test") }
                .onPreview { StubForecast("preview") }
                .onArgument("-stub") { StubForecast("argument") }
        }
    }
}

/// Counts how often its `contexts:` closures run.
struct CountedContexts: SubContainer {
    let container: Container
    let runs: Counter

    var box: ForecastBox {
        provide(.singleton) {
            ForecastBox("live")
        } contexts: {
            runs.increment()
            return .onTest { ForecastBox("test") }
        }
    }

    var fresh: ForecastBox {
        provide {
            ForecastBox("live")
        } contexts: {
            .onTest { ForecastBox("test") }
        }
    }
}

@Suite("Contexts of a container property")
struct ProvideContextsTests {
    func source(_ context: ProcessContext) -> String {
        ProcessContext.with(context) { Container().contextualForecast.source }
    }

    @Test func eachContextChoosesItsAlternative() {
        #expect(source(.plain) == "live")
        #expect(source(.debug) == "debug")
        #expect(source(.test) == "test")
        #expect(source(.preview) == "preview")
        #expect(source(ProcessContext(arguments: ["-stub"])) == "argument")
        #expect(
            source(ProcessContext(isPreview: true, isTest: true, isDebug: true, arguments: ["-stub"])) == "argument")
        #expect(source(ProcessContext(isPreview: true, isTest: true, isDebug: true)) == "preview")
    }

    @Test func theAlternativesAreLookedAtOnlyWhenTheValueIsBuilt() {
        ProcessContext.with(.test) {
            let properties = CountedContexts(container: Container(), runs: Counter())
            let first = properties.box
            #expect(first.source == "test")
            #expect(properties.box === first)
            #expect(properties.runs.count == 1)
        }
    }

    @Test func aUniquePropertyBuildsItsAlternativeOnEachRead() {
        ProcessContext.with(.test) {
            let properties = CountedContexts(container: Container(), runs: Counter())
            #expect(properties.fresh.source == "test")
            #expect(properties.fresh !== properties.fresh)
        }
        ProcessContext.with(.plain) {
            #expect(CountedContexts(container: Container(), runs: Counter()).fresh.source == "live")
        }
    }

    @Test func anAssignmentWinsOverTheAlternatives() {
        ProcessContext.with(.test) {
            Container.withOverrides { _ in
            } operation: {
                #expect(Container[\.contextualForecast].source == "test")
                InjectionMapper.withMapping(\.contextualForecast, to: \.liveForecast) {
                    #expect(Container[\.contextualForecast].source == "live")
                }
            }
        }
    }
}

extension Container {
    var liveForecast: any Forecast { LiveForecast() }
}
