import Dispatch
import Foundation
import Observation
import Syringe
import SyringeTesting
import Testing

// Hostile app-mode tests: what an app developer writes in a module with default main-actor isolation, without
// reading every doc. Every type here is main-actor (the module's default) unless it says otherwise.

// MARK: - Fixtures

/// A main-actor protocol: `any HEngine` is not `Sendable` here.
protocol HEngine: AnyObject {
    var name: String { get }
}
final class HV8: HEngine {
    var name: String { "V8" }
    init() {}
}
final class HMockEngine: HEngine {
    var name: String { "mock" }
    init() {}
}
/// A main-actor class, so `Sendable`.
final class HCar {
    let engine: any HEngine
    init(engine: any HEngine) { self.engine = engine }
    /// An async `using:` function of a main-actor class whose parameter is not `Sendable`.
    static func assemble(engine: any HEngine) async -> HCar {
        await Task.yield()
        return HCar(engine: engine)
    }
}
/// A value type: nonisolated and `Sendable` here.
struct HSettings: Sendable, Equatable {
    var region: String
}
/// A main-actor class with a value and a class parameter.
final class HGarage {
    let settings: HSettings
    let car: HCar
    init(settings: HSettings, car: HCar) {
        self.settings = settings
        self.car = car
    }
    static func open(settings: HSettings, car: HCar) async -> HGarage {
        await Task.yield()
        return HGarage(settings: settings, car: car)
    }
}

/// Whether the caller runs on the main actor: the main queue, as Syringe itself checks on Linux (the main actor of
/// a Swift Testing run is not the main thread there, so `Thread.isMainThread` cannot tell).
nonisolated let hMainQueueKey: DispatchSpecificKey<UInt8> = {
    let key = DispatchSpecificKey<UInt8>()
    DispatchQueue.main.setSpecific(key: key, value: 1)
    return key
}()
nonisolated func hOnMainActor() -> Bool { DispatchQueue.getSpecific(key: hMainQueueKey) != nil }

/// Counts builds from any thread.
nonisolated final class HCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    private var threads: [Bool] = []
    init() {}
    func hit(onMainThread: Bool = hOnMainActor()) {
        lock.lock()
        count += 1
        threads.append(onMainThread)
        lock.unlock()
    }
    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
    var allOnMainThread: Bool {
        lock.lock()
        defer { lock.unlock() }
        return threads.allSatisfy { $0 }
    }
}

final class HSessionStore {
    static let builds = HCounter()
    let id = UUID()
    init() { Self.builds.hit() }
}

final class HRequestWork {
    var disposedOnMainThread: Bool?
    init() {}
}

/// Resolves from a function that is not main-actor code.
nonisolated func hResolveFromNonisolated<T: Sendable>(_ container: Container, _ type: T.Type) async throws -> T {
    try await container.resolveAsync(T.self)
}
@concurrent nonisolated func hResolveConcurrently<T: Sendable>(_ container: Container, _ type: T.Type) async throws
    -> T
{
    try await container.resolveAsync(T.self)
}

/// Runs `body` off the main actor and returns the error it threw, if any.
nonisolated func hErrorOffMain(_ body: @escaping @Sendable () async throws -> Void) async -> ResolutionError? {
    await Task.detached { () -> ResolutionError? in
        do {
            try await body()
            return nil
        } catch let error as ResolutionError {
            return error
        } catch {
            Issue.record("not a ResolutionError: \(error)")
            return nil
        }
    }.value
}

// MARK: - Tests

@Suite struct HostileAppModeTests {
    // MARK: async `using:` functions

    /// The article: an async `using:` function runs off the main actor, so a parameter that is not `Sendable`, of
    /// a main-actor registration, is refused even when the resolve starts on the main actor; the closure form it
    /// names instead keeps the isolation it is written in and gets the value.
    @Test func asyncUsingWithANonSendableParameterResolvedOnTheMainActor() async throws {
        let container = Container()
        container.register(HDraft.self) { HDraft(text: "draft") }
        container.register(HEditorState.self, using: { (draft: HDraft) async in HEditorState(title: draft.text) })
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(HEditorState.self) }
        #expect(error?.code == .mainActorRequired)
        #expect(error?.description.contains("`HDraft` is not Sendable where it is asked for") == true)
        container.register(HEditorState.self) { r async throws in
            HEditorState(title: try await r.resolveAsync(HDraft.self).text)
        }
        #expect(try await container.resolveAsync(HEditorState.self).title == "draft")
    }

    /// Off the main actor the same registration is refused with `mainActorRequired`, naming the parameter.
    @Test func asyncUsingWithANonSendableParameterRefusedOffTheMainActor() async throws {
        let container = Container()
        container.register(HDraft.self) { HDraft(text: "draft") }
        container.register(HEditorState.self, using: { (draft: HDraft) async in HEditorState(title: draft.text) })
        let error = await hErrorOffMain { _ = try await container.resolveAsync(HEditorState.self) }
        #expect(error?.code == .mainActorRequired)
        #expect(error?.description.contains("HDraft") == true)
    }

    /// Main-actor class and value-type parameters, registered in main-actor code, resolved from a detached task, a
    /// `nonisolated` async function and a `@concurrent` one.
    @Test func asyncUsingWithSendableParametersFromEverywhere() async throws {
        let container = Container()
        container.register((any HEngine).self) { HV8() }
        container.register(HCar.self, scope: .singleton) { r in HCar(engine: try r.resolve()) }
        container.register(HSettings.self) { HSettings(region: "eu") }
        container.register(HGarage.self, using: HGarage.open)
        let here = try await container.resolveAsync(HGarage.self)
        let detached = try await Task.detached { try await container.resolveAsync(HGarage.self) }.value
        let nonisolated = try await hResolveFromNonisolated(container, HGarage.self)
        let concurrent = try await hResolveConcurrently(container, HGarage.self)
        #expect([here, detached, nonisolated, concurrent].allSatisfy { $0.settings.region == "eu" })
        #expect(here.car === detached.car && nonisolated.car === concurrent.car && here.car === concurrent.car)
    }

    // MARK: singletons built concurrently

    /// A main-actor `.singleton` asked for at once from the main actor and from many detached tasks: built once.
    @Test func aMainActorSingletonIsBuiltOnceUnderConcurrentRequests() async throws {
        let container = Container()
        let builds = HCounter()
        container.register(HSessionStore.self, scope: .singleton) {
            builds.hit()
            return HSessionStore()
        }
        let ids = try await withThrowingTaskGroup(of: UUID.self) { group in
            for index in 0..<40 {
                if index.isMultiple(of: 2) {
                    group.addTask { @concurrent in try await container.resolveAsync(HSessionStore.self).id }
                } else {
                    group.addTask { @MainActor in try container.resolve(HSessionStore.self).id }
                }
            }
            var ids: Set<UUID> = []
            for try await id in group { ids.insert(id) }
            return ids
        }
        #expect(ids.count == 1)
        #expect(builds.value == 1)
        #expect(builds.allOnMainThread)
    }

    /// An async main-actor factory of a `.singleton`, raced from detached tasks: built once, on the main actor.
    @Test func anAsyncMainActorSingletonRacedFromDetachedTasks() async throws {
        let container = Container()
        let builds = HCounter()
        container.register(HSessionStore.self, scope: .singleton) { () async -> HSessionStore in
            builds.hit()
            try? await Task.sleep(for: .milliseconds(20))
            return HSessionStore()
        }
        let tasks = (0..<16).map { _ in
            Task.detached { try await container.resolveAsync(HSessionStore.self).id }
        }
        var ids: Set<UUID> = []
        for task in tasks { ids.insert(try await task.value) }
        ids.insert(try await container.resolveAsync(HSessionStore.self).id)
        #expect(ids.count == 1)
        #expect(builds.value == 1)
        #expect(builds.allOnMainThread)
    }

    // MARK: scopes

    /// A request scope opened on the main actor, resolved there, and closed from a detached task: the main-actor
    /// `onDispose` hook runs, on the main thread, before `close()` returns.
    @Test func aScopeOpenedOnTheMainActorClosedFromAnotherTask() async throws {
        let container = Container()
        container.register(HRequestWork.self, scope: .hRequest) { HRequestWork() }
            .onDispose { work in work.disposedOnMainThread = hOnMainActor() }
        let scope = container.openScope(.hRequest)
        let work = try scope.resolve(HRequestWork.self)
        #expect(try scope.resolve(HRequestWork.self) === work)
        try await Task.detached { try await scope.close() }.value
        #expect(work.disposedOnMainThread == true)
        #expect(scope.isClosed)
        let after = await hErrorOffMain { _ = try await scope.resolveAsync(HRequestWork.self) }
        #expect(after?.code == .shutDown)
    }

    /// `closeNow()` from a task that is not on the main actor: a main-actor synchronous hook runs on the main actor
    /// ("in a task of its own").
    @Test func closeNowFromAnotherTaskRunsAMainActorHookOnTheMainActor() async throws {
        let container = Container()
        let ran = HCounter()
        container.register(HRequestWork.self, scope: .hRequest) { HRequestWork() }
            .onDispose { _ in ran.hit() }
        let scope = container.openScope(.hRequest)
        _ = try scope.resolve(HRequestWork.self)
        try await Task.detached { try scope.closeNow() }.value
        for _ in 0..<200 where ran.value == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(ran.value == 1)
        #expect(ran.allOnMainThread)
    }

    /// `withScope` on the main actor: child tasks (`async let`, a task group) and a detached resolve through the
    /// scope's `Container.shared` share the request's instance; it is disposed of once at the end.
    @Test func withScopeOnTheMainActorSharedWithChildTasks() async throws {
        let container = Container()
        let disposed = HCounter()
        container.register(HSessionStore.self, scope: .hRequest) { HSessionStore() }
            .onDispose { _ in disposed.hit() }
        let ids = try await container.withScope(.hRequest) { () async throws -> [UUID] in
            async let child = hResolveConcurrently(container, HSessionStore.self)
            let here = try container.resolve(HSessionStore.self)
            let grouped = try await withThrowingTaskGroup(of: UUID.self) { group in
                group.addTask { @concurrent in try await container.resolveAsync(HSessionStore.self).id }
                return try await group.next()!
            }
            return [here.id, try await child.id, grouped]
        }
        #expect(Set(ids).count == 1)
        #expect(disposed.value == 1)
    }

    // MARK: overrides in tests

    /// `withOverrides` with a main-actor factory: seen from main-actor code, a `nonisolated` function, a child task,
    /// and not from a detached task (the Testing article says so) unless it binds `Container.current`.
    @Test(
        .container {
            $0.register(HCar.self) { r in HCar(engine: try r.resolve()) }
            $0.register((any HEngine).self) { HV8() }
        })
    func withOverridesWithAMainActorFactory() async throws {
        #expect(try Container.shared.resolve(HCar.self).engine.name == "V8")
        try await Container.withOverrides {
            $0.register((any HEngine).self) { HMockEngine() }
        } operation: {
            #expect(try Container.shared.resolve(HCar.self).engine.name == "mock")
            let viaNonisolated = try await hResolveFromNonisolated(Container.shared, HCar.self)
            #expect(viaNonisolated.engine.name == "mock")
            let inChild = try await Task { try await Container.shared.resolveAsync(HCar.self) }.value
            #expect(inChild.engine.name == "mock")
            let current = Container.current
            let rebound = try await Task.detached {
                try await current.withCurrent { try await Container.shared.resolveAsync(HCar.self) }
            }.value
            #expect(rebound.engine.name == "mock")
        }
        #expect(try Container.shared.resolve(HCar.self).engine.name == "V8")  // restored
    }

    // MARK: key paths, property wrappers, @Observable

    /// An `@Observable` view model with injected properties, made inside `withOverrides` whose factories are
    /// main-actor code: the wrappers see the overrides, its own properties are still observed, and the lazy one
    /// resolves on first use in the container the model was made in.
    @Test func anObservableViewModelMadeInsideOverrides() async throws {
        let model = Container.withOverrides {
            $0.override(\.hAPI) { HMockAPI() }
            $0.register((any HEngine).self) { HMockEngine() }
        } operation: {
            let model = HFeedModel()
            #expect(model.api.name == "mock")
            return model
        }
        nonisolated(unsafe) var changes = 0
        withObservationTracking {
            _ = model.items
        } onChange: {
            changes += 1
        }
        try await model.load()
        #expect(model.items == ["mock 1", "mock 2"])
        #expect(changes == 1)
        // `@LazyInjected` resolves on first use, outside the binding: the process-wide container, where nothing
        // registers `any HEngine`. The Testing article names this; the model captured `Container.current`.
        #expect(model.engineName() == "mock")
    }

    /// A key path to a main-actor `provide(.singleton)` property, read and overridden with a factory from a
    /// main-actor test, then reset: the default is built once and comes back.
    @Test(.container)
    func aMainActorContainerPropertyOverriddenWithAFactoryAndReset() throws {
        let live = Container[\.hAPI]
        #expect(live.name == "live")
        #expect(Container[\.hAPI] === live)
        Container.shared.override(\.hAPI) { HMockAPI() }
        let mock = Container[\.hAPI]
        #expect(mock.name == "mock")
        #expect(Container[\.hAPI] === mock)  // keeps the property's scope
        Container.shared.reset(\.hAPI)
        #expect(Container[\.hAPI].name == "live")
        #expect(HLiveAPI.builds.value >= 1)
    }

    /// A main-actor registration whose factory reads a main-actor key path, resolved from a detached task with
    /// `resolveAsync`: built on the main actor, with the key path's singleton.
    @Test(.container)
    func aFactoryReadingAKeyPathResolvedFromADetachedTask() async throws {
        let container = Container.shared
        container.register(HFeedService.self) { r in HFeedService(api: try r.resolve(\.hAPI)) }
        let current = Container.current
        let service = try await Task.detached {
            try await current.withCurrent { try await Container.shared.resolveAsync(HFeedService.self) }
        }.value
        #expect(service.api === Container[\.hAPI])
    }

    /// `InjectionMapper.withMapping` in main-actor code remaps what an `@Injected` wrapper of a main-actor class
    /// resolves, and only inside.
    @Test func aRemapReachesAWrapperInAMainActorClass() {
        InjectionMapper.withMapping(\.hAPI, to: \.hMockAPI) {
            #expect(HFeedScreen().api.name == "mock")
        }
        #expect(HFeedScreen().api.name == "live")
    }

    // MARK: isolation of registrations

    /// The article: "a nonisolated factory that depends on a main-actor one is reported before anything runs"
    /// by `verify()`; the report names both and its fix works.
    @Test func verifyReportsANonisolatedRegistrationThatNeedsAMainActorOne() throws {
        let container = Container()
        container.register(HSessionStore.self) { HSessionStore() }
        container.register(HReporter.self, using: HReporter.init)
        var caught: ResolutionError?
        do { try container.verify() } catch let error as ResolutionError { caught = error }
        let text = caught?.description ?? ""
        #expect(text.contains("HReporter") && text.contains("HSessionStore"))
        #expect(text.contains("mainActorRequired") || text.contains("main actor"))
        // The same registration from a main-actor function (a closure written here) verifies.
        container.register(HReporter.self) { r in HReporter(store: try r.resolve()) }
        #expect(throws: Never.self) { try container.verify() }
    }

    /// A nonisolated declared registration whose parameter is a main-actor registration, asked for with
    /// `resolveAsync` from a detached task: refused (not run off the main actor), naming the path. Its fix must
    /// be one the caller can apply: the caller already used `resolveAsync`, so the text should say to change
    /// `HReporter`'s registration, as `verify()` does for the same graph. It says to
    /// "use try await container.resolveAsync(HSessionStore.self)" instead, which nobody here calls.
    @Test func aNonisolatedRegistrationNeedingAMainActorOneGivesAFixTheCallerCanApply() async throws {
        let container = Container()
        let builds = HCounter()
        container.register(HSessionStore.self) {
            builds.hit()
            return HSessionStore()
        }
        container.register(HReporter.self, using: HReporter.init)
        _ = try await container.resolveAsync(HReporter.self)  // on the main actor: fine
        #expect(builds.value == 1 && builds.allOnMainThread)
        let error = await hErrorOffMain { _ = try await container.resolveAsync(HReporter.self) }
        #expect(error?.code == .mainActorRequired)
        let text = error?.description ?? ""
        #expect(text.contains("HReporter → HSessionStore"))
        #expect(builds.value == 1)
        // The fix `verify()` gives for this graph: "register `HReporter` with a @MainActor function too".
        #expect(text.contains("register `HReporter`"), "the fix names a resolveAsync the caller already made")
    }

    /// The fixes `verify()` gives for a nonisolated registration that needs a main-actor one, applied: each makes
    /// `resolveAsync` from a detached task work, and `verify()` pass.
    @Test(arguments: [HReporterFix.mainActorFunction, .asyncFunction, .provider])
    func verifysFixesForANonisolatedRegistrationWork(_ fix: HReporterFix) async throws {
        let container = Container()
        container.register(HSessionStore.self, scope: .singleton) { HSessionStore() }
        switch fix {
        case .mainActorFunction:
            container.register(HReporter.self) { r in HReporter(store: try r.resolve()) }
        case .asyncFunction:
            container.register(HReporter.self, using: { (store: HSessionStore) async in HReporter(store: store) })
        case .provider:
            container.register(HLazyReporter.self, using: HLazyReporter.init)
        }
        try container.verify()
        let store = try container.resolve(HSessionStore.self)
        if fix == .provider {
            let reporter = try await Task.detached { try await container.resolveAsync(HLazyReporter.self) }.value
            #expect(try reporter.store() === store)  // called on the main actor
        } else {
            let reporter = try await Task.detached { try await container.resolveAsync(HReporter.self) }.value
            #expect(reporter.store === store)
        }
    }

    /// A factory written on a custom global actor: the synchronous API reports `asyncRequired` naming the type,
    /// and its fix (`resolveAsync`) builds it there, from the main actor and from a detached task.
    @Test func aFactoryOnACustomGlobalActor() async throws {
        let container = Container()
        container.register(HRecord.self, scope: .singleton) { @HDatabaseActor in HRecord(id: 4) }
        var caught: ResolutionError?
        do { _ = try container.resolve(HRecord.self) } catch let error as ResolutionError { caught = error }
        #expect(caught?.code == .asyncRequired)
        #expect(caught?.description.contains("HRecord") == true)
        #expect(caught?.description.contains("resolveAsync") == true)
        let here = try await container.resolveAsync(HRecord.self)
        let there = try await Task.detached { try await container.resolveAsync(HRecord.self) }.value
        #expect(here.id == 4 && here === there)
        #expect(here.builtOnItsActor)
    }

    /// A factory written in an actor's code that reads the actor's state belongs to that actor.
    @Test func aFactoryWrittenInAnActorThatUsesItsState() async throws {
        let container = Container()
        let registry = HTenantRegistry(tenant: "acme")
        await registry.install(in: container)
        #expect(try await container.resolveAsync(HTenant.self).name == "acme")
        let detached = try await Task.detached { try await container.resolveAsync(HTenant.self) }.value
        #expect(detached.name == "acme")
        var caught: ResolutionError?
        do { _ = try container.resolve(HTenant.self) } catch let error as ResolutionError { caught = error }
        #expect(caught?.code == .asyncRequired)
    }

    /// `onCreated` written in main-actor code runs on the main actor when `resolveAsync` comes from elsewhere,
    /// and `.graph` spans the main-actor registrations of that one resolve.
    @Test func hooksAndGraphScopeResolvedFromADetachedTask() async throws {
        let container = Container()
        let hooks = HCounter()
        container.register(HUnit.self, scope: .graph) { HUnit() }
            .onCreated { _, _ in hooks.hit() }
        container.register(HPair.self) { r in HPair(first: try r.resolve(), second: try r.resolve()) }
        let pair = try await Task.detached { try await container.resolveAsync(HPair.self) }.value
        #expect(pair.first === pair.second)
        #expect(hooks.value == 1 && hooks.allOnMainThread)
        let next = try await Task.detached { try await container.resolveAsync(HPair.self) }.value
        #expect(next.first !== pair.first)
    }

    /// Resolve-time arguments to a main-actor registration from a detached task.
    @Test func argumentsToAMainActorRegistrationFromADetachedTask() async throws {
        let container = Container()
        container.register(HGreeting.self) { (_, name: String, times: Int) in HGreeting(name: name, times: times) }
        let greeting = try await Task.detached {
            try await container.resolveAsync(HGreeting.self, arguments: "Ada", 2)
        }.value
        #expect(greeting.text == "Ada Ada")
        let error = await hErrorOffMain { _ = try container.resolve(HGreeting.self, arguments: "Ada", 2) }
        #expect(error?.code == .mainActorRequired)
        #expect(error?.description.contains("HGreeting") == true)
    }

    /// Contributions written in main-actor code, collected from a detached task: main-actor classes are handed
    /// over; a protocol that is not `Sendable` is refused with the fix.
    @Test func contributionsCollectedFromADetachedTask() async throws {
        let container = Container()
        container.contribute(HPluginBox.self) { HPluginBox(name: "a") }
        container.contribute(HPluginBox.self) { HPluginBox(name: "b") }
        container.contribute((any HEngine).self) { HV8() }
        let boxes = try await Task.detached { try await container.resolveAllAsync(HPluginBox.self) }.value
        #expect(boxes.map(\.name) == ["a", "b"])
        let error = await hErrorOffMain { _ = try await container.resolveAllAsync((any HEngine).self) }
        #expect(error?.code == .mainActorRequired)
        #expect(try await container.resolveAllAsync((any HEngine).self).map(\.name) == ["V8"])
    }

    // MARK: lifetimes across isolations

    /// `reset(_:)` from a detached task of a main-actor registration with a synchronous main-actor `onDispose`:
    /// the Lifetimes article says synchronous hooks run "before `reset` returns"; a main-actor hook must still
    /// run on the main actor, and exactly once.
    @Test func resetFromADetachedTaskRunsAMainActorHookOnTheMainActor() async throws {
        let container = Container()
        let disposed = HCounter()
        container.register(HSessionStore.self, scope: .cached) { HSessionStore() }
            .onDispose { _ in disposed.hit() }
        _ = try container.resolve(HSessionStore.self)
        await Task.detached { container.reset(.cached) }.value
        for _ in 0..<200 where disposed.value == 0 { try await Task.sleep(for: .milliseconds(5)) }
        #expect(disposed.value == 1)
        #expect(disposed.allOnMainThread)
    }

    /// `shutdown()` awaited from a detached task: main-actor hooks run on the main actor, dependents first.
    @Test func shutdownFromADetachedTask() async throws {
        let container = Container()
        let order = HLog()
        container.register(HSessionStore.self, scope: .singleton) { HSessionStore() }
            .onDispose { _ in order.append("store \(hOnMainActor())") }
        container.register(HFeedService.self, scope: .singleton) { r in
            _ = try r.resolve(HSessionStore.self)
            return HFeedService(api: HMockAPI())
        }
        .onDispose { _ in order.append("feed \(hOnMainActor())") }
        _ = try container.resolve(HFeedService.self)
        try await Task.detached { try await container.shutdown() }.value
        #expect(order.entries == ["feed true", "store true"])
        let error = await hErrorOffMain { _ = try await container.resolveAsync(HFeedService.self) }
        #expect(error?.code == .shutDown)
    }

    /// A task waiting with `resolveAsync` for a main-actor singleton that another task is building is cancelled:
    /// it stops waiting with `cancelled`; the build goes on and is kept.
    @Test func aCancelledWaiterOfAMainActorSingleton() async throws {
        let container = Container()
        let builds = HCounter()
        // The build waits for the gate, opened once the waiter has stopped: no timing decides who builds.
        let (gate, open) = AsyncStream<Void>.makeStream()
        container.register(HSessionStore.self, scope: .singleton) { () async -> HSessionStore in
            builds.hit()
            for await _ in gate { break }
            return HSessionStore()
        }
        let first = Task.detached { try await container.resolveAsync(HSessionStore.self) }
        while builds.value == 0 { try await Task.sleep(for: .milliseconds(1)) }
        let waiter = Task.detached { try await container.resolveAsync(HSessionStore.self) }
        try await Task.sleep(for: .milliseconds(50))
        waiter.cancel()
        var code: ResolutionError.Code?
        do { _ = try await waiter.value } catch let error as ResolutionError { code = error.code }
        #expect(code == .cancelled)
        open.yield()
        open.finish()
        let built = try await first.value
        #expect(try await container.resolveAsync(HSessionStore.self) === built)
        #expect(builds.value == 1)
    }

    // MARK: a type that is its own key

    /// A type that is its own `InjectionKey` (swift-dependencies' client style), declared in the app module and
    /// resolved by type from main-actor code, and with `resolveAsync` from a detached task and a `nonisolated`
    /// function: the Keys article says nothing needs registering.
    @Test(.container)
    func aTypeThatIsItsOwnKeyFromEverywhere() async throws {
        let container = Container.shared
        #expect(try container.resolve(HWeatherClient.self).forecast() == "sunny")
        let current = Container.current
        let detached = await Task.detached { () -> Result<String, ResolutionError> in
            do {
                return .success(
                    try await current.withCurrent {
                        try await Container.shared.resolveAsync(HWeatherClient.self).forecast()
                    })
            } catch let error as ResolutionError { return .failure(error) } catch { fatalError("\(error)") }
        }.value
        switch detached {
        case .success(let forecast): #expect(forecast == "sunny")
        case .failure(let error): Issue.record("from a detached task: \(error)")
        }
        #expect(try await hResolveConcurrently(container, HWeatherClient.self).forecast() == "sunny")
    }

    /// The same key read through a main-actor registration's factory, resolved from a detached task.
    @Test(.container)
    func aTypeThatIsItsOwnKeyInsideAMainActorFactory() async throws {
        Container.shared.register(HWeatherModel.self) { r in HWeatherModel(client: try r.resolve()) }
        let current = Container.current
        let model = try await Task.detached {
            try await current.withCurrent { try await Container.shared.resolveAsync(HWeatherModel.self) }
        }.value
        #expect(model.client.forecast() == "sunny")
    }

    // MARK: explicit scopes and captives

    /// An explicit scope's `resolveAsync` from a detached task, for a main-actor registration of the scope: the
    /// instance built on the main actor is the scope's own, the one main-actor code gets through the scope.
    @Test func anExplicitScopeResolvedFromADetachedTaskKeepsItsInstance() async throws {
        let container = Container()
        container.register(HSessionStore.self, scope: .hRequest) { HSessionStore() }
        let scope = container.openScope(.hRequest)
        let there = try await Task.detached { try await scope.resolveAsync(HSessionStore.self) }.value
        let here = try scope.resolve(HSessionStore.self)
        #expect(here === there)
        let other = container.openScope(.hRequest)
        #expect(try other.resolve(HSessionStore.self) !== here)
        try await scope.close()
        try await other.close()
    }

    /// A main-actor `.singleton` that would keep a request's instance, inside `withScope` on the main actor:
    /// refused as `captive`, naming both; the fix (a `Provider`) works.
    @Test func aCaptiveInsideWithScopeOnTheMainActor() async throws {
        let container = Container()
        container.register(HSessionStore.self, scope: .hRequest) { HSessionStore() }
        container.register(HReportCache.self, scope: .singleton) { r in HReportCache(store: try r.resolve()) }
        container.register(HReportCacheFixed.self, scope: .singleton, using: HReportCacheFixed.init)
        try await container.withScope(.hRequest) {
            var caught: ResolutionError?
            do { _ = try container.resolve(HReportCache.self) } catch let error as ResolutionError {
                caught = error
            }
            #expect(caught?.code == .captive)
            #expect(caught?.description.contains("HReportCache") == true)
            #expect(caught?.description.contains("Provider<HSessionStore>") == true)
            let fixed = try container.resolve(HReportCacheFixed.self)
            #expect(try fixed.store() === container.resolve(HSessionStore.self))
        }
    }

    // MARK: the SyringeTesting trait

    /// A parameterised test with the trait and a main-actor singleton factory: each argument gets its own.
    @Test(.container { $0.register(HSessionStore.self, scope: .singleton) { HSessionStore() } }, arguments: [1, 2, 3])
    func eachArgumentGetsItsOwnMainActorSingleton(_ argument: Int) async throws {
        let store = try Container.shared.resolve(HSessionStore.self)
        let fromChild = try await Task { try await Container.shared.resolveAsync(HSessionStore.self) }.value
        #expect(store === fromChild)
        HArgumentLog.shared.record(argument, store)
        #expect(HArgumentLog.shared.distinctStores(upTo: argument))
    }

    // MARK: more lifetimes

    /// `closeNow()` on the main actor with synchronous main-actor hooks: they all run before it returns.
    @Test func closeNowOnTheMainActorRunsItsHooksBeforeReturning() throws {
        let container = Container()
        let disposed = HCounter()
        container.register(HSessionStore.self, scope: .hRequest) { HSessionStore() }
            .onDispose { _ in disposed.hit() }
        let scope = container.openScope(.hRequest)
        _ = try scope.resolve(HSessionStore.self)
        try scope.closeNow()
        #expect(disposed.value == 1 && disposed.allOnMainThread)
        try scope.closeNow()  // a second close does nothing
        #expect(disposed.value == 1)
    }

    /// `withScope` from a `@concurrent` function, for main-actor registrations with async main-actor hooks: the
    /// instance is built on the main actor (via `resolveAsync`), and its hook runs there, once, before `withScope`
    /// returns.
    @Test func withScopeFromAConcurrentFunctionWithMainActorHooks() async throws {
        let container = Container()
        let disposed = HCounter()
        container.register(HRequestWork.self, scope: .hRequest) { HRequestWork() }
            .onDispose { work async in
                await Task.yield()
                work.disposedOnMainThread = hOnMainActor()
                disposed.hit()
            }
        let work = try await hRunRequest(container)
        #expect(disposed.value == 1)
        #expect(work.disposedOnMainThread == true)
    }

    /// The async `withOverrides` called from an actor runs its operation on that actor (`isolation:`), with the
    /// overrides, while main-actor registrations are still built on the main actor; the operation's container
    /// builds its own instance of the parent's singleton (the Testing article), one for the whole operation.
    @Test(.container { $0.register(HSessionStore.self, scope: .singleton) { HSessionStore() } })
    func withOverridesFromAnActor() async throws {
        let store = try Container.shared.resolve(HSessionStore.self)
        let probe = HOverrideProbe()
        let result = try await probe.run()
        #expect(result.settings == HSettings(region: "test"))
        #expect(result.storeIDs.count == 1)
        #expect(!result.storeIDs.contains(store.id))
        #expect(try Container.shared.resolve(HSessionStore.self) === store)
    }

    // MARK: a property wrapper that cannot resolve

    /// `@Injected` in a `Sendable` struct (nonisolated) made off the main actor, for a main-actor registration:
    /// the program stops with the error's text. It must name the type, and give a fix that applies to a
    /// property wrapper (a wrapper cannot `await`; "use try await container.resolveAsync" does not apply to it).
    @Test func anInjectedPropertyOfAMainActorRegistrationMadeOffTheMainActor() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            await MainActor.run {
                _ = Container.shared.register(HSessionStore.self) { HSessionStore() }
            }
            await Task.detached { _ = HWorker() }.value
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("cannot resolve `HSessionStore` off the main actor"))
            #expect(text.contains("HostileAppModeTests.swift:"))  // the property's line
            let fix = text.components(separatedBy: "fix:").last ?? ""
            #expect(fix.contains("@MainActor"))
            // What the same stop says for an async registration (Diagnostics.forCodeThatCannotAwait): a wrapper
            // cannot await, so a fix that says "use try await …resolveAsync" must say how a wrapper applies it.
            #expect(
                !fix.contains("resolveAsync") || fix.contains("pass the instance in"),
                "a property wrapper is told to await: \(fix)")
        }
    }

    // MARK: forwarding and near misses (conformances of main-actor classes are main-actor conformances here)

    /// The README's error for a protocol nothing registers, with a class that conforms registered as itself: asked
    /// on the main actor, it suggests `.forwarding(…)` on the registration that conforms; the fix works.
    @Test func aNearMissOnTheMainActorSuggestsAForwardingThatWorks() throws {
        let container = Container()
        container.register(HV8.self, scope: .singleton) { HV8() }
        var caught: ResolutionError?
        do { _ = try container.resolve((any HEngine).self) } catch let error as ResolutionError { caught = error }
        let text = caught?.description ?? ""
        #expect(text.contains("cannot resolve `any HEngine` (no registration)"))
        #expect(text.contains(".forwarding((any HEngine).self)") && text.contains("`HV8`"))
        container.register(HV8.self, scope: .singleton) { HV8() }.forwarding((any HEngine).self)
        let engine = try container.resolve((any HEngine).self)
        #expect(engine === (try container.resolve(HV8.self)))
    }

    /// The same near miss for a `Sendable` protocol, asked from a detached task with `resolveAsync`: the error
    /// suggests the same forwarding (the conformance is a main-actor conformance).
    @Test func aNearMissOffTheMainActorSuggestsAForwarding() async throws {
        let container = Container()
        container.register(HSendableV8.self, scope: .singleton) { HSendableV8() }
        let error = await hErrorOffMain { _ = try await container.resolveAsync((any HSendableEngine).self) }
        let text = error?.description ?? ""
        #expect(text.contains("cannot resolve `any HSendableEngine` (no registration)"))
        #expect(text.contains(".forwarding((any HSendableEngine).self)"), "no forwarding suggested: \(text)")
    }

    /// The fix applied: a main-actor singleton forwarded to a `Sendable` protocol, asked from a detached task with
    /// `resolveAsync`. The article: "`resolveAsync` from elsewhere hops to the main actor, builds there, and hands
    /// the instance back when its type is `Sendable`". It is refused with `mainActorRequired`, and the error's fix,
    /// "use try await container.resolveAsync(HSendableV8.self)", is what the caller did (for the protocol).
    @Test func aForwardedMainActorSingletonResolvedAsyncFromADetachedTask() async throws {
        let container = Container()
        container.register(HSendableV8.self, scope: .singleton) { HSendableV8() }
            .forwarding((any HSendableEngine).self)
        let here = try container.resolve((any HSendableEngine).self)
        #expect(here as AnyObject === (try container.resolve(HSendableV8.self)))
        let viaDetached = await Task.detached { () -> Result<String, ResolutionError> in
            do {
                return .success(try await container.resolveAsync((any HSendableEngine).self).label)
            } catch let error as ResolutionError { return .failure(error) } catch { fatalError("\(error)") }
        }.value
        switch viaDetached {
        case .success(let label): #expect(label == "sendable V8")
        case .failure(let error): Issue.record("the forwarding refused off the main actor: \(error)")
        }
        // Before the singleton exists, too: a fresh container, the first resolve from a detached task.
        let fresh = Container()
        fresh.register(HSendableV8.self, scope: .singleton) { HSendableV8() }.forwarding((any HSendableEngine).self)
        let error = await hErrorOffMain { _ = try await fresh.resolveAsync((any HSendableEngine).self) }
        #expect(error == nil, "refused: \(error?.description ?? "")")
    }

    /// A main-actor async factory whose value is not `Sendable` (`any HEngine`), asked from a detached task. The
    /// article: "An instance whose type is not `Sendable`, such as `any Engine` above, never crosses an isolation
    /// boundary: `resolveAsync` off the main actor throws `mainActorRequired` for it". The synchronous main-actor
    /// factory is refused so (`aNonSendableValueOffTheMainActorAndItsFix`); this async one is built on the main
    /// actor and its instance handed to the detached task.
    @Test func aMainActorAsyncFactoryOfANonSendableTypeIsNotHandedToADetachedTask() async throws {
        let container = Container()
        let builds = HCounter()
        container.register((any HEngine).self) { () async -> any HEngine in
            builds.hit()
            return HV8()
        }
        let error = await hErrorOffMain { _ = try await container.resolveAsync((any HEngine).self) }
        #expect(error?.code == .mainActorRequired, "handed to a detached task")
        #expect(builds.value == 0)
        #expect(builds.allOnMainThread)
        #expect(try await container.resolveAsync((any HEngine).self).name == "V8")
    }

    /// A `Lazy` parameter of a main-actor `using:` init, its owner resolved from a detached task: the handle is
    /// refused off the main actor with `mainActorRequired` (not built there), then read on the main actor. The
    /// refusal is kept as the handle's failure ("a failure is kept too"): on the main actor every later read throws
    /// "cannot resolve `HSessionStore` off the main actor", which is false there, and the handle is dead, while a
    /// hand-made `Lazy { … }` read off the main actor first stays readable on the main actor (the next test).
    @Test func aLazyParameterReadOffTheMainActorFirstStaysReadableOnIt() async throws {
        let container = Container()
        let builds = HCounter()
        container.register(HSessionStore.self, scope: .singleton) {
            builds.hit()
            return HSessionStore()
        }
        container.register(HLazyOwner.self, using: HLazyOwner.init)
        let owner = try await Task.detached { try await container.resolveAsync(HLazyOwner.self) }.value
        #expect(builds.value == 0)
        let lazy = owner.store
        let offMain = await hErrorOffMain { _ = try lazy.value }
        #expect(offMain?.code == .mainActorRequired)
        #expect(builds.value == 0)
        #expect(try owner.store.value === container.resolve(HSessionStore.self))
        #expect(builds.value == 1)
    }

    /// The hand-made handle of the article ("`Lazy { Child() }` builds a main-actor `Child`, and the handle is read on
    /// the main actor (elsewhere its read throws `mainActorRequired`)"): a read elsewhere first does not spoil it.
    @Test func aHandMadeLazyReadOffTheMainActorFirstStaysReadableOnIt() async throws {
        let lazy = Lazy { HSessionStore() }
        let offMain = await hErrorOffMain { _ = try lazy.value }
        #expect(offMain?.code == .mainActorRequired)
        let value = try lazy.value
        #expect(try lazy.value === value)
    }

    /// The same with a synchronous main-actor factory made async by an async `onCreated` hook written here.
    @Test func aMainActorFactoryWithAnAsyncHookOfANonSendableTypeIsNotHandedToADetachedTask() async throws {
        let container = Container()
        let builds = HCounter()
        container.register((any HEngine).self) {
            builds.hit()
            return HV8()
        }
        .onCreated { _, _ async in await Task.yield() }
        let error = await hErrorOffMain { _ = try await container.resolveAsync((any HEngine).self) }
        #expect(error?.code == .mainActorRequired, "handed to a detached task")
        #expect(builds.value == 0)
        #expect(try await container.resolveAsync((any HEngine).self).name == "V8")
    }

    /// The same promise for contributions: "`resolveAllAsync` does the same for each main-actor contribution". An
    /// async contribution written in main-actor code, of a type that is not `Sendable`, asked from a detached task.
    @Test func anAsyncMainActorContributionOfANonSendableTypeIsNotHandedToADetachedTask() async throws {
        let container = Container()
        let builds = HCounter()
        container.contribute((any HEngine).self) { (_: Resolution) async -> any HEngine in
            builds.hit()
            return HV8()
        }
        let error = await hErrorOffMain { _ = try await container.resolveAllAsync((any HEngine).self) }
        #expect(error?.code == .mainActorRequired, "handed to a detached task")
        #expect(builds.value == 0)
        #expect(try await container.resolveAllAsync((any HEngine).self).map(\.name) == ["V8"])
    }

    /// And for the explicit scope's `resolveAsync`, with an async main-actor factory of the scope.
    @Test func anExplicitScopesAsyncMainActorFactoryOfANonSendableTypeFromADetachedTask() async throws {
        let container = Container()
        container.register((any HEngine).self, scope: .hRequest) { () async -> any HEngine in HV8() }
        let scope = container.openScope(.hRequest)
        let error = await hErrorOffMain { _ = try await scope.resolveAsync((any HEngine).self) }
        #expect(error?.code == .mainActorRequired, "handed to a detached task")
        let engine: any HEngine = try await scope.resolveAsync()
        #expect(engine.name == "V8")
        try await scope.close()
    }

    /// A declared main-actor `.singleton` (`using:` a main-actor `init`), raced from the main actor and detached
    /// tasks: built once, on the main actor.
    @Test func aDeclaredMainActorSingletonRaced() async throws {
        let container = Container()
        container.register(HSessionStore.self, scope: .singleton, using: HSessionStore.init)
        container.register(HLazyOwner.self, scope: .singleton, using: HLazyOwner.init)
        let before = HSessionStore.builds.value
        let tasks = (0..<24).map { _ in
            Task.detached { try await container.resolveAsync(HLazyOwner.self) }
        }
        let here = try container.resolve(HLazyOwner.self)
        for task in tasks { #expect(try await task.value === here) }
        let store = try here.store.value
        #expect(try container.resolve(HSessionStore.self) === store)
        #expect(HSessionStore.builds.value - before >= 1)
        #expect(container.registrations.allSatisfy { $0.execution == .mainActor })
    }

    /// A named main-actor registration and a `Provider` handle, with `resolveAsync` from a detached task.
    @Test func namedAndProviderFromADetachedTask() async throws {
        let container = Container()
        container.register(HSessionStore.self, name: "guest", scope: .singleton) { HSessionStore() }
        container.register(HSessionStore.self, scope: .singleton) { HSessionStore() }
        let named = try await Task.detached { try await container.resolveAsync(HSessionStore.self, name: "guest") }
            .value
        #expect(named === (try container.resolve(HSessionStore.self, name: "guest")))
        #expect(named !== (try container.resolve(HSessionStore.self)))
        let provider = try await Task.detached { try await container.resolveAsync(Provider<HSessionStore>.self) }.value
        #expect(try provider() === container.resolve(HSessionStore.self))
    }

    /// An optional request sees through to the wrapped type (Design decisions, "Optional requests see through to
    /// the wrapped type"), and `resolveAsync` from elsewhere hops to the main actor for a main-actor registration
    /// of a `Sendable` type. Together: `resolveAsync(HSessionStore?.self)` from a detached task. It is refused with
    /// `mainActorRequired`, whose fix ("use try await container.resolveAsync(HSessionStore.self)") is what was done.
    /// (The async engine sees through optionals only for async registrations: `resolveWrappedAsync`.)
    @Test func anOptionalOfAMainActorRegistrationFromADetachedTask() async throws {
        let container = Container()
        container.register(HSessionStore.self, scope: .singleton) { HSessionStore() }
        let here = try await container.resolveAsync(HSessionStore?.self)  // on the main actor: fine
        #expect(here === (try container.resolve(HSessionStore.self)))
        let optional = await Task.detached { () -> Result<HSessionStore?, ResolutionError> in
            do {
                return .success(try await container.resolveAsync(HSessionStore?.self))
            } catch let error as ResolutionError { return .failure(error) } catch { fatalError("\(error)") }
        }.value
        switch optional {
        case .success(let store): #expect(store === here)
        case .failure(let error): Issue.record("refused from a detached task: \(error)")
        }
    }

    /// A view model made inside `withScope` on the main actor: its `@Injected` property gets the request's instance,
    /// the one the request's code resolves; the next request gets another.
    @Test(.container { $0.register(HRequestWork.self, scope: .hRequest) { HRequestWork() } })
    func aViewModelMadeInsideWithScopeInjectsTheRequestsInstance() async throws {
        let first = try await Container.shared.withScope(.hRequest) { () async throws -> HRequestWork in
            let model = HRequestModel()
            #expect(model.work === (try Container.shared.resolve(HRequestWork.self)))
            let fromChild = try await Task { try await Container.shared.resolveAsync(HRequestWork.self) }.value
            #expect(fromChild === model.work)
            return model.work
        }
        let second = try await Container.shared.withScope(.hRequest) { HRequestModel().work }
        #expect(first !== second)
    }

    /// A `.shared` (weak) main-actor registration asked from detached tasks while main-actor code holds it: the
    /// same instance; once released, a new one.
    @Test func aSharedMainActorInstanceFromDetachedTasks() async throws {
        let container = Container()
        container.register(HSessionStore.self, scope: .shared) { HSessionStore() }
        var held: HSessionStore? = try container.resolve(HSessionStore.self)
        let heldID = held?.id
        let there = try await Task.detached { try await container.resolveAsync(HSessionStore.self).id }.value
        #expect(there == heldID)
        held = nil
        let next = try await Task.detached { try await container.resolveAsync(HSessionStore.self).id }.value
        #expect(next != heldID)
    }

    /// An async `onCreated` hook written in main-actor code makes the registration async: the synchronous API says
    /// so with a fix, and the fix (`resolveAsync`) runs the hook, from the main actor and from a detached task.
    @Test func anAsyncOnCreatedHookAndItsFix() async throws {
        let container = Container()
        let hooks = HCounter()
        container.register(HSessionStore.self) { HSessionStore() }
            .onCreated { _, _ async in
                await Task.yield()
                hooks.hit()
            }
        var caught: ResolutionError?
        do { _ = try container.resolve(HSessionStore.self) } catch let error as ResolutionError { caught = error }
        #expect(caught?.code == .asyncRequired)
        #expect(caught?.description.contains("resolveAsync(HSessionStore.self)") == true)
        _ = try await container.resolveAsync(HSessionStore.self)
        _ = try await Task.detached { try await container.resolveAsync(HSessionStore.self) }.value
        #expect(hooks.value == 2 && hooks.allOnMainThread)
    }

    /// `verify()`: a main-actor declared registration (`using:` a main-actor `init`) that needs an async one is
    /// reported as `asyncRequired` before anything runs; the fix it names works.
    @Test func verifyReportsAMainActorRegistrationNeedingAnAsyncOne() async throws {
        let container = Container()
        container.register(HSettings.self) { () async -> HSettings in HSettings(region: "eu") }
        container.register(HSettingsScreen.self, using: HSettingsScreen.init)
        var caught: ResolutionError?
        do { try container.verify() } catch let error as ResolutionError { caught = error }
        let text = caught?.description ?? ""
        #expect(text.contains("HSettingsScreen") && text.contains("HSettings"))
        #expect(text.contains("async"))
        // The fix: an async function for `HSettingsScreen` (its parameter is resolved with resolveAsync).
        container.register(HSettingsScreen.self, using: HSettingsScreen.make)
        try container.verify()
        let screen = try await Task.detached { try await container.resolveAsync(HSettingsScreen.self) }.value
        #expect(screen.settings.region == "eu")
    }

    // MARK: strict tests

    /// A live-only main-actor registration reached in a strict `withOverrides`: `strict` is told its key once;
    /// registering it again in the overrides (the fix) silences it, and the mock is built on the main actor.
    @Test func aStrictOverrideReportsALiveOnlyMainActorRegistrationOnce() async throws {
        let reported = HLog()
        try await Container.withOverrides {
            $0.register((any HAPI).self, scope: .singleton) { HLiveAPI() }.liveOnly()
        } operation: {
            try await Container.withOverrides(strict: { key in reported.append("\(key)") }) { _ in
            } operation: {
                _ = try Container.shared.resolve((any HAPI).self)
                try await Task { @MainActor in _ = try Container.shared.resolve((any HAPI).self) }.value
                _ = try await Container.shared.resolveAsync((any HAPI).self)
            }
            #expect(reported.entries.count == 1)
            #expect(reported.entries.first?.contains("any HAPI") == true)
            try await Container.withOverrides(strict: { key in reported.append("\(key)") }) {
                $0.register((any HAPI).self) { HMockAPI() }
            } operation: {
                let api = try await Container.shared.resolveAsync((any HAPI).self)
                #expect(api.name == "mock")
            }
            #expect(reported.entries.count == 1)
        }
    }

    // MARK: errors and their fixes

    /// The synchronous API from a detached task: `mainActorRequired`, naming the type and pointing at
    /// `resolveAsync`; applying that fix works from the same place.
    @Test func aSyncResolveOffTheMainActorNamesTheTypeAndAFixThatWorks() async throws {
        let container = Container()
        container.register(HSessionStore.self) { HSessionStore() }
        let error = await hErrorOffMain { _ = try container.resolve(HSessionStore.self) }
        #expect(error?.code == .mainActorRequired)
        let text = error?.description ?? ""
        #expect(text.contains("HSessionStore"))
        #expect(text.contains("resolveAsync"))
        let fixed = try await Task.detached { try await container.resolveAsync(HSessionStore.self) }.value
        #expect(fixed.id != UUID())
    }

    /// A value that is not `Sendable` asked for off the main actor: the error names it and offers making the type
    /// `Sendable`; a protocol refining `Sendable` is then handed over.
    @Test func aNonSendableValueOffTheMainActorAndItsFix() async throws {
        let container = Container()
        container.register((any HEngine).self) { HV8() }
        let error = await hErrorOffMain { _ = try await container.resolveAsync((any HEngine).self) }
        #expect(error?.code == .mainActorRequired)
        let text = error?.description ?? ""
        #expect(text.contains("any HEngine"))
        #expect(text.contains("Sendable"))
        // The fix: a protocol that is Sendable.
        container.register((any HSendableEngine).self) { HSendableV8() }
        let engine = try await Task.detached { try await container.resolveAsync((any HSendableEngine).self) }.value
        #expect(engine.label == "sendable V8")
    }
}

protocol HAPI: AnyObject {
    var name: String { get }
    func fetch() async throws -> [Int]
}
final class HLiveAPI: HAPI {
    static let builds = HCounter()
    var name: String { "live" }
    init() { Self.builds.hit() }
    func fetch() async throws -> [Int] { [1, 2, 3] }
}
final class HMockAPI: HAPI {
    var name: String { "mock" }
    init() {}
    func fetch() async throws -> [Int] { [1, 2] }
}
extension Container {
    var hAPI: any HAPI { provide(.singleton) { HLiveAPI() } }
    var hMockAPI: any HAPI { provide { HMockAPI() } }
}

@Observable
final class HFeedModel {
    var items: [String] = []
    @ObservationIgnored @Injected(\.hAPI) var api
    @ObservationIgnored @LazyInjected var engine: any HEngine
    @ObservationIgnored private let dependencies = Container.current
    init() {}

    func load() async throws {
        items = try await api.fetch().map { "\(api.name) \($0)" }
    }

    func engineName() -> String {
        dependencies.withCurrent { engine.name }
    }
}

final class HFeedScreen {
    @Injected(\.hAPI) var api
    init() {}
}

final class HFeedService {
    let api: any HAPI
    init(api: any HAPI) { self.api = api }
}

/// Nonisolated (written so), `Sendable`: its `init` is nonisolated, so `using: HReporter.init` is a nonisolated
/// registration.
nonisolated final class HReporter: Sendable {
    let store: HSessionStore
    init(store: HSessionStore) { self.store = store }
}

@globalActor actor HDatabaseActor {
    static let shared = HDatabaseActor()
}
@HDatabaseActor final class HRecord {
    let id: Int
    let builtOnItsActor: Bool
    init(id: Int) {
        self.id = id
        builtOnItsActor = true
        HDatabaseActor.shared.assertIsolated()
    }
}

struct HTenant: Sendable {
    let name: String
}
actor HTenantRegistry {
    var tenant: String
    init(tenant: String) { self.tenant = tenant }
    func install(in container: Container) {
        container.register(HTenant.self) { HTenant(name: self.tenant) }
    }
}

final class HUnit {
    init() {}
}
final class HPair {
    let first: HUnit
    let second: HUnit
    init(first: HUnit, second: HUnit) {
        self.first = first
        self.second = second
    }
}
final class HGreeting {
    let text: String
    init(name: String, times: Int) { text = Array(repeating: name, count: times).joined(separator: " ") }
}
final class HPluginBox {
    let name: String
    init(name: String) { self.name = name }
}
nonisolated final class HLog: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    init() {}
    func append(_ item: String) {
        lock.lock()
        items.append(item)
        lock.unlock()
    }
    var entries: [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}

nonisolated enum HReporterFix: Sendable, CaseIterable {
    case mainActorFunction, asyncFunction, provider
}
final class HLazyReporter {
    let store: Provider<HSessionStore>
    nonisolated init(store: Provider<HSessionStore>) { self.store = store }
}

/// A client that is its own key, swift-dependencies style, in the app module.
struct HWeatherClient: InjectionKey, Sendable {
    var forecast: @Sendable () -> String
    static var defaultValue: HWeatherClient { HWeatherClient { "sunny" } }
}
final class HWeatherModel {
    let client: HWeatherClient
    init(client: HWeatherClient) { self.client = client }
}

final class HReportCache {
    let store: HSessionStore
    init(store: HSessionStore) { self.store = store }
}
final class HReportCacheFixed {
    let store: Provider<HSessionStore>
    init(store: Provider<HSessionStore>) { self.store = store }
}

/// What each argument of a parameterised test resolved; keeps the stores alive so identities stay distinct.
final class HArgumentLog {
    static let shared = HArgumentLog()
    private var stores: [Int: HSessionStore] = [:]
    func record(_ argument: Int, _ store: HSessionStore) { stores[argument] = store }
    func distinctStores(upTo argument: Int) -> Bool {
        let seen = stores.values.map(ObjectIdentifier.init)
        return Set(seen).count == seen.count
    }
}

@concurrent nonisolated func hRunRequest(_ container: Container) async throws -> HRequestWork {
    try await container.withScope(.hRequest) {
        let work = try await container.resolveAsync(HRequestWork.self)
        #expect(try await container.resolveAsync(HRequestWork.self) === work)
        return work
    }
}

actor HOverrideProbe {
    struct Result: Sendable {
        let settings: HSettings
        let storeIDs: Set<UUID>
    }
    func run() async throws -> Result {
        try await Container.withOverrides {
            $0.register(HSettings.self) { HSettings(region: "test") }
        } operation: {
            self.assertIsolated()
            let settings = try Container.shared.resolve(HSettings.self)
            let store = try await Container.shared.resolveAsync(HSessionStore.self)
            let inChild = try await Task { try await Container.shared.resolveAsync(HSessionStore.self) }.value
            self.assertIsolated()
            return Result(settings: settings, storeIDs: [store.id, inChild.id])
        }
    }
}

nonisolated struct HWorker: Sendable {
    @Injected var store: HSessionStore
}

final class HLazyOwner {
    let store: Lazy<HSessionStore>
    init(store: Lazy<HSessionStore>) { self.store = store }
}

final class HRequestModel {
    @Injected var work: HRequestWork
    init() {}
}

final class HSettingsScreen {
    let settings: HSettings
    init(settings: HSettings) { self.settings = settings }
    static func make(settings: HSettings) async -> HSettingsScreen { HSettingsScreen(settings: settings) }
}

protocol HSendableEngine: Sendable {
    var label: String { get }
}
final class HSendableV8: HSendableEngine {
    var label: String { "sendable V8" }
    init() {}
}

/// Nonisolated and not `Sendable`: the only kind of class that is not `Sendable` in this module.
nonisolated final class HDraft {
    var text: String
    init(text: String) { self.text = text }
}

struct HEditorState: Sendable {
    var title: String
}

extension Scope {
    static let hRequest = Scope("h-request")
}

/// Wrapped properties stay get-only: a setter would make them mutable, which a `nonisolated` type of a main-actor
/// module refuses ("'nonisolated' cannot be applied to mutable stored properties"). Compiling is the test.
nonisolated struct HLazyWorkerProbe: Sendable {
    @Injected var injected: HSessionStore
    @LazyInjected var store: HSessionStore
    @WeakLazyInjected var weakStore: HSessionStore?
    @DynamicInjected var dynamicStore: HSessionStore
    @OptionalInjected var optionalStore: HSessionStore?

    func probe() -> Bool { $store.resolvedValue == nil && $weakStore.resolvedValue == nil }
}
