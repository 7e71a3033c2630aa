import Foundation
import Syringe
import Testing

/// Records disposals in order, from any thread.
final class HJournal: Sendable {
    private let box = HostileBox<[String]>([])
    func log(_ entry: String) { box.withLock { $0.append(entry) } }
    var entries: [String] { box.current }
}

final class HDisposable: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}

struct HModule: Module {
    let journal: HJournal
    let generation: Int
    var registrations: some Registrations {
        Register(HDisposable.self, scope: .singleton) { HDisposable("module \(generation)") }
            .onDispose { [journal] in journal.log("disposed \($0.name)") }
    }
}

extension Scope {
    fileprivate static let hostileRequest = Scope("hostile-lifetime-request")
    fileprivate static let hostileSession = Scope("hostile-lifetime-session")
}

/// `onDispose`, `shutdown()`, `dispose(_:)`, re-registration and `withScope`, as a user combines them.
@Suite("Hostile: lifetimes", .timeLimit(.minutes(1)))
struct HostileLifetimeTests {
    /// Installing a module again replaces its registrations: the old singleton is disposed of, once.
    @Test func reinstallingAModuleDisposesTheOldInstance() async throws {
        let journal = HJournal()
        let container = Container { HModule(journal: journal, generation: 1) }
        _ = try container.resolve(HDisposable.self)
        container.install(HModule(journal: journal, generation: 2))
        #expect(journal.entries == ["disposed module 1"])
        #expect(try container.resolve(HDisposable.self).name == "module 2")
        try await container.shutdown()
        #expect(journal.entries == ["disposed module 1", "disposed module 2"])
    }

    /// A test container overriding a key does not dispose of its parent's instance; its own goes with
    /// `shutdown()` of the test container, and the parent's stays.
    @Test func aChildsOverrideLeavesTheParentsInstanceAlone() async throws {
        let journal = HJournal()
        let parent = Container { HModule(journal: journal, generation: 1) }
        _ = try parent.resolve(HDisposable.self)
        let child = Container(parent: parent)
        child.install(HModule(journal: journal, generation: 2))
        _ = try child.resolve(HDisposable.self)
        #expect(journal.entries.isEmpty)
        try await child.shutdown()
        #expect(journal.entries == ["disposed module 2"])
        #expect(try parent.resolve(HDisposable.self).name == "module 1")
    }

    /// `shutdown()` called from several tasks at once: every hook runs once.
    @Test func concurrentShutdownsDisposeOnce() async throws {
        let journal = HJournal()
        let container = Container()
        for index in 0..<20 {
            container.register(HDisposable.self, name: "\(index)", scope: .singleton) { HDisposable("\(index)") }
                .onDispose { journal.log($0.name) }
            _ = try container.resolve(HDisposable.self, name: "\(index)")
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 { group.addTask { try await container.shutdown() } }
            try await group.waitForAll()
        }
        #expect(journal.entries.count == 20)
        #expect(Set(journal.entries).count == 20)
    }

    /// `dispose(.session)` racing resolves of session instances: each instance is disposed of at most once, and
    /// the ones kept at the end are not disposed.
    @Test func disposeRacingResolves() async throws {
        let journal = HJournal()
        let container = Container()
        let ids = HostileCounter()
        container.register(HDisposable.self, scope: .hostileSession) { HDisposable("\(ids.increment())") }
            .onDispose { journal.log($0.name) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for _ in 0..<200 {
                        if task == 0 {
                            try await container.dispose(.hostileSession)
                        } else {
                            _ = try container.resolve(HDisposable.self)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        let kept = try container.resolve(HDisposable.self).name
        #expect(Set(journal.entries).count == journal.entries.count)
        #expect(!journal.entries.contains(kept))
    }

    /// An inner `withScope` of the same scope opens a new set; the outer one's instance is back after it.
    @Test func nestedScopesOfOneScope() async throws {
        let container = Container()
        let journal = HJournal()
        let ids = HostileCounter()
        container.register(HDisposable.self, scope: .hostileRequest) { HDisposable("\(ids.increment())") }
            .onDispose { journal.log("disposed \($0.name)") }
        try await container.withScope(.hostileRequest) {
            let outer = try container.resolve(HDisposable.self)
            let inner = try await container.withScope(.hostileRequest) { try container.resolve(HDisposable.self) }
            #expect(inner !== outer)
            #expect(journal.entries == ["disposed 2"])
            #expect(try container.resolve(HDisposable.self) === outer)
        }
        #expect(journal.entries == ["disposed 2", "disposed 1"])
    }

    /// `withScope` on the main actor (an app's unit of work), with a main-actor registration inside.
    @Test @MainActor func aScopeOnTheMainActor() async throws {
        @MainActor final class Screen: Sendable {
            var title = "screen"
        }
        let container = Container()
        container.register(Screen.self, scope: .hostileRequest) { @MainActor _ in Screen() }
        let title = try await container.withScope(.hostileRequest) {
            let screen = try container.resolve(Screen.self)
            #expect(try container.resolve(Screen.self) === screen)
            return screen.title
        }
        #expect(title == "screen")
    }

    /// A throwing `onDispose` among others at the end of a scope: the others run, and the error names it,
    /// also when the operation itself threw (its error wins).
    @Test func aThrowingHookAtTheEndOfAScope() async throws {
        let container = Container()
        let journal = HJournal()
        container.register(HDisposable.self, name: "a", scope: .hostileRequest) { HDisposable("a") }
            .onDispose { journal.log($0.name) }
        container.register(HDisposable.self, name: "b", scope: .hostileRequest) { HDisposable("b") }
            .onDispose { _ in throw HostileFailure(reason: "b failed") }
        do {
            try await container.withScope(.hostileRequest) {
                _ = try container.resolve(HDisposable.self, name: "a")
                _ = try container.resolve(HDisposable.self, name: "b")
            }
            Issue.record("expected the hook's failure")
        } catch let error as ResolutionError {
            #expect(error.description.contains("b failed"))
        }
        #expect(journal.entries == ["a"])
        await #expect(throws: HostileFailure.self) {
            try await container.withScope(.hostileRequest) {
                _ = try container.resolve(HDisposable.self, name: "b")
                throw HostileFailure(reason: "the operation's own")
            }
        }
    }

    /// Scopes made from one name on many threads at once are one scope.
    @Test func scopesMadeConcurrentlyAreEqual() async {
        let outcomes = await boundedOnThreads(8) { index -> [Scope] in
            (0..<200).map { Scope("hostile-concurrent-\(($0 + index) % 16)") }
        }
        var byName: [String: Set<Scope>] = [:]
        for scopes in outcomes.compactMap(\.value) {
            for scope in scopes { byName[scope.description, default: []].insert(scope) }
        }
        #expect(byName.count == 16)
        #expect(byName.values.allSatisfy { $0.count == 1 })
    }

    /// `removeAll()` disposes of what the registrations kept, and the container is usable afterwards.
    @Test func removeAllDisposesAndLeavesAUsableContainer() throws {
        let journal = HJournal()
        let container = Container { HModule(journal: journal, generation: 1) }
        _ = try container.resolve(HDisposable.self)
        container.removeAll()
        #expect(journal.entries == ["disposed module 1"])
        #expect(container.resolveIfRegistered(HDisposable.self) == nil)
        container.install(HModule(journal: journal, generation: 2))
        #expect(try container.resolve(HDisposable.self).name == "module 2")
    }
}

extension HostileLifetimeTests {
    /// "Everything resolved inside [withScope] shares them — through any container" (Lifetimes). A test
    /// container made by `withOverrides` (or the `.container` trait) copies its parent's custom-scope
    /// registrations, and the copy is a registration of its own in the request's store: code that resolves
    /// through the test's container and code that holds the app's container get two units of work in one
    /// request. Left for a design decision (which of the two containers should build the shared one).
    @Test func aRequestInstanceIsSharedByATestContainerAndItsParent() async throws {
        try await Container.withOverrides {
            $0.register(HDisposable.self, scope: .hostileRequest) { HDisposable("work") }
        } operation: {
            let app = Container.shared
            try await Container.withOverrides { _ in
            } operation: {
                try await Container.shared.withScope(.hostileRequest) {
                    let throughTheTest = try Container.shared.resolve(HDisposable.self)
                    let throughTheApp = try app.resolve(HDisposable.self)
                    #expect(throughTheTest === throughTheApp)
                }
            }
        }
    }
}
