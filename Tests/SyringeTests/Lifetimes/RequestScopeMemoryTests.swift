import Foundation
import Syringe
import Testing

final class Part1: Sendable {}
final class Part2: Sendable {}
final class Part3: Sendable {}
final class Part4: Sendable {}
final class Part5: Sendable {
    let parts: (Part1, Part2, Part3, Part4)
    init(_ a: Part1, _ b: Part2, _ c: Part3, _ d: Part4) { parts = (a, b, c, d) }
}

/// Request scopes leave nothing behind: every instance is deallocated and the resident memory stays flat.
@Suite("Lifetimes: request scope memory")
struct RequestScopeMemoryTests {
    @Test func aHundredThousandScopesLeaveMemoryFlat() async {
        await #expect(processExitsWith: .success) {
            let container = Container()
            let disposed = Counter()
            container.register(Part1.self, scope: .request) { Part1() }.onDispose { _ in disposed.increment() }
            container.register(Part2.self, scope: .request) { Part2() }.onDispose { _ in disposed.increment() }
            container.register(Part3.self, scope: .request) { Part3() }.onDispose { _ in disposed.increment() }
            container.register(Part4.self, scope: .request) { Part4() }.onDispose { _ in disposed.increment() }
            container.register(Part5.self, scope: .request) { r in
                Part5(try r.resolve(), try r.resolve(), try r.resolve(), try r.resolve())
            }.onDispose { _ in disposed.increment() }
            weak var last: Part5?
            func round() async throws {
                let part = try await container.withScope(.request) { try container.resolve(Part5.self) }
                last = part
            }
            for _ in 0..<10_000 { try await round() }
            let warm = residentBytes()
            for _ in 0..<100_000 { try await round() }
            if let warm, let now = residentBytes(), now - warm >= 1 << 20 {
                fatalError("resident memory grew by \(now - warm) bytes")
            }
            if last != nil { fatalError("the last request's instances are still alive") }
            if disposed.count != 110_000 * 5 { fatalError("disposed \(disposed.count) instances") }
        }
    }
}
