import Foundation
import Syringe
import Testing

/// `withScope(.request)`: one instance per call, shared by everything the call resolves, disposed of at its end.
@Suite("Lifetimes: request scope", .timeLimit(.minutes(1)))
struct RequestScopeTests {
    private func container(journal: Journal = Journal()) -> Container {
        let container = Container()
        container.register(UnitOfWork.self, scope: .request) { UnitOfWork() }
            .onDispose { work in
                work.dispose()
                journal.log("disposed \(work.id)")
            }
        return container
    }

    @Test func oneInstancePerCallSharedByChildTasks() async throws {
        let container = container()
        let ids = try await container.withScope(.request) {
            let first = try container.resolve(UnitOfWork.self).id
            let second = try container.resolve(UnitOfWork.self).id
            async let third = Task { try container.resolve(UnitOfWork.self).id }.value
            let group = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<10 { group.addTask { try await container.resolveAsync(UnitOfWork.self).id } }
                return try await group.reduce(into: Set<Int>()) { $0.insert($1) }
            }
            return [first, second, try await third] + Array(group)
        }
        #expect(Set(ids).count == 1)
    }

    @Test func theSharedContainerSeesTheScopeToo() async throws {
        try await Container.withOverrides {
            $0.register(UnitOfWork.self, scope: .request) { UnitOfWork() }
        } operation: {
            let (first, second) = try await Container.shared.withScope(.request) { () async throws in
                (try Container.shared.resolve(UnitOfWork.self), try Container.shared.resolve(UnitOfWork.self))
            }
            #expect(first === second)
            let third = try await Container.shared.withScope(.request) { () async throws in
                try Container.shared.resolve(UnitOfWork.self)
            }
            #expect(third !== first)
        }
    }

    @Test func itIsDisposedOfAtTheEnd() async throws {
        let journal = Journal()
        let container = container(journal: journal)
        let work = try await container.withScope(.request) { () async throws in try container.resolve(UnitOfWork.self) }
        #expect(work.isDisposed)
        #expect(journal.all == ["disposed \(work.id)"])
    }

    @Test func itIsDisposedOfWhenTheOperationThrows() async throws {
        let journal = Journal()
        let container = container(journal: journal)
        let kept = Protected<UnitOfWork?>(nil)
        await #expect(throws: Failure.self) {
            try await container.withScope(.request) { () async throws in
                let work = try container.resolve(UnitOfWork.self)
                kept.withLock { $0 = work }
                throw Failure(reason: "request failed")
            }
        }
        #expect(kept.withLock { $0?.isDisposed } == true)
    }

    @Test func itIsDisposedOfWhenTheTaskIsCancelled() async throws {
        let journal = Journal()
        let container = container(journal: journal)
        let started = AsyncBarrier(parties: 2)
        let task = Task {
            try await container.withScope(.request) {
                _ = try container.resolve(UnitOfWork.self)
                try await started.arriveAndWait()
                try await Task.sleep(for: .seconds(30))
            }
        }
        try await started.arriveAndWait()
        task.cancel()
        _ = await task.result
        #expect(journal.all.count == 1)
    }

    @Test func concurrentScopesNeverShare() async throws {
        let container = container()
        let results = try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<200 {
                group.addTask {
                    try await container.withScope(.request) {
                        let a = try container.resolve(UnitOfWork.self).id
                        try await Task.sleep(for: .milliseconds(1))
                        let b = try await container.resolveAsync(UnitOfWork.self).id
                        return (a, b)
                    }
                }
            }
            return try await group.reduce(into: [(Int, Int)]()) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0.0 == $0.1 })
        #expect(Set(results.map(\.0)).count == 200)
    }

    @Test func aNestedCallOpensAnInnerScope() async throws {
        let container = container()
        try await container.withScope(.request) {
            let outer = try container.resolve(UnitOfWork.self)
            let inner = try await container.withScope(.request) { () async throws in
                try container.resolve(UnitOfWork.self)
            }
            #expect(inner !== outer)
            #expect(inner.isDisposed)
            #expect(!outer.isDisposed)
            #expect(try container.resolve(UnitOfWork.self) === outer)
        }
    }

    @Test func outsideAnyCallTheScopeIsContainerWide() throws {
        let container = container()
        let a = try container.resolve(UnitOfWork.self)
        #expect(try container.resolve(UnitOfWork.self) === a)
        container.reset(.request)
        #expect(a.isDisposed)
        #expect(try container.resolve(UnitOfWork.self) !== a)
    }

    @Test func aSingletonThatWouldKeepARequestInstanceIsCaptive() async throws {
        final class Cache: Sendable {
            let work: UnitOfWork
            init(work: UnitOfWork) { self.work = work }
        }
        let container = container()
        let line = #line + 1
        container.register(Cache.self, scope: .singleton) { r in Cache(work: try r.resolve()) }
        let error = await #expect(throws: ResolutionError.self) {
            try await container.withScope(.request) { () async throws in try container.resolve(Cache.self) }
        }
        #expect(error?.code == .captive)
        #expect(error?.path.map(\.description) == ["Cache", "UnitOfWork"])
        #expect(error?.summary.contains("a .singleton instance would keep an instance of Scope(\"request\")") == true)
        #expect(error?.fix.hasPrefix("inject a Provider<UnitOfWork>") == true)
        _ = line
    }

    @Test func aTaskThatOutlivesTheCallIsRefused() async throws {
        let container = container()
        let escaped = try await container.withScope(.request) { () async throws in
            Task {
                try await Task.sleep(for: .milliseconds(20))
                return try container.resolve(UnitOfWork.self)
            }
        }
        let error = await #expect(throws: ResolutionError.self) { try await escaped.value }
        #expect(error?.code == .shutDown)
    }
}
