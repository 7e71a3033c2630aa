import Observation
import Syringe
import SyringeTesting
import Testing

// DESIGN.md §3.7 as app code: each wrapper by key path and by type, in a main-actor class and in an
// `@Observable` view model (where a wrapper needs `@ObservationIgnored`: Observation cannot track a property
// that a wrapper backs).

protocol Analytics: AnyObject {
    var events: [String] { get set }
}
final class LiveAnalytics: Analytics {
    var events: [String] = []
    init() {}
}

extension Container {
    var analytics: any Analytics { provide(.singleton) { LiveAnalytics() } }
    var optionalClock: (any Clock)? { provide { nil } }
    var sharedCache: Cache { provide(.singleton) { Cache() } }
}

final class DashboardViewController {
    @Injected(\.analytics) var analytics
    @Injected var clock: any Clock
    @LazyInjected(\.analytics) var lazyAnalytics
    @LazyInjected var lazyClock: any Clock
    @WeakLazyInjected(\.sharedCache) var weakSharedCache
    @WeakLazyInjected var weakCache: Cache?
    @OptionalInjected(\.optionalClock) var optionalClock
    @OptionalInjected var missing: (any Plugin)?
    init() {}
}

@Observable
final class DashboardModel {
    var title = "Dashboard"
    @ObservationIgnored @Injected(\.analytics) var analytics
    @ObservationIgnored @LazyInjected var clock: any Clock
    init() {}

    func open() {
        analytics.events.append("open \(title)")
    }
}

@Suite(.container { $0.register(Clock.self) { TestClock() } })
struct AppModePropertyWrappersTests {
    @Test func everyWrapperByKeyPathAndByType() {
        Container.shared.register(Cache.self, scope: .singleton) { Cache() }
        let screen = DashboardViewController()
        #expect(screen.analytics === Container[\.analytics])
        #expect(screen.clock.isTest)
        #expect(screen.lazyAnalytics === screen.analytics)
        #expect(screen.lazyClock.isTest)
        #expect(screen.weakSharedCache === Container[\.sharedCache])
        #expect(screen.weakCache === Container.shared.resolved(Cache.self))
        #expect(screen.optionalClock == nil)
        #expect(screen.missing == nil)
    }

    @Test func anObservableViewModelStillObservesItsOwnProperties() {
        let model = DashboardModel()
        // Observation calls `onChange` where the property changes: here, on the main actor.
        nonisolated(unsafe) var changed = false
        withObservationTracking {
            _ = model.title
        } onChange: {
            changed = true
        }
        model.title = "Home"
        model.open()
        #expect(changed)
        #expect(model.analytics.events == ["open Home"])
        #expect(model.clock.isTest)
    }
}
