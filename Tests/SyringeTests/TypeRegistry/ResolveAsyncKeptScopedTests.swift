import Foundation
import Testing

@testable import Syringe

/// `resolveAsync` of an instance that the task's open scope keeps already: the same instance as the synchronous
/// engine hands out, never one of a closed scope or of a replaced registration.
@Suite("Async resolves of kept scoped instances", .timeLimit(.minutes(1)))
struct ResolveAsyncKeptScopedTests {
    private func container(_ journal: Journal = Journal()) -> Container {
        let container = Container()
        container.register(UnitOfWork.self, scope: .request) { UnitOfWork() }
            .onDispose { _ in journal.log("UnitOfWork") }
        container.register(RequestLog.self, scope: .request) { _ async in RequestLog() }
            .onDispose { _ in journal.log("RequestLog") }
        return container
    }

    @Test func aKeptInstanceIsTheOneTheScopeHandsOut() async throws {
        let container = container()
        try await container.withScope(.request) {
            let built = try container.resolve(UnitOfWork.self)
            let builtAsync = try await container.resolveAsync(RequestLog.self)
            for _ in 0..<3 {
                #expect(try await container.resolveAsync(UnitOfWork.self) === built)
                #expect(try await container.resolveAsync(RequestLog.self) === builtAsync)
                #expect(try container.resolve(UnitOfWork.self) === built)
            }
        }
        let scope = container.openScope(.request)
        let first = try await scope.resolveAsync(UnitOfWork.self)
        #expect(try await scope.resolveAsync(UnitOfWork.self) === first)
        #expect(try scope.resolve(UnitOfWork.self) === first)
        try await scope.close()
    }

    @Test func eachScopeKeepsItsOwn() async throws {
        let container = container()
        let outer = container.openScope(.request)
        let other = container.openScope(.request)
        let mine = try await outer.withCurrent { try await container.resolveAsync(UnitOfWork.self) }
        let theirs = try await other.withCurrent { try await container.resolveAsync(UnitOfWork.self) }
        #expect(mine !== theirs)
        #expect(try await outer.withCurrent { try await container.resolveAsync(UnitOfWork.self) } === mine)
        #expect(try await other.withCurrent { try await container.resolveAsync(UnitOfWork.self) } === theirs)
        try await outer.close()
        try await other.close()
    }

    /// A scope opened inside another's binding sees the outer scope's instances of the outer scope's kind, through
    /// it as through the task; a singleton resolves as through the container, before and after the close.
    @Test func anInnerScopeSeesTheOuterOnesInstances() async throws {
        let container = container()
        container.register(Config.self, scope: .singleton) { Config() }
        let session = Scope("resolveAsyncKeptScopedTests.session")
        let outer = container.openScope(.request)
        let work = try await outer.resolveAsync(UnitOfWork.self)
        try await outer.withCurrent {
            let inner = container.openScope(session)
            #expect(try await inner.resolveAsync(UnitOfWork.self) === work)
            #expect(try await container.resolveAsync(UnitOfWork.self) === work)
            try await inner.close()
        }
        let config = try await outer.resolveAsync(Config.self)
        try await outer.close()
        #expect(try await outer.resolveAsync(Config.self) === config)
        #expect(try outer.resolve(Config.self) === config)
    }

    /// The instance is still in its slot after `close()`, but the scope has ended: refused, as a build would be.
    @Test func aClosedScopeRefusesEvenWhatItKept() async throws {
        let journal = Journal()
        let container = container(journal)
        let scope = container.openScope(.request)
        try await scope.withCurrent {
            _ = try await container.resolveAsync(UnitOfWork.self)
            try await scope.close()
            let error = await #expect(throws: ResolutionError.self) {
                try await container.resolveAsync(UnitOfWork.self)
            }
            #expect(error?.code == .shutDown)
        }
        let error = await #expect(throws: ResolutionError.self) { try await scope.resolveAsync(UnitOfWork.self) }
        #expect(error?.code == .shutDown)
        #expect(journal.all == ["UnitOfWork"])
    }

    /// A registration replaced while the scope is open: its slot still holds the old instance, which is not the
    /// new registration's; the new one builds its own, once, and both are disposed of at the close.
    @Test func aReplacedRegistrationGetsAnInstanceOfItsOwn() async throws {
        let journal = Journal()
        let container = container(journal)
        let scope = container.openScope(.request)
        let old = try await scope.resolveAsync(UnitOfWork.self)
        container.register(UnitOfWork.self, scope: .request) { UnitOfWork() }
            .onDispose { _ in journal.log("new UnitOfWork") }
        let new = try await scope.resolveAsync(UnitOfWork.self)
        #expect(new !== old)
        #expect(try await scope.resolveAsync(UnitOfWork.self) === new)
        try await scope.close()
        #expect(journal.all.sorted() == ["UnitOfWork", "new UnitOfWork"])
    }

    /// Inside an async factory (a resolution under way) the engine answers, and the kept instance is the same.
    @Test func insideAnAsyncFactoryTheKeptInstanceIsShared() async throws {
        let container = container()
        container.register(RequestRepository.self, scope: .request) { r async throws in
            RequestRepository(work: try await r.resolveAsync(), log: try await r.resolveAsync())
        }
        try await container.withScope(.request) {
            let work = try await container.resolveAsync(UnitOfWork.self)
            let repository = try await container.resolveAsync(RequestRepository.self)
            #expect(repository.work === work)
            #expect(try await container.resolveAsync(RequestLog.self) === repository.log)
        }
    }

    /// Tasks of one scope read its kept instance while another task closes it: each gets that instance or
    /// `shutDown`, never another instance, and the instance is disposed of once.
    @Test func readsRacingTheCloseGetTheInstanceOrShutDown() async throws {
        for _ in 0..<20 {
            let journal = Journal()
            let container = container(journal)
            let scope = container.openScope(.request)
            let kept = try await scope.resolveAsync(UnitOfWork.self)
            let outcomes = await withTaskGroup(of: [Bool?].self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        await scope.withCurrent {
                            var seen: [Bool?] = []
                            for _ in 0..<50 {
                                do {
                                    let read =
                                        seen.count.isMultiple(of: 2)
                                        ? try await container.resolveAsync(UnitOfWork.self)
                                        : try await scope.resolveAsync(UnitOfWork.self)
                                    seen.append(read === kept)
                                } catch let error as ResolutionError where error.code == .shutDown {
                                    seen.append(nil)
                                } catch {
                                    seen.append(false)
                                }
                            }
                            return seen
                        }
                    }
                }
                group.addTask {
                    try? await scope.close()
                    return []
                }
                return await group.reduce(into: []) { $0 += $1 }
            }
            #expect(!outcomes.contains(false))
            #expect(journal.all == ["UnitOfWork"])
        }
    }
}
