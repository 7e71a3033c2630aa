import Foundation
import Testing

@testable import Syringe

private final class AsyncTicket: Sendable {
    let number: Int
    init(_ number: Int) { self.number = number }
}
// @unchecked Sendable: fixtures whose back-references are set once, by the hook that builds them.
private final class AsyncShelf: @unchecked Sendable {
    var book: AsyncShelfBook?
}
private final class AsyncShelfBook: Sendable {
    let shelf: AsyncShelf
    init(shelf: AsyncShelf) { self.shelf = shelf }
}
private final class AsyncLoop: Sendable {
    init(_ other: AsyncLoopOther) {}
}
private final class AsyncLoopOther: Sendable {
    init(_ loop: AsyncLoop) {}
}

/// Paths of the async engine that the other suites do not take.
@Suite("Engine: the async engine's less common paths")
struct ProduceAsyncTests {
    @Test func aRegistrationAddedAfterTheScopeOpenedKeepsOneInstanceInIt() async throws {
        let container = Container()
        let disposed = Counter()
        container.register(AsyncTicket.self, scope: .request) { AsyncTicket(0) }
        let scope = container.openScope(.request)
        _ = try await scope.resolveAsync(AsyncTicket.self)  // the scope lays out its slots
        // Registered after the scope laid out its slots: it is kept in the scope's overflow store.
        container.register(AsyncTicket.self, name: "late", scope: .request) { () async -> AsyncTicket in AsyncTicket(1)
        }
        .onDispose { _ in disposed.increment() }
        let first = try await scope.resolveAsync(AsyncTicket.self, name: "late")
        #expect(try await scope.resolveAsync(AsyncTicket.self, name: "late") === first)
        try await scope.close()
        #expect(disposed.count == 1)
    }

    @Test(arguments: [Scope.request, .singleton])
    func anAsyncHookAskingAgainForTheWaitingInstanceGetsIt(scope: Scope) async throws {
        let container = Container()
        let again = Collector<Bool>()
        container.register(AsyncShelf.self, scope: scope) { () async -> AsyncShelf in AsyncShelf() }
            .onCreated { shelf, r async throws in
                let book: AsyncShelfBook = try await r.resolveAsync()
                again.append(try await r.resolveAsync(AsyncShelfBook.self) === book)
                shelf.book = book
            }
        container.register(AsyncShelfBook.self, scope: scope) { r async throws in
            AsyncShelfBook(shelf: try await r.resolveAsync())
        }
        let shelf: AsyncShelf
        if scope == .request {
            let opened = container.openScope(.request)
            shelf = try await opened.resolveAsync(AsyncShelf.self)
            #expect(try await opened.resolveAsync(AsyncShelfBook.self) === shelf.book)
            try await opened.close()
        } else {
            shelf = try await container.resolveAsync(AsyncShelf.self)
            #expect(try await container.resolveAsync(AsyncShelfBook.self) === shelf.book)
        }
        #expect(again.elements == [true])
        #expect(shelf.book?.shelf === shelf)
    }

    @Test func aSharedInstanceIsReusedByTheAsyncEngineWhileItIsHeld() async throws {
        let container = Container()
        let built = Counter()
        container.register(AsyncTicket.self, scope: .shared) { () async -> AsyncTicket in AsyncTicket(built.increment())
        }
        let held = try await container.resolveAsync(AsyncTicket.self)
        #expect(try await container.resolveAsync(AsyncTicket.self) === held)
        #expect(built.count == 1)
    }

    @Test func aCycleOfAsyncUniqueRegistrationsIsReported() async throws {
        let container = Container()
        container.register(AsyncLoop.self) { r async throws in AsyncLoop(try await r.resolveAsync()) }
        container.register(AsyncLoopOther.self) { r async throws in AsyncLoopOther(try await r.resolveAsync()) }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(AsyncLoop.self) }
        #expect(error?.code == .cycle)
        #expect(
            error?.summary == "cannot resolve `AsyncLoop`: dependency cycle AsyncLoop → AsyncLoopOther → AsyncLoop.")
    }

    @MainActor func registerMainActorFactoryWithAsyncHook(_ container: Container, hooked: Counter) {
        container.register(AsyncTicket.self, scope: .singleton) { AsyncTicket(7) }
            .onCreated { _, _ async in hooked.increment() }
    }

    @MainActor func registerMainActorHookOnAsyncFactory(_ container: Container, hooked: Counter) {
        container.register(AsyncTicket.self, name: "hooked", scope: .singleton) { () async -> AsyncTicket in
            AsyncTicket(8)
        }
        .onCreated { _, _ in
            MainActor.preconditionIsolated()
            hooked.increment()
        }
    }

    @Test func aMainActorFactoryOrHookInTheAsyncEngineRunsOnTheMainActorFromAnywhere() async throws {
        let container = Container()
        let hooked = Counter()
        await registerMainActorFactoryWithAsyncHook(container, hooked: hooked)
        await registerMainActorHookOnAsyncFactory(container, hooked: hooked)
        // From a task off the main actor: the factory and the synchronous hook hop there.
        let fromElsewhere = try await Task.detached { try await container.resolveAsync(AsyncTicket.self) }.value
        #expect(fromElsewhere.number == 7)
        let hookedTicket = try await Task.detached {
            try await container.resolveAsync(AsyncTicket.self, name: "hooked")
        }
        .value
        #expect(hookedTicket.number == 8)
        #expect(hooked.count == 2)
        // From the main actor: the same singleton.
        #expect(try await resolveOnMainActor(container) === fromElsewhere)
    }

    @MainActor fileprivate func resolveOnMainActor(_ container: Container) async throws -> AsyncTicket {
        try await container.resolveAsync(AsyncTicket.self)
    }

    @Test @MainActor func aMainActorFactoryWithAnAsyncHookIsBuiltInPlaceOnTheMainActor() async throws {
        let container = Container()
        let hooked = Counter()
        registerMainActorFactoryWithAsyncHook(container, hooked: hooked)
        #expect(try await container.resolveAsync(AsyncTicket.self).number == 7)
        #expect(hooked.count == 1)
    }
}
