import Testing

@testable import Syringe

/// The one cast Syringe makes of `@isolated(any)` functions: the isolation is read, and the function called
/// synchronously through a plain function type. Run in debug and in release (`.ci/run`), so the optimiser is
/// part of the test.
@Suite("Engine: calling @isolated(any) functions")
struct FunctionIsolationTests {
    @Test func anIsolatedFunctionHasThePlainLayout() {
        let isolated: @isolated(any) @Sendable (Resolution) throws -> Int = { _ in 1 }
        #expect(MemoryLayout.size(ofValue: isolated) == MemoryLayout<@Sendable (Resolution) throws -> Int>.size)
        #expect(MemoryLayout.size(ofValue: isolated) == 2 * MemoryLayout<UInt>.size)
    }

    @Test func theIsolationIsReadFromTheValue() async {
        let nonisolated: @isolated(any) @Sendable () throws -> Int = { 1 }
        let onMain: @isolated(any) @Sendable () throws -> Int = { @MainActor in 2 }
        let onStore: @isolated(any) @Sendable () throws -> Int = { @StoreActor in 3 }
        #expect(nonisolated.isolation == nil)
        #expect(onMain.isolation === MainActor.shared)
        #expect(onStore.isolation === StoreActor.shared)
        guard case .nonisolated = FunctionIsolation(nonisolated.isolation) else { return #expect(Bool(false)) }
        guard case .mainActor = FunctionIsolation(onMain.isolation) else { return #expect(Bool(false)) }
        guard case .actor(let actor) = FunctionIsolation(onStore.isolation) else { return #expect(Bool(false)) }
        #expect(actor === StoreActor.shared)
    }

    @Test func eachShapeIsCalledWithItsCaptures() throws {
        let base = [10, 20]
        let zero: @isolated(any) @Sendable () throws -> Int = { base[0] + 1 }
        let one: @isolated(any) @Sendable (Resolution) throws -> Int = { _ in base[1] + 2 }
        let hook: @isolated(any) @Sendable (inout Int, Resolution) throws -> Void = { value, _ in value += base[0] }
        let pack: @isolated(any) @Sendable (Int, String) throws -> String = { number, text in "\(text)\(number)" }
        let resolution = Resolution(container: Container())
        var value = 5
        let run: @Sendable (inout Int, Resolution) throws -> Void = IsolatedCall.unchecked(hook)
        try run(&value, resolution)
        #expect(try IsolatedCall.unchecked(zero)() == 11)
        #expect(try IsolatedCall.unchecked(one)(resolution) == 22)
        #expect(value == 15)
        let call: @Sendable (Int, String) throws -> String = IsolatedCall.unchecked(pack)
        let joined = try call(3, "n")
        #expect(joined == "n3")
    }

    @Test func anErrorIsThrownThroughTheCast() {
        struct Failure: Error {}
        let failing: @isolated(any) @Sendable () throws -> Int = { throw Failure() }
        let plain = IsolatedCall.unchecked(failing)
        #expect(throws: Failure.self) { try plain() }
    }

    @Test func anAsyncFunctionHopsToItsActorOnEntry() async throws {
        let onStore: @isolated(any) @Sendable () async throws -> Bool = { @StoreActor in
            StoreActor.shared.preconditionIsolated()
            return true
        }
        #expect(try await IsolatedCall.unchecked(onStore)())
    }

    @Test func aCapturedObjectIsReleasedWithTheFunction() throws {
        final class Token: Sendable {}
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let factory: @isolated(any) @Sendable () throws -> Token = { token }
            let plain = IsolatedCall.unchecked(factory)
            #expect(try plain() === token)
        }
        #expect(weakToken == nil)
    }
}

@globalActor actor StoreActor {
    static let shared = StoreActor()
}
