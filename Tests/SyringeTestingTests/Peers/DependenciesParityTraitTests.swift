// swift-dependencies' Swift Testing trait tests (SwiftTestingTests, TestTraitTests, RootResettingTests,
// ResetDependenciesTraitTests, PrepareDependenciesTests), ported to SyringeTesting's `.container` trait.
import Foundation
import Syringe
import SyringeTesting
import Testing

/// A counter whose state lives in the instance a container keeps.
final class DpTraitCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func next() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}

private struct DpTraitCounterKey: InjectionKey {
    static var defaultValue: DpTraitCounter { DpTraitCounter() }
}

/// A client that is its own key.
private struct DpTraitClient: InjectionKey, Sendable {
    var increment: @Sendable () -> Int
    static var defaultValue: DpTraitClient {
        let counter = DpTraitCounter()
        return DpTraitClient { counter.next() }
    }
}

private struct DpTraitNowKey: InjectionKey {
    static var defaultValue: Double { -1 }
}

/// A class that is not `Sendable`.
private final class DpTraitClassClient {
    var count = 0
}

private struct DpTraitClassClientKey: InjectionKey {
    static var defaultValue: DpTraitClassClient { DpTraitClassClient() }
}

extension Container {
    fileprivate var dpTraitCounter: DpTraitCounter {
        get { self[DpTraitCounterKey.self] }
        set { self[DpTraitCounterKey.self] = newValue }
    }
    fileprivate var dpTraitNow: Double {
        get { self[DpTraitNowKey.self] }
        set { self[DpTraitNowKey.self] = newValue }
    }
    fileprivate var dpTraitClassClient: DpTraitClassClient {
        get { self[DpTraitClassClientKey.self] }
        set { self[DpTraitClassClientKey.self] = newValue }
    }
}

@Suite("DependenciesParity: the test trait", .container)
struct DependenciesParityTraitTests {
    private static let mockClient = DpTraitClient { 42 }

    /// Each argument of a parameterised test, run one after another, gets fresh cached values.
    @Test(.serialized, arguments: 1...5)
    func eachArgumentGetsFreshValues(_ argument: Int) {
        #expect(Container.shared[DpTraitClient.self].increment() == 1)
    }

    /// Each argument run in parallel gets fresh cached values, inside a nested `withOverrides` too.
    @Test(arguments: 1...5)
    func eachParallelArgumentGetsFreshValues(_ argument: Int) {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container.shared[DpTraitClient.self].increment() == 1)
        }
    }

    /// A test's cached values do not leak into the next test (first of two).
    @Test func noCachePollution1() {
        #expect(Container.shared[DpTraitClient.self].increment() == 1)
    }

    /// A test's cached values do not leak into the next test (second of two).
    @Test func noCachePollution2() {
        #expect(Container.shared[DpTraitClient.self].increment() == 1)
    }

    /// A test's trait overrides a key for the test.
    @Test(.container { $0.dpTraitNow = 0 })
    func aTestTraitOverridesAKey() {
        #expect(Container[\.dpTraitNow] == 0)
    }

    /// A type that is its own key is overridden in the trait and read by type.
    @Test(.container { $0[DpTraitClient.self] = DependenciesParityTraitTests.mockClient })
    func aTraitOverridesASelfKeyedType() throws {
        #expect(Container.shared[DpTraitClient.self].increment() == 42)
        #expect(try Container.shared.resolve(DpTraitClient.self).increment() == 42)
    }

    /// A trait can set a key to a value that is not `Sendable`.
    @Test(.container { $0.dpTraitClassClient = DpTraitClassClient() })
    func aTraitTakesANonSendableValue() {
        Container[\.dpTraitClassClient].count += 1
        #expect(Container[\.dpTraitClassClient].count == 1)
    }

    /// An assignment in the test body (swift-dependencies' prepareDependencies) stays in the test (1 of 2).
    @Test func anAssignmentInATestStaysInIt1() {
        Container[\.dpTraitNow] = 1
        #expect(Container[\.dpTraitNow] == 1)
    }

    /// An assignment in the test body (swift-dependencies' prepareDependencies) stays in the test (2 of 2).
    @Test func anAssignmentInATestStaysInIt2() {
        Container[\.dpTraitNow] = 2
        #expect(Container[\.dpTraitNow] == 2)
    }

    @Suite("DependenciesParity: a suite's trait", .container { $0.dpTraitNow = 0 })
    struct InnerSuite {
        /// A test inherits its suite's override.
        @Test func theSuitesOverrideApplies() {
            #expect(Container[\.dpTraitNow] == 0)
        }

        /// A test's trait overrides its suite's.
        @Test(.container { $0.dpTraitNow = 1 })
        func aTestsTraitWins() {
            #expect(Container[\.dpTraitNow] == 1)
        }

        /// `withOverrides` in a test overrides the test's trait.
        @Test(.container { $0.dpTraitNow = 1 })
        func withOverridesWinsOverTheTrait() {
            Container.withOverrides {
                $0.dpTraitNow = 2
            } operation: {
                #expect(Container[\.dpTraitNow] == 2)
            }
            #expect(Container[\.dpTraitNow] == 1)
        }

        /// A test's empty trait gives fresh values and keeps the suite's override.
        @Test(.container) func anEmptyTestTraitKeepsTheSuitesOverride() {
            #expect(Container[\.dpTraitNow] == 0)
            #expect(Container.shared[DpTraitClient.self].increment() == 1)
        }
    }
}

@Suite("DependenciesParity: a suite's stateful dependency", .container { $0.dpTraitCounter = DpTraitCounter() })
struct DependenciesParityStatefulTraitTests {
    @Injected(\.dpTraitCounter) fileprivate var counter

    /// Each test gets its own instance of a stateful dependency set by its suite's trait (1 of 3).
    @Test func statefulDependency1() async throws {
        for index in 1...20 {
            #expect(counter.next() == index)
            try await Task.sleep(nanoseconds: 500_000)
        }
    }

    /// Each test gets its own instance of a stateful dependency set by its suite's trait (2 of 3).
    @Test func statefulDependency2() async throws {
        for index in 1...20 {
            #expect(counter.next() == index)
            try await Task.sleep(nanoseconds: 500_000)
        }
    }

    /// Each test gets its own instance of a stateful dependency set by its suite's trait (3 of 3).
    @Test func statefulDependency3() async throws {
        for index in 1...20 {
            #expect(Container[\.dpTraitCounter].next() == index)
            try await Task.sleep(nanoseconds: 500_000)
        }
    }
}
