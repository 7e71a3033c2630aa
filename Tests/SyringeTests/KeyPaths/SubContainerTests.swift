import Testing

@testable import Syringe

@Suite("SubContainer and provide")
struct SubContainerTests {
    @Test func provideHonoursItsScope() {
        let container = Container()
        #expect(container.login.viewModel !== container.login.viewModel)  // unique
        #expect(container.login.useCase === container.login.useCase)  // cached
        #expect(container.api === container.api)  // singleton
    }

    @Test func twoPropertiesOfOneTypeStayDistinct() {
        let container = Container()
        #expect(container.login.useCase !== container.login.otherUseCase)
        container.login.useCase = MockLoginUseCase()
        #expect(container.login.useCase.kind == "mock")
        #expect(container.login.otherUseCase.kind == "default")
    }

    @Test func overrideThroughASetterAndResetToTheDefault() {
        let container = Container()
        let original = container.login.useCase
        container.login.useCase = MockLoginUseCase()
        #expect(container.login.useCase.kind == "mock")
        #expect(container.login.viewModel.useCase.kind == "mock")
        container.reset(\.login.useCase)
        #expect(container.login.useCase.kind == "default")
        #expect(container.login.useCase !== original)
    }

    @Test func anOverrideOfTheSameClassFitsAGetterInferredAsConcrete() {
        let container = Container()
        let replacement = DefaultLoginUseCase()
        container.login.concreteUseCase = replacement
        #expect(container.login.concreteUseCase === replacement)
    }

    /// Found by a user who read only the README: `provide { LiveAPIClient() }` built the concrete type, and a test's
    /// override of the property by a mock stopped the program. The property's declared type decides now.
    @Test func anOverrideOfAnotherClassFitsAGetterWrittenAsTheReadmeDoes() {
        let container = Container()
        #expect(container.login.inferredUseCase.kind == "default")
        container.login.inferredUseCase = MockLoginUseCase()
        #expect(container.login.inferredUseCase.kind == "mock")
        container.override(\.login.inferredUseCase) { MockLoginUseCase() }
        #expect(container.login.inferredUseCase.kind == "mock")
    }

    @Test func anOverrideThatTheGetterCannotReturnStopsWithAFix() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.login.concreteUseCase = MockLoginUseCase()
            _ = container.login.concreteUseCase
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                text.contains(
                    "Syringe: cannot use the override of `LoginContainer.concreteUseCase`: it is a `MockLoginUseCase`, "
                        + "but the property's getter builds `DefaultLoginUseCase`."))
            #expect(
                text.contains(
                    "fix: let the getter's factory build the property's type: write its closure without `return` "
                        + "(provide { DefaultLoginUseCase(…) } then builds the type the property declares), or cast to "
                        + "that type, e.g. provide { DefaultLoginUseCase(…) as any Protocol } with the protocol the "
                        + "property declares."))
        }
    }

    @Test func subContainersNestToAnyDepth() throws {
        let container = Container()
        let validator = try container.resolve(\.login.forms.validator)
        #expect(container.login.forms.validator === validator)
        #expect(Container().login.forms.validator !== validator)
    }

    @Test func cachedInstancesAreDroppedByResetOfTheScope() {
        let container = Container()
        let useCase = container.login.useCase
        container.reset(.cached)
        #expect(container.login.useCase !== useCase)
    }
}

@Suite("Key paths and the type registry in one graph")
struct MixedGraphTests {
    @Test func aProvideFactoryResolvesARegisteredType() {
        let container = Container()
        container.register((any Engine).self) { V8Engine() }
        container.register((any Transmission).self) { ManualTransmission() }
        #expect(container.carFromRegistry.engine.name == "V8")
    }

    @Test func aRegisteredFactoryResolvesAKeyPath() throws {
        struct Screen: Sendable { let viewModel: any LoginViewModel }
        let container = Container()
        container.register(Screen.self) { r in Screen(viewModel: try r.resolve(\.login.viewModel)) }
        let screen = try container.resolve(Screen.self)
        #expect(screen.viewModel.useCase === container.login.useCase)
    }

    @Test func graphScopeSpansBothIdioms() throws {
        final class Pair: Sendable {
            let a: Leaf
            let b: Leaf
            init(a: Leaf, b: Leaf) {
                self.a = a
                self.b = b
            }
        }
        let container = Container()
        container.register(Leaf.self, scope: .graph) { Leaf() }
        container.register(Pair.self) { r in
            // One leaf through the type registry, one through a key-path factory that resolves it.
            Pair(a: try r.resolve(), b: r.container.provide { r.container.resolved(Leaf.self) })
        }
        let pair = try container.resolve(Pair.self)
        #expect(pair.a === pair.b)
        #expect(try container.resolve(Pair.self).a !== pair.a)
    }

    @Test func aCycleAcrossAKeyPathAndARegisteredTypeNamesTheWholeChain() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(Ring.self) { r in Ring(link: try r.resolve(\.link)) }
            _ = try? container.resolve(Ring.self)
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("Syringe: cannot resolve `Ring`: dependency cycle Ring → Container.link → Ring."))
            #expect(text.contains("while resolving  Ring → Container.link → Ring"))
        }
    }
}

/// Two halves of a deliberate cycle that crosses the type registry and a key path.
final class Ring: Sendable {
    init(link: Link) {}
}
final class Link: Sendable {}

extension Container {
    var link: Link {
        provide {
            _ = resolved(Ring.self)
            return Link()
        }
    }
}
