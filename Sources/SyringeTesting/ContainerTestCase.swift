#if canImport(XCTest)
import Syringe
import XCTest

/// An XCTest base class that runs each test with a fresh container of its own, configured by
/// ``configure(_:)``: the XCTest counterpart of the `.container { … }` trait.
///
/// ```swift
/// final class GarageTests: ContainerTestCase {
///     override func configure(_ container: Container) {
///         container.register((any Engine).self) { TestEngine() }
///     }
///
///     func testCarStarts() throws {
///         XCTAssertTrue(try Container.shared.resolve(Car.self).start())
///     }
/// }
/// ```
///
/// In a module with default main-actor isolation (an Xcode 26 app's), prefer the `.container { … }` trait: an
/// override of ``configure(_:)`` must be `nonisolated`, as the method it overrides is, so its factories cannot
/// build main-actor types; on Linux, swift-corelibs-xctest's `XCTestCase` cannot be subclassed there at all.
open class ContainerTestCase: XCTestCase {
    /// Registers the overrides of every test of this case. Called once per test, on a fresh container.
    ///
    /// ```swift
    /// override func configure(_ container: Container) {
    ///     container.temperatureProvider = MockTemperatureProvider()
    /// }
    /// ```
    open func configure(_ container: Container) {}

    /// When `true`, reaching a live-only dependency that ``configure(_:)`` did not override fails the test.
    ///
    /// ```swift
    /// override var isStrict: Bool { true }
    /// ```
    open var isStrict: Bool { false }

    /// Runs the test inside `Container.withOverrides`.
    ///
    /// ```swift
    /// // XCTest calls this for every test method; you do not call it yourself.
    /// func testCarStarts() throws { … }   // runs inside the configured container
    /// ```
    override open func invokeTest() {
        if isStrict {
            Container.withOverrides(
                reportingLiveAccess: { access in
                    let place = access.fileID.flatMap { fileID in access.line.map { " (read at \(fileID):\($0))" } }
                    XCTFail(
                        "Syringe: the test resolved `\(access.key)`, which is live-only, without overriding it"
                            + "\(place ?? "").")
                }, configure
            ) {
                super.invokeTest()
            }
        } else {
            Container.withOverrides(configure) {
                super.invokeTest()
            }
        }
    }
}
#endif
