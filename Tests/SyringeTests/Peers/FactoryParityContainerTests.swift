import Foundation
import Syringe
import Testing

extension Container {
    fileprivate var fpCachedCoverage: FPService? { provide(.cached) { FPService() } }
    fileprivate var fpGraphCoverage: FPService? { provide(.graph) { FPService() } }
    fileprivate var fpScopeCoverage: FPService? { provide(.fpSession) { FPService() } }
    fileprivate var fpSharedCoverage: FPService? { provide(.shared) { FPService() } }
    fileprivate var fpSingletonCoverage: FPService? { provide(.singleton) { FPService() } }
    fileprivate var fpUniqueCoverage: FPService? { provide(.unique) { FPService() } }
    var fpFooBarBaz: any FPFooBarBaz { provide { FPFoo() } }
    var fpFooBarBazCached: any FPFooBarBaz { provide(.cached) { FPFoo() } }
    var fpFooBarBazSingleton: any FPFooBarBaz { provide(.singleton) { FPFoo() } }
}

protocol FPFooBarBaz: Sendable {
    var id: UUID { get }
    var value: String { get }
}

final class FPFoo: FPFooBarBaz {
    let id = UUID()
    let value = "foo"
}

final class FPBar: FPFooBarBaz {
    let id = UUID()
    let value = "bar"
}

final class FPTaskLocalUseCase {
    @Injected(\.fpFooBarBaz) var fooBarBaz
    @Injected(\.fpFooBarBazCached) var fooBarBazCached
    @Injected(\.fpFooBarBazSingleton) var fooBarBazSingleton
}

@Suite("FactoryParity: containers, resolvers and test containers")
struct FactoryParityContainerTests {
    /// Overrides made in a nested test container are gone when it ends (Factory's push/pop).
    @Test func nestedOverridesArePoppedWhenTheyEnd() {
        Container.withOverrides {
            $0.override(\.fpMyService) { FPMockServiceN(1) }
        } operation: {
            #expect(Container.shared.fpMyService.text() == "MockService1")
            Container.withOverrides {
                $0.override(\.fpMyService) { FPMockServiceN(2) }
            } operation: {
                #expect(Container.shared.fpMyService.text() == "MockService2")
            }
            #expect(Container.shared.fpMyService.text() == "MockService1")
        }
    }

    /// Resetting a container with its overrides brings the properties' own factories back.
    @Test func resetRestoresTheDefaults() {
        let container = Container()
        #expect(container.fpMyService.text() == "MyService")
        container.override(\.fpMyService) { FPMockService() }
        #expect(container.fpMyService.text() == "MockService")
        container.resetAll(includingOverrides: true)
        #expect(container.fpMyService.text() == "MyService")
    }

    /// Every scope works for a property of an optional type.
    @Test func everyScopeOnAnOptional() {
        let container = Container()
        #expect(container.fpCachedCoverage != nil)
        #expect(container.fpGraphCoverage != nil)
        #expect(container.fpScopeCoverage != nil)
        #expect(container.fpSharedCoverage != nil)
        #expect(container.fpSingletonCoverage != nil)
        #expect(container.fpUniqueCoverage != nil)
    }

    /// Resolving a registered type gives a new instance per resolve by default.
    @Test func resolverBasicResolve() throws {
        let container = Container()
        container.register(FPService.self) { FPService() }
        #expect(try container.resolve(FPService.self) !== container.resolve(FPService.self))
    }

    /// An unregistered type resolves to `nil` optionally; once registered as a singleton, to one instance.
    @Test func resolverScope() {
        let container = Container()
        #expect(container.resolveIfRegistered((any FPServiceType).self) == nil)
        container.register((any FPServiceType).self, scope: .singleton) { FPService() }
        let first = container.resolveIfRegistered((any FPServiceType).self)
        let second = container.resolveIfRegistered((any FPServiceType).self)
        #expect(first != nil && first?.id == second?.id)
    }

    /// A key-path face over the type registry (Factory's resolving container) reads the registration.
    @Test func resolverKeyPathOverRegistry() throws {
        let container = Container()
        container.register((any FPServiceType).self) { FPMockServiceN(7) }
        container.override(\.fpMyService) { r in try r.resolve((any FPServiceType).self) }
        #expect(container.fpMyService.text() == "MockService7")
    }

    /// Each test container sees its own overrides, keeps its own cached and singleton instances, and an override
    /// of a singleton inside it drops the singleton.
    @Test(arguments: ["foo", "bar"])
    func testContainersAreIsolated(value: String) {
        Container.withOverrides {
            if value == "bar" {
                $0.override(\.fpFooBarBaz) { FPBar() }
                $0.override(\.fpFooBarBazCached) { FPBar() }
                $0.override(\.fpFooBarBazSingleton) { FPBar() }
            }
        } operation: {
            let first = FPTaskLocalUseCase()
            let second = FPTaskLocalUseCase()
            #expect(first.fooBarBaz.value == value)
            #expect(first.fooBarBazCached.value == value)
            #expect(first.fooBarBazSingleton.value == value)
            #expect(first.fooBarBaz.id != second.fooBarBaz.id)
            #expect(first.fooBarBazCached.id == second.fooBarBazCached.id)
            #expect(first.fooBarBazSingleton.id == second.fooBarBazSingleton.id)
            Container.shared.override(\.fpFooBarBazSingleton) { FPFoo() }
            let third = FPTaskLocalUseCase()
            #expect(third.fooBarBazSingleton.value == "foo")
            #expect(third.fooBarBazSingleton.id != first.fooBarBazSingleton.id)
        }
    }

    /// Two test containers never share a singleton.
    @Test func testContainersGetFreshSingletons() {
        let first = Container.withOverrides { _ in
        } operation: {
            Container.shared.fpFooBarBazSingleton.id
        }
        let second = Container.withOverrides { _ in
        } operation: {
            Container.shared.fpFooBarBazSingleton.id
        }
        #expect(first != second)
    }
}
