import Testing

@testable import Syringe

@Suite("InjectionKey")
struct InjectionKeyTests {
    @Test func theDefaultIsEvaluatedWhenFirstNeededAndCachedPerContainer() {
        let first = Container()
        let second = Container()
        let before = Evaluations.counter(for: PerContainerProbe.self).count
        #expect(first.perContainerProbe.celsius == 21)
        #expect(first.perContainerProbe.celsius == 21)
        #expect(Evaluations.counter(for: PerContainerProbe.self).count - before == 1)
        _ = second.perContainerProbe
        #expect(Evaluations.counter(for: PerContainerProbe.self).count - before == 2)
    }

    @Test func aKeyMayDeclareAnotherScope() {
        let container = Container()
        let a = container.tickingClock
        let b = container.tickingClock
        #expect(a !== b)
    }

    @Test func assigningOverridesAndResettingRestoresTheDefault() {
        let container = Container()
        #expect(container.temperatureProvider.celsius == 21)
        container.temperatureProvider = MockTemperatureProvider()
        #expect(container.temperatureProvider.celsius == -5)
        container.reset(\.temperatureProvider)
        #expect(container.temperatureProvider.celsius == 21)
    }

    @Test func overridingDropsTheKeptInstanceAndResetBuildsAFreshDefault() {
        let container = Container()
        container.register(Service.self) { Service() }
        let live = container.api
        #expect(container.api === live)
        container.reset(\.api)
        #expect(container.api !== live)
    }

    @Test func aChildSeesItsParentsOverride() {
        let parent = Container()
        parent.temperatureProvider = MockTemperatureProvider()
        let child = Container(parent: parent)
        #expect(child.temperatureProvider.celsius == -5)
    }

    @Test func keysAreTheirOwnIdentityInPaths() {
        let key = Key(
            serviceType: (any TemperatureProviding).self, name: nil, argumentTypes: nil,
            origin: .injectionKey(Service.self, accessor: "temperatureProvider"))
        #expect(key.description == "Container.temperatureProvider (Service)")
    }
}

@Suite("Container key paths", .serialized)
struct ContainerKeyPathTests {
    @Test func overrideThroughTheStaticKeyPathSubscript() {
        let before = Evaluations.sharedOverride.count
        #expect(Container[\.sharedOverrideProvider].celsius == 21)
        Container[\.sharedOverrideProvider] = MockTemperatureProvider()
        #expect(Container[\.sharedOverrideProvider].celsius == -5)
        #expect(Container.shared.sharedOverrideProvider.celsius == -5)
        Container.shared.reset(\.sharedOverrideProvider)
        #expect(Container[\.sharedOverrideProvider].celsius == 21)
        // The default was built again after the reset: its kept instance was dropped.
        #expect(Evaluations.sharedOverride.count - before >= 2)
    }

    @Test func readThroughTheCurrentContainer() {
        let useCase = Container[\.login.useCase]
        #expect(useCase.kind == "default")
        #expect(Container[\.login.useCase] === useCase)
    }

    @Test func resolveAKeyPathThroughTheEngine() throws {
        let container = Container()
        let viewModel = try container.resolve(\.login.viewModel)
        #expect(viewModel.kind == "default")
        #expect(viewModel.useCase === container.login.useCase)
    }
}

/// The tag of the key only the test of per-container caching reads.
private enum PerContainerProbe {}

extension Container {
    fileprivate var perContainerProbe: any TemperatureProviding { self[CountingKey<PerContainerProbe>.self] }
}
