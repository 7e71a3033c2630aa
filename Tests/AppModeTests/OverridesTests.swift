import Dispatch
import Syringe
import SyringeTesting
import Testing

// Overrides as an app's tests write them: a key path overridden by a factory, in main-actor code, with main-actor
// classes and protocols that are not `Sendable`.

final class CountingAPIClient: APIClient {
    let number: Int
    init(number: Int) { self.number = number }
}

extension Container {
    var uniqueAPI: any APIClient { provide { LiveAPIClient(session: self.session) as any APIClient } }
}

final class DashboardFeed {
    @Injected(\.forecastAPI) var api
    let dependencies = Container.current
    init() {}

    func makeDetail() -> FeedModel {
        dependencies.withCurrent { FeedModel(api: Container[\.forecastAPI]) }
    }
}

@Suite struct AppModeOverridesTests {
    @Test func aKeyPathOverriddenByAFactoryKeepsItsScope() throws {
        var built = 0
        try Container.withOverrides {
            $0.override(\.uniqueAPI) {
                built += 1
                return CountingAPIClient(number: built)
            }
            $0.override(\.feedAPI) { CountingAPIClient(number: 0) }
        } operation: {
            let first = try #require(Container[\.uniqueAPI] as? CountingAPIClient)
            let second = try #require(Container[\.uniqueAPI] as? CountingAPIClient)
            #expect(first !== second)  // .unique: a fresh mock on each read
            #expect(Container[\.feedAPI] is CountingAPIClient)
            #expect(Container[\.feedAPI] as AnyObject === Container[\.feedAPI] as AnyObject)  // .singleton: one
            #expect(FeedViewController().model.api is CountingAPIClient)
        }
        #expect(Container[\.uniqueAPI] is LiveAPIClient)
    }

    @Test func aModelHandsItsOverridesToWorkThatRunsLater() async {
        let feed = Container.withOverrides {
            $0.forecastAPI = CountingAPIClient(number: 7)
        } operation: {
            DashboardFeed()
        }
        #expect((feed.api as? CountingAPIClient)?.number == 7)
        #expect(Container[\.forecastAPI] is MockAPIClient)  // outside: the key's testValue
        #expect((feed.makeDetail().api as? CountingAPIClient)?.number == 7)
        let current = feed.dependencies
        let number = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                continuation.resume(
                    returning: current.withCurrent { (Container[\.forecastAPI] as? CountingAPIClient)?.number })
            }
        }
        #expect(number == 7)
    }
}
