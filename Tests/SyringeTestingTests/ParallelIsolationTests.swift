import Foundation
import Syringe
import SyringeTesting
import Testing

/// Proof that tests running in parallel never see each other's overrides or singletons.
/// `Scripts/parallel-isolation.sh` runs this suite 20 times in a row.
@Suite("Concurrency: parallel isolation")
struct ParallelIsolationTests {
    init() { ProcessWide.registered }

    @Test(arguments: 0..<60)
    func withOverridesSeesOnlyItsOwn(id: Int) async throws {
        try await Container.withOverrides {
            $0.clock = TestClock(id: id)
            $0.register(Token.self) { Token(value: id) }
        } operation: { () async throws in
            let first = try observe()
            #expect(first.clock == id && first.token == id && first.greeting == id)
            try await Task.sleep(nanoseconds: UInt64.random(in: 0...2_000_000))
            #expect(try observe() == first)  // across an await
            async let child = observe()
            #expect(try await child == first)  // in a child task
            try await withThrowingTaskGroup(of: Observed.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        await Task.yield()
                        return try observe()
                    }
                }
                for try await seen in group { #expect(seen == first) }  // in a task group
            }
        }
    }

    @Test(.container(), arguments: 0..<60)
    func theTraitGivesEveryArgumentAFreshContainer(id: Int) async throws {
        // Registers into the test's own container: other arguments must never see it.
        Container.shared.register(Token.self) { Token(value: id) }
        Container[\.clock] = TestClock(id: id)
        let first = try observe()
        #expect(first.token == id && first.clock == id && first.greeting == id)
        try await Task.sleep(nanoseconds: UInt64.random(in: 0...2_000_000))
        let again = try await Task { try observe() }.value
        #expect(again == first)
    }

    @Test func withoutOverridesTheProcessWideContainerAnswers() throws {
        #expect(try Container.shared.resolve(Token.self).value == -1)
        #expect(Container[\.clock].id == -1)
    }
}

@Suite("withOverrides")
struct WithOverridesTests {
    init() { ProcessWide.registered }

    @Test func restoresEverythingWhenTheOperationThrows() throws {
        struct Boom: Error {}
        let outside = Container.shared
        #expect(throws: Boom.self) {
            try Container.withOverrides {
                $0.register(Token.self) { Token(value: 7) }
            } operation: { () throws in
                #expect(Container.shared !== outside)
                throw Boom()
            }
        }
        #expect(Container.shared === outside)
        #expect(try Container.shared.resolve(Token.self).value == -1)
    }

    @Test func nestedOverridesLayerAndUnwind() async throws {
        try await Container.withOverrides {
            $0.register(Token.self) { Token(value: 1) }
            $0.clock = TestClock(id: 1)
        } operation: { () async throws in
            try await Container.withOverrides {
                $0.register(Token.self) { Token(value: 2) }
            } operation: { () async throws in
                await Task.yield()
                #expect(try Container.shared.resolve(Token.self).value == 2)
                #expect(Container[\.clock].id == 1)  // the outer override still shows through
                #expect(try Container.shared.resolve(Greeting.self).token.value == 2)
            }
            #expect(try Container.shared.resolve(Token.self).value == 1)
            #expect(try Container.shared.resolve(Greeting.self).token.value == 1)
        }
    }

    @Test func singletonsInsideAreFreshAndStayOutOfTheParent() throws {
        let outside = try Container.shared.resolve(Greeting.self)
        let inside = try Container.withOverrides { _ in
        } operation: { () throws in
            try Container.shared.resolve(Greeting.self)
        }
        #expect(inside !== outside)
        #expect(try Container.shared.resolve(Greeting.self) === outside)
    }

    @Test func remapsAreTaskLocalToo() async {
        await InjectionMapper.withMapping(\.clock, to: \.network) { () async in
            await Task.yield()
            #expect(InjectionMapper[\.clock] == \.network)
            #expect(Container[\.clock].id == -1)  // `network`'s live default, through the remap
        }
        #expect(InjectionMapper[\.clock] == nil)
    }
}

@Suite("Strict mode")
struct StrictModeTests {
    init() { ProcessWide.registered }

    @Test func reachingALiveOnlyDependencyWithoutAnOverrideIsReported() throws {
        let reported = LockedKeys()
        try Container.withOverrides(strict: { reported.add($0) }) { _ in
        } operation: { () throws in
            _ = try Container.shared.resolve(LiveFeed.self)
            _ = Container[\.network]
            _ = try Container.shared.resolve(LiveFeed.self)  // reported once per key
            _ = Container[\.clock]  // not live-only: fine
        }
        #expect(reported.descriptions == ["LiveFeed", "Container.network (NetworkKey)"])
    }

    @Test func anOverriddenLiveOnlyDependencyIsNotReported() throws {
        let reported = LockedKeys()
        try Container.withOverrides(strict: { reported.add($0) }) {
            $0.register(LiveFeed.self) { LiveFeed() }
            $0.network = TestClock(id: 3)
        } operation: { () throws in
            _ = try Container.shared.resolve(LiveFeed.self)
            #expect(Container[\.network].id == 3)
        }
        #expect(reported.descriptions.isEmpty)
    }

    @Test(.container(strict: true))
    func theStrictTraitRecordsAFailureNamingTheKey() throws {
        withKnownIssue {
            _ = try? Container.shared.resolve(LiveFeed.self)
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.hasPrefix(
                    "Syringe: the test resolved `LiveFeed`, which is live-only, without overriding it.")
            }
        }
    }

    static let readLine = #line + 5

    @Test(.container(strict: true))
    func theStrictTraitRecordsTheFailureWhereTheDependencyWasRead() throws {
        withKnownIssue {
            _ = Container[\.network]
        } matching: { issue in
            let line = StrictModeTests.readLine
            return issue.sourceLocation?.fileID == "SyringeTestingTests/ParallelIsolationTests.swift"
                && issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == [
                    "Syringe: the test resolved `Container.network (NetworkKey)`, which is live-only, without "
                        + "overriding it.\n"
                        + "  read at  SyringeTestingTests/ParallelIsolationTests.swift:\(line)\n"
                        + "  fix: override it in the test's .container { … } trait: $0.network = … or "
                        + "$0.override(\\.network) { … }."
                ]
        }
    }
}

/// Found by porting swift-dependencies' tests: a key read directly, `Container.shared[NetworkKey.self]` in a test
/// function, was reported as `Container.theStrictTrait…() (NetworkKey)` with the fix `$0.theStrictTrait…() = …`
/// (the subscript's `#function` is the caller's function there, not a property), and at the trait's line.
@Suite struct StrictModeDirectKeyReadTests {
    static let readLine = #line + 5

    @Test(.container(strict: true))
    func aKeyReadDirectlyIsNamedByItsTypeWhereItWasRead() throws {
        withKnownIssue {
            _ = Container.shared[NetworkKey.self]
        } matching: { issue in
            let line = Self.readLine
            return issue.sourceLocation?.fileID == "SyringeTestingTests/ParallelIsolationTests.swift"
                && issue.sourceLocation?.line == line
                && issue.comments.map(\.rawValue) == [
                    "Syringe: the test resolved `Container[NetworkKey.self]`, which is live-only, without "
                        + "overriding it.\n"
                        + "  read at  SyringeTestingTests/ParallelIsolationTests.swift:\(line)\n"
                        + "  fix: override it in the test's .container { … } trait: $0[NetworkKey.self] = …."
                ]
        }
    }
}

final class LockedKeys: @unchecked Sendable {  // @unchecked: `keys` is guarded by `lock`
    private let lock = NSLock()
    private var keys: [Key] = []
    func add(_ key: Key) { lock.withLock { keys.append(key) } }
    var descriptions: [String] { lock.withLock { keys.map(\.description) } }
}
