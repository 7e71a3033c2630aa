import Syringe
import SyringeTesting
import Testing

/// A stateful dependency: the next number on each call.
private final class NumberSequence: Sendable {
    private let next = Protected(0)
    func callAsFunction() -> Int {
        next.withLock { next in
            defer { next += 1 }
            return next
        }
    }
}

/// A dependency that is not `Sendable`, set in a trait's closure.
private final class Notebook {
    var pages = 0
}

private struct SequenceKey: InjectionKey {
    static var defaultValue: NumberSequence { NumberSequence() }
}

private struct StampKey: InjectionKey {
    static var defaultValue: Double { -1 }
}

private struct NotebookKey: InjectionKey {
    static var defaultValue: Notebook { Notebook() }
}

extension Container {
    fileprivate var sequence: NumberSequence {
        get { self[SequenceKey.self] }
        set { self[SequenceKey.self] = newValue }
    }
    fileprivate var stamp: Double {
        get { self[StampKey.self] }
        set { self[StampKey.self] = newValue }
    }
    fileprivate var notebook: Notebook {
        get { self[NotebookKey.self] }
        set { self[NotebookKey.self] = newValue }
    }
}

/// A suite's trait runs its closure for each test: a stateful value it assigns is each test's own, and the
/// suite's `@Injected` properties resolve in the test's container (swift-dependencies' TestTraitTests, ported).
@Suite("The container trait: a suite's stateful dependency", .container { $0.sequence = NumberSequence() })
struct ContainerTraitStatefulSuiteTests {
    @Injected(\.sequence) fileprivate var sequence

    @Test(arguments: 0..<3)
    func eachTestCountsFromZero(_ argument: Int) async throws {
        for expected in 0...20 {
            #expect(sequence() == expected)
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    @Test func anotherTestCountsFromZeroToo() async throws {
        for expected in 0...20 {
            #expect(sequence() == expected)
            try await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// A key set by a suite's trait, by a test's trait, and by `withOverrides` inside the test
/// (swift-dependencies' SwiftTestingTests and RootResettingTests, ported).
@Suite("The container trait: keys", .container { $0.stamp = 0 })
struct ContainerTraitKeyTests {
    @Test func theSuitesValueApplies() {
        @Injected(\.stamp) var stamp
        #expect(stamp == 0)
    }

    @Test(.container()) func aTestsEmptyTraitKeepsTheSuitesValue() {
        #expect(Container[\.stamp] == 0)
    }

    @Test(.container { $0.stamp = 1 })
    func aTestsTraitOverridesTheSuites() {
        #expect(Container[\.stamp] == 1)
        Container.withOverrides {
            $0.stamp = 2
        } operation: {
            @Injected(\.stamp) var stamp
            #expect(stamp == 2)
        }
        #expect(Container[\.stamp] == 1)
    }

    @Test(arguments: 1...4)
    func anAssignmentInsideATestIsTheTestsOwn(value: Int) async throws {
        Container[\.stamp] = Double(value)
        try await Task.sleep(for: .milliseconds(5))
        @Injected(\.stamp) var stamp
        #expect(stamp == Double(value))
    }

    @Test(.container { $0.notebook = Notebook() })
    func aValueThatIsNotSendable() {
        Container[\.notebook].pages += 1
        #expect(Container[\.notebook].pages == 1)
    }
}
