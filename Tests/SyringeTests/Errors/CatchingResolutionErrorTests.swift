import Syringe
import Testing

/// The code users write without reading the docs: `catch let error as ResolutionError`. With typed throws in
/// the public API this exact shape crashed the Swift 6.3 compiler (swiftlang/swift#90582); this file compiling
/// is half the test.
@Suite("Errors: catching ResolutionError")
struct CatchingResolutionErrorTests {
    @Test func catchLetErrorAsResolutionError() throws {
        let container = Container()
        container.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        do {
            _ = try container.resolve(Car.self)
            Issue.record("expected an error")
        } catch let error as ResolutionError {
            #expect(error.path.count >= 2)
            #expect(error.code == .notRegistered)
        }
    }

    @Test func catchLetErrorAsResolutionErrorInAsyncCode() async throws {
        let container = Container()
        container.register(Car.self) { r async throws in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        do {
            _ = try await container.resolveAsync(Car.self)
            Issue.record("expected an error")
        } catch let error as ResolutionError {
            #expect(error.path.map(\.description) == ["Car", "any Engine"])
        }
    }

    @Test func aPlainCatchPrintsTheMessage() {
        let container = Container()
        do {
            _ = try container.resolve(Car.self)
        } catch {
            #expect("\(error)".hasPrefix("Syringe: cannot resolve `Car` (no registration)."))
        }
    }

    @Test func expectThrowsGivesTheTypedError() {
        let container = Container()
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Car.self) }
        #expect(error?.code == .notRegistered)
    }

    /// A key-path override of the wrong type names the line that assigned it, not a line of Syringe.
    @Test func aWrongOverrideNamesTheAssignment() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.login.concreteUseCase = MockLoginUseCase()
            _ = container.login.concreteUseCase
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("requested at  SyringeTests/KeyPathFixtures.swift:"))
            #expect(!text.contains("Syringe/KeyPaths/"))
        }
    }
}
