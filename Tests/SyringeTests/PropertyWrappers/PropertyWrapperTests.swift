import Foundation
import Testing

@testable import Syringe

// Types registered in the shared container by these tests only, each under its own name.
final class WrapperService: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}
protocol Analytics: Sendable {}
final class ConsoleAnalytics: Analytics {}
protocol NeverRegistered: Sendable {}

enum WrapperCounts {
    static let lazy = Counter()
    static let weak = Counter()
}

private let registerWrapperServices: Void = {
    Container.shared.register(WrapperService.self, name: "wrapper.unique") { WrapperService(id: 1) }
    Container.shared.register(WrapperService.self, name: "wrapper.lazy", scope: .singleton) {
        usleep(5_000)  // keep the first resolve open while other threads arrive
        return WrapperService(id: WrapperCounts.lazy.increment())
    }
    Container.shared.register(WrapperService.self, name: "wrapper.weak", scope: .shared) {
        WrapperService(id: WrapperCounts.weak.increment())
    }
    Container.shared.register((any Analytics).self, name: "wrapper.analytics") { ConsoleAnalytics() }
}()

/// The tag of the key only `TemperatureViewModel` reads.
private enum WrapperProbe {}

extension Container {
    fileprivate var wrapperProbe: any TemperatureProviding { self[CountingKey<WrapperProbe>.self] }
}

private struct TemperatureViewModel: Sendable {
    @Injected(\.wrapperProbe) var temperatureProvider
}

/// A `Sendable` struct with every wrapper: this compiles only because the wrappers are conditionally `Sendable`.
struct SendableHolder: Sendable {
    @Injected(name: "wrapper.unique") var service: WrapperService
    @LazyInjected(name: "wrapper.lazy") var lazyService: WrapperService
    @WeakLazyInjected(name: "wrapper.weak") var weakService: WrapperService?
    @OptionalInjected(name: "wrapper.analytics") var analytics: (any Analytics)?
}

final class LoginScreen {
    @Injected(\.login.viewModel) var viewModel
    @LazyInjected(\.api) var api
    @WeakLazyInjected(\.session) var session: Session?
    @OptionalInjected var missing: (any NeverRegistered)?
}

@Suite("Property wrappers")
struct PropertyWrapperTests {
    init() { registerWrapperServices }

    @Test func injectedResolvesAKeyPathWhenTheOwnerIsInitialised() {
        let before = Evaluations.counter(for: WrapperProbe.self).count
        let viewModel = TemperatureViewModel()
        #expect(viewModel.temperatureProvider.celsius == 21)
        #expect(Evaluations.counter(for: WrapperProbe.self).count - before <= 1)
    }

    @Test func injectedResolvesByTypeAndName() {
        let holder = SendableHolder()
        #expect(holder.service.id == 1)
        #expect(holder.analytics is ConsoleAnalytics)
    }

    @Test func everyWrapperWorksOnAClassWithKeyPaths() {
        let screen = LoginScreen()
        #expect(screen.viewModel.kind == "default")
        #expect(screen.api === Container.shared.api)
        #expect(screen.session === Container.shared.session)
        #expect(screen.missing == nil)
    }

    @Test func optionalInjectedIsNilOnlyWhenNothingIsRegistered() {
        @OptionalInjected var absent: (any NeverRegistered)?
        @OptionalInjected(name: "wrapper.analytics") var present: (any Analytics)?
        #expect(absent == nil)
        #expect(present != nil)
    }

    @Test func lazyInjectedResolvesOnceWhen50ThreadsReadItFirst() {
        let holder = SendableHolder()
        let seen = Collector<Int>()
        let barrier = Barrier(parties: 50)
        runOnThreads(50) { _ in
            barrier.arriveAndWait()
            seen.append(holder.lazyService.id)
        }
        #expect(seen.elements.count == 50)
        #expect(Set(seen.elements).count == 1)
        #expect(WrapperCounts.lazy.count == 1)
    }

    @Test func lazyInjectedWaitsForTheFirstRead() {
        let before = WrapperCounts.lazy.count
        _ = SendableHolder()  // initialising the owner does not resolve a lazy property
        #expect(WrapperCounts.lazy.count == before)
    }

    @Test func weakLazyInjectedHoldsItsObjectWeakly() {
        let holder = SendableHolder()
        var strong: WrapperService? = holder.weakService
        #expect(strong != nil)
        #expect(holder.weakService === strong)
        strong = nil
        #expect(holder.weakService == nil)
        _ = strong
    }

    @Test func aFailingWrapperStopsWithTheErrorAndThePropertysPlace() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Broken {
                @Injected var missing: any NeverRegistered
            }
            _ = Broken()
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Syringe: cannot resolve `any NeverRegistered` (no registration)."))
            #expect(text.contains("requested at  SyringeTests/PropertyWrapperTests.swift:"))
        }
    }

    /// In a process that never bound a test container, `@Injected` reads the process-wide container without
    /// asking the task; from the first binding on, it must see the task's container.
    @Test func injectedByTypeSeesATestContainerBoundAfterItsFastReads() async {
        await #expect(processExitsWith: .success) {
            final class Clock: Sendable {
                let label: String
                init(_ label: String) { self.label = label }
            }
            struct Holder { @Injected var clock: Clock }
            Container.shared.register(Clock.self, scope: .singleton) { Clock("live") }
            let live = Holder().clock
            guard live.label == "live", Holder().clock === live else { exit(1) }
            let mocked = Container.withOverrides {
                $0.register(Clock.self, scope: .singleton) { Clock("mock") }
            } operation: {
                Holder().clock
            }
            guard mocked.label == "mock", Holder().clock === live else { exit(2) }
            // A new registration in the process-wide container replaces the published instance.
            Container.shared.register(Clock.self, scope: .singleton) { Clock("new") }
            guard Holder().clock.label == "new" else { exit(3) }
        }
    }

    /// A lazy property whose first read resolves a factory that reads the same property: it would wait for itself.
    @Test func aLazyPropertyReadWhileItIsBeingResolvedStopsWithACycle() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Tracker: Sendable {}
            struct Screen: Sendable {
                @LazyInjected var tracker: Tracker
            }
            let screen = Screen()
            Container.shared.register(Tracker.self) {
                _ = screen.tracker
                return Tracker()
            }
            _ = screen.tracker
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                text.contains(
                    "Syringe: cannot resolve `Tracker`: the lazily injected property at "
                        + "SyringeTests/PropertyWrapperTests.swift:"))
            #expect(text.contains("is read while it is being resolved (a cycle through its own dependency)."))
            #expect(
                text.contains(
                    "fix: read the property after its owner is built, or break the cycle with scope: .graph and "
                        + ".onCreated { instance, r in … }."))
        }
    }

    @Test func aFailingKeyPathWrapperNamesWhereItWasInjected() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Broken {
                @Injected(\.link) var link
            }
            Container.shared.register(Ring.self) { r in Ring(link: try r.resolve(\.link)) }
            _ = Broken()
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("dependency cycle Container.link → Ring → Container.link."))
            #expect(text.contains("injected at  SyringeTests/PropertyWrapperTests.swift:"))
        }
    }
}

@Suite("InjectionMapper", .serialized)
struct InjectionMapperTests {
    @Test func remapsEverywhereAKeyPathIsResolved() throws {
        defer { InjectionMapper.reset(\.mapped.viewModel) }
        struct Holder { @Injected(\.mapped.viewModel) var viewModel }
        struct Screen: Sendable { let viewModel: any LoginViewModel }
        let container = Container()
        container.register(Screen.self) { r in Screen(viewModel: try r.resolve(\.mapped.viewModel)) }

        #expect(Container[\.mapped.viewModel].kind == "default")
        InjectionMapper[\.mapped.viewModel] = \.mapped.mockViewModel
        #expect(InjectionMapper[\.mapped.viewModel] == \.mapped.mockViewModel)
        #expect(Container[\.mapped.viewModel].kind == "mock")
        #expect(Holder().viewModel.kind == "mock")
        #expect(try container.resolve(\.mapped.viewModel).kind == "mock")
        #expect(try container.resolve(Screen.self).viewModel.kind == "mock")  // inside a factory

        InjectionMapper.reset(\.mapped.viewModel)
        #expect(InjectionMapper[\.mapped.viewModel] == nil)
        #expect(Container[\.mapped.viewModel].kind == "default")
    }

    @Test func mapIsTheSameAsTheSubscript() {
        defer { InjectionMapper.reset(\.mapped.viewModel) }
        InjectionMapper.map(\.mapped.previewViewModel, to: \.mapped.viewModel)
        #expect(InjectionMapper[\.mapped.viewModel] == \.mapped.previewViewModel)
        #expect(Container[\.mapped.viewModel].kind == "mock")
        InjectionMapper[\.mapped.viewModel] = nil
        #expect(Container[\.mapped.viewModel].kind == "default")
    }

    @Test func resettingARemapDropsTheKeptInstance() {
        let before = Container[\.mapped.viewModel]
        #expect(Container[\.mapped.viewModel] === before)  // cached
        InjectionMapper[\.mapped.viewModel] = \.mapped.mockViewModel
        InjectionMapper.reset(\.mapped.viewModel)
        #expect(Container[\.mapped.viewModel] !== before)
    }

    @Test func aLoopOfRemapsIsAnError() {
        defer {
            InjectionMapper.reset(\.mapped.mockViewModel)
            InjectionMapper.reset(\.mapped.previewViewModel)
        }
        InjectionMapper[\.mapped.mockViewModel] = \.mapped.previewViewModel
        InjectionMapper[\.mapped.previewViewModel] = \.mapped.mockViewModel
        let error = #expect(throws: ResolutionError.self) { try Container().resolve(\.mapped.mockViewModel) }
        #expect(error?.code == .cycle)
        #expect(error?.fix == "remove one of the remaps with InjectionMapper.reset(_:).")
    }
}
