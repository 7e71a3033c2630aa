import Foundation
import Testing

@testable import Syringe

final class FastReadClock: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

extension Container {
    fileprivate var fastReadClock: FastReadClock {
        get { provide(.singleton) { FastReadClock("live") } }
        set { override(newValue) }
    }
    fileprivate var fastReadMock: FastReadClock { provide(.cached) { FastReadClock("mock") } }
}

/// A key path to a kept instance is read without a lock, and without looking for remaps while there are none:
/// overrides, resets, remaps and shutdown made after such reads must still be seen by the next read. Each test
/// runs in a process of its own, where nothing else has bound a task-local container or remap (which would send
/// every read the slow way).
@Suite("Key paths: reads of kept instances")
struct KeyPathFastReadTests {
    @Test func readsSeeOverridesResetsAndRemapsMadeAfterThem() async {
        await #expect(processExitsWith: .success) {
            struct Holder { @Injected(\.fastReadClock) var clock }
            let live = Holder().clock
            guard live.label == "live", Holder().clock === live, Container[\.fastReadClock] === live else { exit(1) }

            Container[\.fastReadClock] = FastReadClock("override")
            guard Holder().clock.label == "override" else { exit(2) }
            Container.shared.reset(\.fastReadClock)
            let rebuilt = Holder().clock
            guard rebuilt.label == "live", rebuilt !== live, Holder().clock === rebuilt else { exit(3) }

            InjectionMapper[\.fastReadClock] = \.fastReadMock
            guard Holder().clock.label == "mock" else { exit(4) }
            InjectionMapper.reset(\.fastReadClock)
            guard Holder().clock.label == "live" else { exit(5) }

            let mapped = InjectionMapper.withMapping(\.fastReadClock, to: \.fastReadMock) { Holder().clock }
            guard mapped.label == "mock", Holder().clock.label == "live" else { exit(6) }
        }
    }

    @Test func aTestContainerBoundAfterFastReadsGetsItsOwnInstance() async {
        await #expect(processExitsWith: .success) {
            let live = Container[\.fastReadClock]
            let isolated = Container.withOverrides { _ in
            } operation: {
                Container[\.fastReadClock]
            }
            guard isolated !== live, Container[\.fastReadClock] === live else { exit(1) }
        }
    }

    @Test func aKeptInstanceIsNotReadAfterShutdown() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            _ = container[keyPath: \.fastReadClock]
            try? await container.shutdown()
            _ = container[keyPath: \.fastReadClock]
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("shut down"))
        }
    }
}
