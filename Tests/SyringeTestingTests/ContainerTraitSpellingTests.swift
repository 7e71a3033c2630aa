import Syringe
import SyringeTesting
import Testing

private final class SpellingProbe: Sendable {}

/// `.container` without parentheses, as users write it by analogy with `.serialized`: the compiler failed with
/// "failed to produce diagnostic for expression".
@Suite(.container)
struct ContainerTraitSpellingTests {
    @Test func aSuiteTraitWithoutParenthesesGivesEachTestAFreshContainer() throws {
        #expect(Container.shared !== Container.processWideContainer)
        Container.shared.register(SpellingProbe.self) { SpellingProbe() }
        #expect(try Container.shared.resolve(SpellingProbe.self) !== Container.shared.resolve(SpellingProbe.self))
    }

    @Test(.container) func aTestTraitWithoutParentheses() {
        #expect(Container.shared !== Container.processWideContainer)
        #expect(!Container.shared.isRegistered(SpellingProbe.self))  // nothing leaked from the other test
    }
}

private final class DetachedProbe: Sendable {}

/// Found by a user who read only the README: a view model's `Task.detached` inside a test resolved from the
/// process-wide container and got a bare "no registration".
@Suite struct DetachedTaskHintTests {
    @Test(.container { $0.register(DetachedProbe.self) { DetachedProbe() } })
    func aDetachedTaskIsToldWhyTheTestsContainerIsNotThere() async throws {
        let error = await Task.detached { () -> ResolutionError? in
            do {
                _ = try Container.shared.resolve(DetachedProbe.self)
                return nil
            } catch { return error as? ResolutionError }
        }.value
        let fix = try #require(error?.fix)
        #expect(
            fix.hasSuffix(
                "in a test, code that leaves the test's task (Task.detached, a GCD callback, a thread) resolves from "
                    + "the process-wide container, not the test's: capture let current = Container.current and run "
                    + "that code in current.withCurrent { … }."))
        let current = Container.current
        let resolved = await Task.detached {
            try? current.withCurrent { try Container.shared.resolve(DetachedProbe.self) }
        }
        .value
        #expect(resolved != nil)  // the fix works
    }
}
