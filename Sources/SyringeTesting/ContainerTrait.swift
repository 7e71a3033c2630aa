import Syringe
import Testing

/// A Swift Testing trait that gives a test (or every test of a suite, and every argument of a
/// parameterised test) a fresh container of its own: its own overrides, its own singletons.
///
/// ```swift
/// @Test(.container {
///     $0.register((any Clock).self) { TestClock() }
///     $0.temperatureProvider = MockTemperatureProvider()
/// })
/// func tripTakesTwoHours() async throws { … }
/// ```
///
/// Inside the test, ``Syringe/Container/shared``, the property wrappers and `Container[kp]` read the
/// test's container. Tests that run in parallel never see each other's mocks or singletons.
public struct ContainerTrait: TestTrait, SuiteTrait, TestScoping {
    let strict: Bool
    let configure: @isolated(any) @Sendable (Container) throws -> Void

    /// A suite's container applies to each of its tests (each still gets a fresh child of its own).
    ///
    /// ```swift
    /// @Suite(.container { $0.register((any Clock).self) { TestClock() } })
    /// struct TripTests { … }   // every test gets a TestClock
    /// ```
    public var isRecursive: Bool { true }

    /// Binds the fresh container around the test.
    ///
    /// ```swift
    /// // Swift Testing calls this around each test (and each argument) that has the trait.
    /// @Test(.container()) func isolated() { … }
    /// ```
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        // The test's container is made first and configured inside it: the configuration keeps the isolation of
        // the code that wrote it (main-actor code in an app's test target), so it may need a hop.
        guard strict else {
            return try await Container.withOverrides({ _ in }) {
                try await configure(Container.shared)
                try await function()
            }
        }
        try await Container.withOverrides(reportingLiveAccess: ContainerTrait.reportLiveAccess, { _ in }) {
            try await configure(Container.shared)
            try await function()
        }
    }

    /// Records a test failure for a live-only dependency the test did not override, at the line that read it.
    @Sendable static func reportLiveAccess(_ access: LiveAccess) {
        let comment = Comment(rawValue: liveAccessMessage(for: access))
        guard let fileID = access.fileID, let line = access.line else {
            Issue.record(comment)
            return
        }
        // Syringe's API takes `#fileID`, not `#filePath`: the issue names the file as `#fileID` does.
        Issue.record(comment, sourceLocation: SourceLocation(fileID: fileID, filePath: fileID, line: line, column: 1))
    }

    /// The failure text for a live-only dependency reached in a strict test.
    static func liveAccessMessage(for access: LiveAccess) -> String {
        let key = access.key
        let place = access.fileID.flatMap { fileID in access.line.map { "  read at  \(fileID):\($0)\n" } } ?? ""
        return "Syringe: the test resolved `\(key)`, which is live-only, without overriding it.\n" + place
            + "  fix: override it in the test's .container { … } trait: \(key.overrideExample)."
    }
}

extension Trait where Self == ContainerTrait {
    /// A fresh container for the test, configured by `configure`.
    ///
    /// ```swift
    /// @Test(.container { $0.register((any Engine).self) { TestEngine() } })
    /// func carStarts() throws {
    ///     #expect(try Container.shared.resolve(Car.self).start())
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - strict: When `true`, resolving a live-only dependency (`.liveOnly()`, `isLiveOnly`) that
    ///     `configure` did not override is recorded as a test failure naming the key.
    ///   - configure: Registers the test's overrides.
    public static func container(
        strict: Bool = false,
        @_inheritActorContext _ configure: @escaping @isolated(any) @Sendable (Container) throws -> Void = { _ in }
    ) -> Self {
        ContainerTrait(strict: strict, configure: configure)
    }

    /// A fresh container for the test, with nothing overridden: `.container()` written without parentheses.
    ///
    /// ```swift
    /// @Suite(.container)
    /// struct CheckoutTests { … }
    /// ```
    public static var container: Self { .container() }
}
