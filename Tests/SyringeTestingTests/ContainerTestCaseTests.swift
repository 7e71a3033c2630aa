import Syringe
import SyringeTesting
import XCTest

final class ContainerTestCaseTests: ContainerTestCase {
    override func configure(_ container: Container) {
        ProcessWide.registered
        container.register(Token.self) { Token(value: 99) }
        container.clock = TestClock(id: 99)
    }

    func testEachTestSeesItsConfiguredContainer() throws {
        XCTAssertEqual(try Container.shared.resolve(Token.self).value, 99)
        XCTAssertEqual(Container[\.clock].id, 99)
        XCTAssertEqual(try Container.shared.resolve(Greeting.self).token.value, 99)
    }

    func testAsyncTestsSeeItToo() async throws {
        await Task.yield()
        XCTAssertEqual(try Container.shared.resolve(Token.self).value, 99)
    }
}
