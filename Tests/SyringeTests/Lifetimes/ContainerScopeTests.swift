import Foundation
import Testing

@testable import Syringe

/// A request's log, which depends on nothing: one of the two leaves of `RequestHandler`'s graph.
final class RequestLog: Sendable {
    let id: Int
    init() { id = UnitOfWork.ids.increment() }
}

/// Depends on the request's unit of work and log, which its dependents share.
final class RequestRepository: Sendable {
    let work: UnitOfWork
    let log: RequestLog
    init(work: UnitOfWork, log: RequestLog) { (self.work, self.log) = (work, log) }
}

/// The top of a request's graph: a repository and the unit of work and log it shares.
final class RequestHandler: Sendable {
    let repository: RequestRepository
    let work: UnitOfWork
    let log: RequestLog
    init(repository: RequestRepository, work: UnitOfWork, log: RequestLog) {
        (self.repository, self.work, self.log) = (repository, work, log)
    }
}

/// A request-scoped object that reads the unit of work through a property wrapper and a key path.
struct WrappedReader: Sendable {
    @Injected var work: UnitOfWork
    @Injected(\.scopedLog) var log: RequestLog
}

extension Container {
    /// A request-scoped key path.
    var scopedLog: RequestLog { provide(.request) { RequestLog() } }
}

/// `openScope(_:)`: a scope you hold and close yourself, resolved through directly.
@Suite("Lifetimes: explicit scopes", .timeLimit(.minutes(1)))
struct ContainerScopeTests {
    /// The request's graph, each registration disposing of its instance into `journal`.
    private func requestContainer(_ journal: Journal = Journal()) -> Container {
        let container = Container()
        container.register(UnitOfWork.self, scope: .request) { UnitOfWork() }
            .onDispose { _ in journal.log("UnitOfWork") }
        container.register(RequestLog.self, scope: .request) { RequestLog() }
            .onDispose { _ in journal.log("RequestLog") }
        container.register(RequestRepository.self, scope: .request) { r in
            RequestRepository(work: try r.resolve(), log: try r.resolve())
        }
        .onDispose { _ in journal.log("RequestRepository") }
        container.register(RequestHandler.self, scope: .request) { r in
            RequestHandler(repository: try r.resolve(), work: try r.resolve(), log: try r.resolve())
        }
        .onDispose { _ in journal.log("RequestHandler") }
        return container
    }

    @Test func oneInstancePerScopeSharedByEverythingItResolves() async throws {
        let container = requestContainer()
        let scope = container.openScope(.request)
        let handler = try scope.resolve(RequestHandler.self)
        #expect(handler.repository.work === handler.work)
        #expect(handler.repository.log === handler.log)
        #expect(try scope.resolve(UnitOfWork.self) === handler.work)
        #expect(try scope.resolve(RequestHandler.self) === handler)
        let other = container.openScope(.request)
        #expect(try other.resolve(UnitOfWork.self) !== handler.work)
        try await scope.close()
        try await other.close()
    }

    @Test func closeDisposesDependentsFirstEachOnce() async throws {
        let journal = Journal()
        let container = requestContainer(journal)
        let scope = container.openScope(.request)
        _ = try scope.resolve(RequestHandler.self)
        #expect(journal.all.isEmpty)
        try await scope.close()
        try await scope.close()
        #expect(scope.isClosed)
        #expect(journal.all == ["RequestHandler", "RequestRepository", "RequestLog", "UnitOfWork"])
    }

    @Test func aResolveAfterCloseIsRefusedWithTheReason() async throws {
        let container = requestContainer()
        let scope = container.openScope(.request)
        try await scope.close()
        let error = #expect(throws: ResolutionError.self) { try scope.resolve(UnitOfWork.self) }
        #expect(error?.code == .shutDown)
        #expect(error?.summary == "cannot resolve `UnitOfWork`: its scope, Scope(\"request\"), has been closed.")
        #expect(
            error?.fix
                == "resolve it before the scope ends (inside the operation of withScope, or before close() of the "
                + "ContainerScope), not from a task or a lazy handle that outlives it.")
        let asyncError = await #expect(throws: ResolutionError.self) { try await scope.resolveAsync(UnitOfWork.self) }
        #expect(asyncError?.code == .shutDown)
    }

    @Test func aScopeThatResolvesNothingClosesWithNothingToDo() async throws {
        let container = requestContainer()
        container.register(Int.self) { 7 }
        let scope = container.openScope(.request)
        #expect(try scope.resolve(Int.self) == 7)
        try await scope.close()
        try await scope.close()
        #expect(scope.isClosed)
    }

    @Test func otherScopesResolveAsThroughTheContainer() async throws {
        let container = requestContainer()
        container.register(Config.self, scope: .singleton) { Config() }
        container.register(Int.self, name: "seven") { 7 }
        let scope = container.openScope(.request)
        #expect(try scope.resolve(Config.self) === container.resolve(Config.self))
        #expect(try scope.resolve(Int.self, name: "seven") == 7)
        try await scope.close()
        #expect(try container.resolve(Config.self) === container.resolve(Config.self))
    }

    @Test func argumentsAndNamesResolveInTheScope() async throws {
        let container = Container()
        container.register(UnitOfWork.self, name: "named", scope: .request) { UnitOfWork() }
        container.register(String.self) { (r, prefix: String) in
            "\(prefix) \(try r.resolve(UnitOfWork.self, name: "named").id)"
        }
        let scope = container.openScope(.request)
        let work = try scope.resolve(UnitOfWork.self, name: "named")
        #expect(try scope.resolve(String.self, arguments: "work") == "work \(work.id)")
        try await scope.close()
    }

    @Test func wrappersAndKeyPathsInItsFactoriesSeeIt() async throws {
        try await Container.withOverrides {
            $0.register(UnitOfWork.self, scope: .request) { UnitOfWork() }
            $0.register(WrappedReader.self, scope: .request) { WrappedReader() }
        } operation: {
            let scope = Container.shared.openScope(.request)
            let reader = try scope.resolve(WrappedReader.self)
            #expect(reader.work === (try scope.resolve(UnitOfWork.self)))
            #expect(reader.log === (try scope.resolve(WrappedReader.self).log))
            let other = Container.shared.openScope(.request)
            let another = try other.resolve(WrappedReader.self)
            #expect(another.work !== reader.work)
            #expect(another.log !== reader.log)
            try await scope.close()
            try await other.close()
        }
    }

    @Test func asyncFactoriesResolveInTheScope() async throws {
        let container = Container()
        container.register(UnitOfWork.self, scope: .request) { () async in UnitOfWork() }
        container.register(RequestLog.self, scope: .request) { RequestLog() }
        container.register(RequestRepository.self, scope: .request) { r async throws in
            RequestRepository(work: try await r.resolveAsync(), log: try r.resolve())
        }
        let scope = container.openScope(.request)
        let repository = try await scope.resolveAsync(RequestRepository.self)
        #expect(try await scope.resolveAsync(UnitOfWork.self) === repository.work)
        #expect(try scope.resolve(RequestLog.self) === repository.log)
        #expect(try await container.openScope(.request).resolveAsync(UnitOfWork.self) !== repository.work)
        try await scope.close()
    }

    @Test func withCurrentBindsItForResolvesThroughAnyContainer() async throws {
        let journal = Journal()
        let container = requestContainer(journal)
        let scope = container.openScope(.request)
        let (work, fromChild) = try await scope.withCurrent {
            let work = try container.resolve(UnitOfWork.self)
            let fromChild = try await Task { try container.resolve(UnitOfWork.self) }.value
            return (work, fromChild)
        }
        #expect(work === fromChild)
        #expect(try scope.resolve(UnitOfWork.self) === work)
        #expect(journal.all.isEmpty)
        try await scope.close()
        #expect(journal.all == ["UnitOfWork"])
    }

    @Test func anyTaskMayCloseIt() async throws {
        let journal = Journal()
        let container = requestContainer(journal)
        let scope = container.openScope(.request)
        _ = try scope.resolve(RequestRepository.self)
        try await Task.detached { try await scope.close() }.value
        #expect(journal.all == ["RequestRepository", "RequestLog", "UnitOfWork"])
    }

    @Test func throwingAndAsyncHooksAtClose() async throws {
        let journal = Journal()
        let container = Container()
        container.register(Config.self, scope: .request) { Config() }
            .onDispose { _ async in journal.log("async Config") }
        container.register(Driver.self, scope: .request) { r in Driver(config: try r.resolve()) }
            .onDispose { _ in throw Failure(reason: "driver") }
        container.register(Pool.self, scope: .request) { r in Pool(driver: try r.resolve()) }
            .onDispose { _ in journal.log("Pool") }
        let scope = container.openScope(.request)
        _ = try scope.resolve(Pool.self)
        let error = await #expect(throws: ResolutionError.self) { try await scope.close() }
        #expect(error?.code == .multiple)
        #expect(error?.summary == "close() of Scope(\"request\"): 1 onDispose hook failed.")
        #expect(error?.errors.map { $0.key?.description } == ["Driver"])
        #expect(journal.all == ["Pool", "async Config"])
    }

    @Test func aSingletonResolvedThroughTheScopeMayNotKeepItsInstance() async throws {
        final class Cache: Sendable {
            let work: UnitOfWork
            init(work: UnitOfWork) { self.work = work }
        }
        let container = requestContainer()
        container.register(Cache.self, scope: .singleton) { r in Cache(work: try r.resolve()) }
        let scope = container.openScope(.request)
        let error = #expect(throws: ResolutionError.self) { try scope.resolve(Cache.self) }
        #expect(error?.code == .captive)
        #expect(error?.path.map(\.description) == ["Cache", "UnitOfWork"])
        try await scope.close()
    }

    @Test func itSeesTheScopesThatWereCurrentWhereItWasOpened() async throws {
        let container = Container()
        container.register(Cart.self, scope: .session) { Cart() }
        container.register(UnitOfWork.self, scope: .request) { UnitOfWork() }
        try await container.withScope(.session) {
            let cart = try container.resolve(Cart.self)
            let scope = container.openScope(.request)
            #expect(try scope.resolve(Cart.self) === cart)
            try await scope.close()
        }
    }

    @Test func registrationsOfOtherContainersAndLaterOnesShareTheScopeToo() async throws {
        let journal = Journal()
        let container = requestContainer(journal)
        let scope = container.openScope(.request)
        let work = try scope.resolve(UnitOfWork.self)
        // Registered after the scope laid its slots out, and in a child: both kept in the scope's overflow store.
        container.register(Config.self, scope: .request) { Config() }.onDispose { _ in journal.log("Config") }
        let child = Container(parent: container)
        child.register(Driver.self, scope: .request) { r in Driver(config: try r.resolve()) }
            .onDispose { _ in journal.log("Driver") }
        let childScope = child.openScope(.request)
        let driver = try childScope.resolve(Driver.self)
        #expect(try childScope.resolve(Driver.self) === driver)
        #expect(try childScope.resolve(Config.self) === driver.config)
        let config = try scope.resolve(Config.self)
        #expect(try scope.resolve(Config.self) === config)
        #expect(config !== driver.config)
        #expect(try scope.resolve(UnitOfWork.self) === work)
        try await childScope.close()
        #expect(journal.all == ["Driver", "Config"])
        try await scope.close()
        #expect(journal.all == ["Driver", "Config", "Config", "UnitOfWork"])
    }

    /// The scope's slots and its overflow store complete in one order: an instance of the overflow store built
    /// before one of a slot is disposed of after it.
    @Test func theOverflowStoreAndTheSlotsAreDisposedOfInOneOrder() async throws {
        let journal = Journal()
        let container = requestContainer(journal)
        let scope = container.openScope(.request)
        _ = try scope.resolve(UnitOfWork.self)
        container.register(Config.self, scope: .request) { Config() }.onDispose { _ in journal.log("Config") }
        _ = try scope.resolve(Config.self)
        _ = try scope.resolve(RequestLog.self)
        try await scope.close()
        #expect(journal.all == ["RequestLog", "Config", "UnitOfWork"])
    }

    @Test func aLazyHandleMadeInTheScopeResolvesThereUntilItCloses() async throws {
        final class Deferred: Sendable {
            let work: Lazy<UnitOfWork>
            let make: Provider<RequestLog>
            init(work: Lazy<UnitOfWork>, make: Provider<RequestLog>) { (self.work, self.make) = (work, make) }
        }
        let container = requestContainer()
        container.register(Deferred.self, scope: .request, using: Deferred.init)
        var scope: ContainerScope? = container.openScope(.request)
        let deferred = try #require(try scope?.resolve(Deferred.self))
        #expect(try deferred.work.value === scope?.resolve(UnitOfWork.self))
        #expect(try deferred.make() === scope?.resolve(RequestLog.self))
        try await scope?.close()
        #expect(#expect(throws: ResolutionError.self) { try deferred.make() }?.code == .shutDown)
        // Once the scope is gone too, the handle still refuses rather than resolving outside it.
        scope = nil
        #expect(#expect(throws: ResolutionError.self) { try deferred.make() }?.code == .shutDown)
        #expect(try container.resolve(RequestLog.self) === container.resolve(RequestLog.self))
    }

    @Test func aDroppedScopeRunsNoHookAndReleasesItsInstances() throws {
        let journal = Journal()
        let container = requestContainer(journal)
        weak var handler: RequestHandler?
        do {
            let scope = container.openScope(.request)
            handler = try scope.resolve(RequestHandler.self)
        }
        #expect(handler == nil)
        #expect(journal.all.isEmpty)
    }

    @Test func aClosedScopeReleasesItsInstancesWithTheScope() async throws {
        weak var work: UnitOfWork?
        let container = requestContainer()
        var scope: ContainerScope? = container.openScope(.request)
        work = try scope?.resolve(UnitOfWork.self)
        try await scope?.close()
        #expect(work != nil)
        scope = nil
        #expect(work == nil)
    }

    @Test func aBuiltInScopeKeepsNothingInIt() async throws {
        let container = requestContainer()
        container.register(Config.self, scope: .singleton) { Config() }
        let scope = container.openScope(.singleton)
        #expect(try scope.resolve(Config.self) === container.resolve(Config.self))
        #expect(try scope.resolve(UnitOfWork.self) === container.resolve(UnitOfWork.self))
        try await scope.close()
        #expect(try scope.resolve(Config.self) === container.resolve(Config.self))
    }

    /// A `.graph` dependency's hooks run when the scope's resolution ends, after the requested instance was built:
    /// when they fail, that instance is released and nothing is kept.
    @Test func aResolveWhoseDeferredGraphHookFailsReleasesWhatItBuilt() throws {
        final class Part: Sendable {}
        final class Assembly: Sendable {
            let part: Part
            let released: Counter
            init(part: Part, released: Counter) { (self.part, self.released) = (part, released) }
            deinit { released.increment() }
        }
        struct Faulty: Error {}
        let container = Container()
        let built = Counter()
        let released = Counter()
        container.register(Part.self, scope: .graph) { Part() }
            .onCreated { _, _ in throw Faulty() }
        container.register(Assembly.self) { r in
            built.increment()
            return Assembly(part: try r.resolve(), released: released)
        }
        let scope = container.openScope(.request)
        let error = #expect(throws: ResolutionError.self) { try scope.resolve(Assembly.self) }
        #expect(error?.underlyingError is Faulty)
        #expect(built.count == 1)
        #expect(released.count == 1)
        try scope.closeNow()
    }

    /// The form for values that are not `Sendable`, which stay in the caller's isolation.
    @Test @MainActor func aValueThatIsNotSendableResolvesAsyncThroughTheScope() async throws {
        final class Notepad {
            var lines: [String] = []
        }
        let container = Container()
        container.register(Notepad.self, scope: .request) { Notepad() }
        let scope = container.openScope(.request)
        let notepad: Notepad = try await scope.resolveAsync()
        notepad.lines.append("first")
        #expect(try await scope.resolveAsync(Notepad.self).lines == ["first"])
        try await scope.close()
    }

    /// A scope closed by a cancelled task still disposes of everything, and its hooks do not see the cancellation
    /// (a rollback that checks it would otherwise be cut short): synchronous and async hooks alike.
    @Test(arguments: [false, true])
    func hooksOfAScopeClosedByACancelledTaskRunUncancelled(asyncHook: Bool) async throws {
        let seen = Protected<[Bool]>([])
        let container = Container()
        let registration = container.register(UnitOfWork.self, scope: .request) { UnitOfWork() }
        if asyncHook {
            registration.onDispose { _ async in
                await Task.yield()
                seen.withLock { $0.append(Task.isCancelled) }
            }
        } else {
            registration.onDispose { _ in seen.withLock { $0.append(Task.isCancelled) } }
        }
        container.register(RequestLog.self, scope: .request) { RequestLog() }
            .onDispose { _ in seen.withLock { $0.append(Task.isCancelled) } }
        let task = Task {
            while !Task.isCancelled { await Task.yield() }
            let scope = container.openScope(.request)
            _ = try scope.resolve(UnitOfWork.self)
            _ = try scope.resolve(RequestLog.self)
            try await scope.close()
            return Task.isCancelled
        }
        task.cancel()
        #expect(try await task.value)
        #expect(seen.withLock { $0 } == [false, false])
    }

}

final class Cart: Sendable {}
