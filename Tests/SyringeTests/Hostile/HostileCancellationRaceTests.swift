import Testing

@testable import Syringe

/// What the cancelled run's instances report: each request-scoped instance must be disposed of once, whatever
/// happened to the task that asked for it.
private final class HCTally: Sendable {
    private struct State {
        var born = 0
        var died = 0
        var disposable: Set<Int> = []
        var disposed: Set<Int> = []
        var disposedTwice: [Int] = []
        var unexpected: [String] = []
    }
    private let state = HostileBox(State())

    func born(disposable: Bool) -> Int {
        state.withLock {
            $0.born += 1
            if disposable { $0.disposable.insert($0.born) }
            return $0.born
        }
    }
    func died() { state.withLock { $0.died += 1 } }
    func disposed(_ id: Int) {
        state.withLock { if !$0.disposed.insert(id).inserted { $0.disposedTwice.append(id) } }
    }
    func failure(_ message: String) { state.withLock { if $0.unexpected.count < 20 { $0.unexpected.append(message) } } }

    func verify(sourceLocation: SourceLocation = #_sourceLocation) {
        let state = self.state.current
        #expect(state.unexpected.isEmpty, "\(state.unexpected.prefix(3))", sourceLocation: sourceLocation)
        #expect(
            state.disposedTwice.isEmpty, "disposed of twice: \(state.disposedTwice.prefix(5))",
            sourceLocation: sourceLocation)
        let undisposed = state.disposable.subtracting(state.disposed).sorted()
        #expect(
            undisposed.isEmpty, "of \(state.disposable.count), never disposed of: \(undisposed.prefix(5))",
            sourceLocation: sourceLocation)
        #expect(
            state.died == state.born, "built \(state.born), released \(state.died) after the container went",
            sourceLocation: sourceLocation)
        #expect(state.disposable.count > 100, sourceLocation: sourceLocation)
    }
}

private final class HCPart: Sendable {
    let id: Int
    private let tally: HCTally
    init(_ tally: HCTally, disposable: Bool) {
        self.tally = tally
        id = tally.born(disposable: disposable)
    }
    deinit { tally.died() }
}

private struct HCPool: Sendable { let part: HCPart }
private struct HCConnection: Sendable { let part: HCPart }
private struct HCRepository: Sendable {
    let part: HCPart
    let connection: HCConnection
}
private struct HCHandler: Sendable {
    let repository: HCRepository
    let pool: HCPool
}

extension Scope {
    fileprivate static let cancelRequest = Scope("hostile-cancel-request")
}

/// Requests cancelled at every point of their life: before they start, while their async factories suspend,
/// while they wait for another request's build of the singleton, while their scope closes. Whatever was built is
/// disposed of exactly once, a request fails only with a cancellation, it sees one connection, and nothing outlives
/// the container.
@Suite("Hostile: requests cancelled at any moment", .timeLimit(.minutes(2)))
struct HostileCancellationRaceTests {
    @Test func requestsCancelledAtAnyMoment() async throws {
        let tally = HCTally()
        do {
            let container = Container()
            container.register(HCPool.self, scope: .singleton) { () async in
                for _ in 0..<3 { await Task.yield() }
                return HCPool(part: HCPart(tally, disposable: false))
            }
            container.register(HCConnection.self, scope: .cancelRequest) { () async throws in
                await Task.yield()
                try Task.checkCancellation()
                return HCConnection(part: HCPart(tally, disposable: true))
            }.onDispose { tally.disposed($0.part.id) }
            container.register(HCRepository.self, scope: .cancelRequest) { r async throws in
                let connection: HCConnection = try await r.resolveAsync()
                await Task.yield()
                // A factory that gives up when its task is cancelled, after its dependency was built and kept.
                try Task.checkCancellation()
                return HCRepository(part: HCPart(tally, disposable: true), connection: connection)
            }.onDispose { repository async in
                await Task.yield()
                tally.disposed(repository.part.id)
            }
            container.register(HCHandler.self) { r async throws in
                HCHandler(repository: try await r.resolveAsync(), pool: try await r.resolveAsync())
            }

            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<6 {
                    group.addTask {
                        var random = HostileRandom(state: 0xBF58_476D_1CE4_E5B9 &+ UInt64(worker) &* 0x1000_0001)
                        for _ in 0..<600 {
                            let request = Task {
                                try await container.withScope(.cancelRequest) {
                                    let handler = try await container.resolveAsync(HCHandler.self)
                                    let connection = try await container.resolveAsync(HCConnection.self)
                                    if handler.repository.connection.part !== connection.part {
                                        tally.failure("one request saw two connections")
                                    }
                                }
                            }
                            switch random.next(5) {
                            case 0:
                                request.cancel()
                            case 1, 2:
                                for _ in 0..<random.next(6) { await Task.yield() }
                                request.cancel()
                            default:
                                break
                            }
                            do {
                                try await request.value
                            } catch is CancellationError {
                            } catch let error as ResolutionError where error.code == .cancelled {
                            } catch {
                                tally.failure("a request failed: \(error)")
                            }
                            if random.next(20) == 0 { container.reset(.singleton) }
                        }
                    }
                }
            }
            try await container.shutdown()
        }
        tally.verify()
    }
}
