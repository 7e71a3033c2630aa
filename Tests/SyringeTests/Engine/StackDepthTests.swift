import Foundation
import Syringe
import Testing

final class ChainLink: Sendable {
    let next: ChainLink?
    init(next: ChainLink?) { self.next = next }

    var length: Int {
        var count = 1
        var node = next
        while let current = node {
            count += 1
            node = current.next
        }
        return count
    }
}

/// A chain of `depth` registrations, each resolving the next: `ChainLink "0" → ChainLink "1" → …`.
func chainContainer(depth: Int) -> Container {
    let container = Container()
    for index in 0..<depth {
        let next = "\(index + 1)"
        let last = index == depth - 1
        container.register(ChainLink.self, name: "\(index)") { r in
            ChainLink(next: last ? nil : try r.resolve(ChainLink.self, name: next))
        }
    }
    return container
}

/// Deep graphs end in a result or in a `tooDeep` error, never in a crash, whatever the thread's stack.
@Suite("Engine: deep graphs", .serialized, .timeLimit(.minutes(1)))
struct StackDepthTests {
    /// Apple's secondary threads have 512 KiB of stack.
    static let smallStack = 512 * 1024

    @Test func tenThousandDeepOnASmallStackIsAnErrorNotACrash() throws {
        let container = chainContainer(depth: 10_000)
        let outcome = Collector<String>()
        runOnThreads(1, stackSize: Self.smallStack) { _ in
            do {
                outcome.append("length \(try container.resolve(ChainLink.self, name: "0").length)")
            } catch let error as ResolutionError {
                outcome.append("\(error.code) at \(error.path.count)")
                #expect(error.summary.contains("steps deep"))
                #expect(error.description.contains("… "))  // a long path is shortened in the message
            } catch {
                outcome.append("unexpected \(error)")
            }
        }
        let result = try #require(outcome.elements.first)
        #expect(result.hasPrefix("tooDeep"))
        // The container is fine afterwards.
        #expect(try container.resolve(ChainLink.self, name: "9990").length == 10)
    }

    /// Each step of a chain takes about 600 bytes of stack in release builds (the factory's closures, the engine's
    /// frame record and the generic resolve): 750 steps fit in a 512 KiB thread, 1,000 in 1 MiB. Unoptimised frames
    /// are several times larger: in debug builds a clear error is the promise.
    @Test(arguments: [(750, 512 * 1024), (1_000, 1 << 20)])
    func aDeepChainResolvesOnASmallStack(depth: Int, stackSize: Int) throws {
        let container = chainContainer(depth: depth)
        let outcome = Collector<String>()
        runOnThreads(1, stackSize: stackSize) { _ in
            do {
                outcome.append("length \(try container.resolve(ChainLink.self, name: "0").length)")
            } catch let error as ResolutionError {
                outcome.append("\(error.code)")
            } catch {
                outcome.append("unexpected \(error)")
            }
        }
        #if DEBUG
        #expect(outcome.elements == ["length \(depth)"] || outcome.elements == ["tooDeep"])
        #else
        #expect(outcome.elements == ["length \(depth)"])
        #endif
    }

    @Test @MainActor func tenThousandDeepOnTheMainThreadDoesNotCrash() throws {
        let container = chainContainer(depth: 10_000)
        do {
            #expect(try container.resolve(ChainLink.self, name: "0").length == 10_000)
        } catch let error as ResolutionError {
            #expect(error.code == .tooDeep)
        }
    }

    @Test func aDeepAsyncChainResolves() async throws {
        let container = Container()
        for index in 0..<2_000 {
            let next = "\(index + 1)"
            let last = index == 1_999
            container.register(ChainLink.self, name: "\(index)") { r async throws in
                ChainLink(next: last ? nil : try await r.resolveAsync(ChainLink.self, name: next))
            }
        }
        #expect(try await container.resolveAsync(ChainLink.self, name: "0").length == 2_000)
    }
}
