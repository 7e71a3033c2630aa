#if canImport(XCTest)
import Syringe
import SyringeTesting
import XCTest

private struct TagKey: InjectionKey {
    static var defaultValue: Int { 0 }
}

private struct EpochKey: InjectionKey {
    static var defaultValue: Double { -1 }
}

extension Container {
    fileprivate var tag: Int {
        get { self[TagKey.self] }
        set { self[TagKey.self] = newValue }
    }
    fileprivate var epoch: Double {
        get { self[EpochKey.self] }
        set { self[EpochKey.self] = newValue }
    }
}

/// A base class for a project's tests: its configuration applies to every subclass, also in `setUp`.
class TaggedTestCase: ContainerTestCase {
    override func configure(_ container: Container) {
        container.tag = 0xdead_beef
    }

    override func setUp() async throws {
        try await super.setUp()
        XCTAssertEqual(Container[\.tag], 0xdead_beef)
    }
}

/// A subclass that wraps every test in overrides of its own, outside the base class's container.
class DatedTestCase: TaggedTestCase {
    override func setUp() async throws {
        try await super.setUp()
        XCTAssertEqual(Container[\.epoch], 1_234_567_890)
    }

    override func invokeTest() {
        Container.withOverrides {
            $0.epoch = 1_234_567_890
        } operation: {
            super.invokeTest()
        }
    }
}

/// swift-dependencies' BaseTestCaseTests, ported: both layers reach every kind of test method.
final class ContainerTestCaseSubclassTests: DatedTestCase {
    func testSync() {
        XCTAssertEqual(Container[\.tag], 0xdead_beef)
        XCTAssertEqual(Container[\.epoch], 1_234_567_890)
    }

    func testAsync() async {
        try? await Task.sleep(nanoseconds: 1)
        XCTAssertEqual(Container[\.tag], 0xdead_beef)
        XCTAssertEqual(Container[\.epoch], 1_234_567_890)
    }

    func testThrows() throws {
        XCTAssertEqual(Container[\.tag], 0xdead_beef)
        XCTAssertEqual(Container[\.epoch], 1_234_567_890)
    }

    func testAsyncThrows() async throws {
        try await Task.sleep(nanoseconds: 1)
        XCTAssertEqual(Container[\.tag], 0xdead_beef)
        XCTAssertEqual(Container[\.epoch], 1_234_567_890)
    }
}
#endif
