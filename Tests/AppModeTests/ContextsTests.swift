import Syringe
import SyringeTesting
import Testing

// DESIGN.md §7's contexts as app code: alternatives for a preview, a test, a debug build and a launch argument,
// written in main-actor code with main-actor classes and protocols that are not `Sendable`.

final class PreviewAPIClient: APIClient {
    init() {}
}
final class MockAPIClient: APIClient {
    init() {}
}
final class FeedModel {
    let api: any APIClient
    init(api: any APIClient) { self.api = api }
}

extension Container {
    var feedAPI: any APIClient {
        provide(.singleton) {
            LiveAPIClient(session: self.session)
        } contexts: {
            .onPreview { PreviewAPIClient() }
                .onTest { MockAPIClient() }
        }
    }
    var feed: FeedContainer { FeedContainer(container: self) }
}

struct FeedContainer: SubContainer {
    let container: Container
    var model: FeedModel {
        provide {
            FeedModel(api: container.feedAPI)
        } contexts: {
            .onPreview { FeedModel(api: PreviewAPIClient()) }
        }
    }
}

private struct ForecastAPIKey: InjectionKey {
    static var defaultValue: any APIClient { LiveAPIClient(session: Session()) }
    static var testValue: any APIClient { MockAPIClient() }
    static var previewValue: any APIClient { PreviewAPIClient() }
}

extension Container {
    var forecastAPI: any APIClient {
        get { self[ForecastAPIKey.self] }
        set { self[ForecastAPIKey.self] = newValue }
    }
}

final class FeedViewController {
    @Injected(\.feed.model) var model
    init() {}
}

@Suite(.container()) struct AppModeContextsTests {
    @Test func aRegistrationCarriesItsAlternatives() throws {
        let container = Container()
        container.register(APIClient.self, scope: .singleton) { LiveAPIClient(session: Session()) }
            .onPreview { PreviewAPIClient() }
            .onTest { MockAPIClient() }
            .onArgument("-mock-api") { MockAPIClient() }
        container.register(FeedModel.self) { r in FeedModel(api: try r.resolve()) }
            .onDebug { r in FeedModel(api: try r.resolve()) }
        // This is a test process: its alternative is built, in place on the main actor.
        let api = try container.resolve(APIClient.self)
        #expect(api is MockAPIClient)
        #expect(try container.resolve(FeedModel.self).api as AnyObject === api as AnyObject)
    }

    @Test func aLaunchArgumentWinsOverTheTestProcess() throws {
        let launched = ProcessContext(isTest: true, arguments: ["-preview-api"])
        try ProcessContext.with(launched) { () throws in
            let container = Container {
                Register(APIClient.self) { LiveAPIClient(session: Session()) }
                    .onTest { MockAPIClient() }
                    .onArgument("-preview-api") { PreviewAPIClient() }
            }
            #expect(try container.resolve(APIClient.self) is PreviewAPIClient)
        }
    }

    @Test func aPreviewGetsItsAlternative() async throws {
        try await ProcessContext.with(ProcessContext(isPreview: true)) { () async throws in
            let container = Container()
            container.register(APIClient.self) { LiveAPIClient(session: Session()) }
                .onPreview { PreviewAPIClient() }
            #expect(try await container.resolveAsync(APIClient.self) is PreviewAPIClient)
        }
    }

    @Test func aContainerPropertyCarriesItsAlternatives() {
        #expect(Container[\.feedAPI] is MockAPIClient)  // a test process
        #expect(FeedViewController().model.api as AnyObject === Container[\.feedAPI] as AnyObject)
        ProcessContext.with(ProcessContext(isPreview: true)) {
            Container.withOverrides { _ in
            } operation: {
                #expect(FeedViewController().model.api is PreviewAPIClient)
            }
        }
    }

    @Test func aKeyGivesATestAndAPreviewValue() {
        #expect(Container[\.forecastAPI] is MockAPIClient)  // a test process
        ProcessContext.with(ProcessContext(isPreview: true)) {
            Container.withOverrides { _ in
            } operation: {
                #expect(Container[\.forecastAPI] is PreviewAPIClient)
            }
        }
        ProcessContext.with(ProcessContext()) {
            Container.withOverrides { _ in
            } operation: {
                #expect(Container[\.forecastAPI] is LiveAPIClient)
            }
        }
    }
}
