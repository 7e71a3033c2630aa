import Foundation
import Testing

@testable import Syringe

/// Counts its live instances; its `deinit` may call back into a container.
final class Tracked: @unchecked Sendable {
    static let live = Counter()
    let onDeinit: (@Sendable () -> Void)?

    init(onDeinit: (@Sendable () -> Void)? = nil) {
        self.onDeinit = onDeinit
        Tracked.live.increment()
    }

    deinit {
        Tracked.live.decrement()
        onDeinit?()
    }
}

/// What a container drops is freed as soon as no one else holds it: by `reset`, by re-registration and with
/// the container; and no `deinit` ever runs under a lock of Syringe.
@Suite("Engine: dropped instances are freed", .serialized, .timeLimit(.minutes(2)))
struct ReclamationTests {
    @Test(arguments: [Scope.cached, .singleton, Scope("session")])
    func resetFreesTheInstance(scope: Scope) throws {
        let container = Container()
        container.register(Tracked.self, scope: scope) { Tracked() }
        weak var first: Tracked?
        do { first = try container.resolve(Tracked.self) }
        #expect(first != nil)
        container.reset(scope)
        #expect(first == nil)
        #expect(try container.resolve(Tracked.self) !== first)
    }

    @Test func reRegistrationFreesTheOldInstanceAndRegistration() throws {
        let container = Container()
        container.register(Tracked.self, scope: .singleton) { Tracked() }
        weak var first: Tracked?
        do { first = try container.resolve(Tracked.self) }
        container.register(Tracked.self, scope: .singleton) { Tracked() }
        #expect(first == nil)
        _ = try container.resolve(Tracked.self)
    }

    @Test func aContainerFreesWhatItKeptWhenItGoes() throws {
        weak var kept: Tracked?
        weak var weakContainer: Container?
        do {
            let container = Container()
            weakContainer = container
            container.register(Tracked.self, scope: .singleton) { Tracked() }
            kept = try container.resolve(Tracked.self)
        }
        #expect(weakContainer == nil)
        #expect(kept == nil)
    }

    @Test func resetAndRebuildManyTimesKeepsNothing() throws {
        // Its own count: other suites make `Tracked` instances in parallel.
        let live = Counter()
        let container = Container()
        container.register(Tracked.self, scope: .cached) {
            live.increment()
            return Tracked { live.decrement() }
        }
        for _ in 0..<1_000 {
            _ = try container.resolve(Tracked.self)
            container.reset(.cached)
        }
        #expect(live.count == 0)
    }

    /// 100,000 reset-and-rebuild cycles leave the resident memory where it was (within 1 MiB). Measured in a
    /// process of its own: other tests running in parallel would move the number.
    @Test func resetAndRebuildKeepsMemoryFlat() async {
        await #expect(processExitsWith: .success) {
            guard let start = residentBytes() else { return }  // no way to read it on this platform
            let container = Container()
            container.register([Int].self, scope: .cached) { Array(repeating: 7, count: 32) }
            for _ in 0..<10_000 {  // warm up allocator pools
                _ = try container.resolve([Int].self)
                container.reset(.cached)
            }
            let warm = residentBytes() ?? start
            for _ in 0..<100_000 {
                _ = try container.resolve([Int].self)
                container.reset(.cached)
            }
            let grown = (residentBytes() ?? warm) - warm
            if grown >= 1 << 20 { fatalError("resident memory grew by \(grown) bytes") }
        }
    }

    /// A `deinit` that resolves, registers and resets through the same container does not deadlock.
    @Test func aDeinitMayUseTheContainerThatDropsIt() throws {
        let container = Container()
        let calls = Counter()
        container.register(Int.self) { 42 }
        container.register(Tracked.self, scope: .cached) {
            Tracked {
                _ = try? container.resolve(Int.self)
                container.register(String.self) { "registered from a deinit" }
                container.reset(.singleton)
                calls.increment()
            }
        }
        _ = try container.resolve(Tracked.self)
        container.reset(.cached)
        _ = try container.resolve(Tracked.self)
        container.resetAll()
        _ = try container.resolve(Tracked.self)
        container.register(Tracked.self, scope: .cached) { Tracked() }  // re-registration drops it too
        #expect(calls.count == 3)
        #expect(try container.resolve(String.self) == "registered from a deinit")
    }

    /// The same for instances of async and main-actor registrations.
    @Test @MainActor func asyncAndMainActorInstancesAreFreedOutsideLocksToo() async throws {
        let container = Container()
        let calls = Counter()
        container.register(Int.self) { 1 }
        container.register(Tracked.self, scope: .cached) { () async in
            Tracked {
                _ = try? container.resolve(Int.self); calls.increment()
            }
        }
        container.register(Wipe.self, scope: .cached) { @MainActor in Wipe(Tracked { calls.increment() }) }
        _ = try await container.resolveAsync(Tracked.self)
        _ = try container.resolve(Wipe.self)
        container.reset(.cached)
        #expect(calls.count == 2)
    }

    /// Readers racing resets never see freed memory (TSan checks this run too).
    @Test func concurrentReadersAndResettersAgree() {
        let container = Container()
        container.register(Tracked.self, scope: .cached) { Tracked() }
        let deadline = Date().addingTimeInterval(0.5)
        runOnThreads(4) { index in
            while Date() < deadline {
                if index == 0 {
                    container.reset(.cached)
                } else {
                    _ = try? container.resolve(Tracked.self)
                }
            }
        }
        container.reset(.cached)
        _ = try? container.resolve(Tracked.self)
    }

    /// Threads that read and exit, one after another and while others read, leave their records to the threads
    /// after them: a reset waits for none of them, frees at once, and readers racing it on reused records still see
    /// live instances only.
    @Test func threadsThatComeAndGoHandTheirRecordsOn() {
        let container = Container()
        container.register(Tracked.self, scope: .cached) { Tracked() }
        for _ in 0..<50 {
            let done = DispatchSemaphore(value: 0)
            Thread {
                _ = try? container.resolve(Tracked.self)
                done.signal()
            }.start()
            done.wait()
        }
        weak var kept: Tracked?
        do { kept = try? container.resolve(Tracked.self) }
        container.reset(.cached)
        #expect(kept == nil)
        container.register(Marked.self, scope: .cached) { Marked() }
        for _ in 0..<20 {
            runOnThreads(3) { index in
                for _ in 0..<200 {
                    if index == 0 {
                        container.reset(.cached)
                    } else if let marked = try? container.resolve(Marked.self) {
                        #expect(marked.mark == 0x5EED)
                    }
                }
            }
        }
    }
}

/// An instance with a field that a use after free would garble.
final class Marked: Sendable {
    let mark = 0x5EED
}

final class Wipe: Sendable {
    let tracked: Tracked
    init(_ tracked: Tracked) { self.tracked = tracked }
}

/// The resident set size of this process, where the platform tells it.
func residentBytes() -> Int? {
    #if os(Linux)
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return nil }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return nil }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    #else
    return nil
    #endif
}
