import Testing

@testable import Syringe

private final class DeskLamp: Sendable {
    let watts: Int
    init(watts: Int) { self.watts = watts }
}

@MainActor private func mainActorHandles() -> (Lazy<DeskLamp>, Provider<DeskLamp>) {
    (Lazy { DeskLamp(watts: 40) }, Provider { DeskLamp(watts: 60) })
}

private func nonisolatedHandles() -> (Lazy<DeskLamp>, Provider<DeskLamp>) {
    (Lazy { DeskLamp(watts: 40) }, Provider { DeskLamp(watts: 60) })
}

private actor LampShop {
    var stock = 3
    func handle() -> Lazy<DeskLamp> {
        Lazy { DeskLamp(watts: self.stock * 10) }  // captures the actor: isolated to it
    }
}

/// Found compiling the doc comments' examples in an app module: `Lazy { Child() }` and `Provider { Child() }`
/// took a nonisolated closure, which cannot build a main-actor type there. A closure written in main-actor code
/// is now a main-actor closure, run on the main actor only.
@Suite("Lazy and Provider made by hand")
struct HandMadeHandleTests {
    @Test func madeInMainActorCodeTheyAreReadOnTheMainActor() async throws {
        let (lazy, provider) = await mainActorHandles()
        let error = await Task.detached { () -> ResolutionError? in
            do {
                _ = try lazy.value
                return nil
            } catch { return error as? ResolutionError }
        }.value
        let refusal = try #require(error)
        #expect(refusal.code == .mainActorRequired)
        #expect(
            refusal.description.hasPrefix(
                "Syringe: cannot resolve `DeskLamp` through the Lazy made by hand off the main actor: its closure is "
                    + "isolated to the main actor, where it was written, and the Lazy is read synchronously."))
        #expect(refusal.description.contains("HandMadeHandleTests.swift:11"))
        #expect(refusal.fix.hasPrefix("read it from main-actor code, or make the Lazy in nonisolated code"))
        await #expect(throws: ResolutionError.self) { try await Task.detached { try provider() }.value }

        // The refusal is not kept: read on the main actor, the handle builds its value once.
        let (first, second) = try await MainActor.run { (try lazy.value, try lazy.value) }
        #expect(first === second && first.watts == 40)
        #expect(try await MainActor.run { try provider().watts } == 60)
    }

    @Test func madeInAnotherActorsCodeTheyAreRefused() async throws {
        let lazy = await LampShop().handle()
        let error = try #require(
            await Task.detached { () -> ResolutionError? in
                do {
                    _ = try lazy.value
                    return nil
                } catch { return error as? ResolutionError }
            }.value)
        #expect(error.code == .mainActorRequired)
        #expect(error.description.contains("its closure is isolated to LampShop"))
        #expect(error.fix == "make the Lazy in nonisolated or main-actor code.")
    }

    @Test func madeInNonisolatedCodeTheyAreReadAnywhere() async throws {
        let (lazy, provider) = nonisolatedHandles()
        let watts = try await Task.detached { (try lazy.value.watts, try provider().watts) }.value
        #expect(watts == (40, 60))
        #expect(try await MainActor.run { try lazy.value.watts } == 40)
    }
}
