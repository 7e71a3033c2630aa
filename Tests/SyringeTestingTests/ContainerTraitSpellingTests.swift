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
