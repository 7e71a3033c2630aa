import Foundation
import Syringe
import Testing

extension Container {
    fileprivate var fpLockingA: FPLockingA { provide(.singleton) { FPLockingA() } }
    fileprivate var fpLockingB: FPLockingB { provide(.singleton) { FPLockingB() } }
}

private final class FPLockingA {
    @Injected(\.fpLockingB) var b: FPLockingB
}

private final class FPLockingB {}

private final class FPLazyNil {
    @LazyInjected(\.fpNil) var service
}

/// Ports of Factory's regression tests (its "defect" suite): behaviour that once broke there.
@Suite("FactoryParity: regressions Factory fixed")
struct FactoryParityRegressionTests {
    /// A cached optional that returned `nil` builds again once a value is registered.
    @Test func nilScopedService() {
        let container = Container()
        #expect(container.fpNilCached == nil)
        container.override(\.fpNilCached) { FPService() }
        #expect(container.fpNilCached != nil)
    }

    /// Two properties of one type are two dependencies: overriding one leaves the other.
    @Test func duplicateTypeDistinctResolution() {
        let container = Container()
        let first = container.fpMyService
        let second = container.fpMyService2
        #expect(first.id != second.id)
        container.override(\.fpMyService) { FPMockService() }
        let third = container.fpMyService
        let fourth = container.fpMyService2
        #expect(third.text() == "MockService")
        #expect(fourth.text() == "MyService")
        #expect(third.id != fourth.id)
    }

    /// A lazily injected optional is resolved once, even when it was `nil`.
    @Test func lazyInjectionOfNilOccursOnce() {
        Container.withOverrides { _ in
        } operation: {
            let holder = FPLazyNil()
            #expect(holder.service == nil)
            Container.shared.override(\.fpNil) { FPService() }
            #expect(holder.service == nil)
        }
    }

    /// A singleton whose object injects another singleton on creation does not deadlock.
    @Test func nestedSingletonsDoNotDeadlock() {
        let container = Container()
        let first = container.fpLockingA
        let second = container.fpLockingA
        #expect(first === second)
        #expect(first.b === container.fpLockingB)
    }

    /// A shared non-optional protocol keeps its instance while held and builds anew once released.
    @Test func protocolSharedScope() {
        let container = Container()
        var first: (any FPServiceType)? = container.fpShared
        var second: (any FPServiceType)? = container.fpShared
        #expect(first?.id == second?.id)
        let old = second?.id
        first = nil
        second = nil
        #expect(container.fpShared.id != old)
    }

    /// A shared protocol whose factory builds a value is never shared.
    @Test func protocolSharedValueScope() {
        let container = Container()
        #expect(container.fpSharedValueProtocol.id != container.fpSharedValueProtocol.id)
    }

    /// A registration made after a container is set up wins over the one made when it was set up.
    @Test func laterRegistrationWinsOverSetup() throws {
        func makeContainer() -> Container {
            let container = Container()
            container.register((any FPServiceType).self, scope: .singleton) { FPMockServiceN(32) }
            return container
        }
        let first = makeContainer()
        #expect(try first.resolve((any FPServiceType).self).value == 32)
        let second = makeContainer()
        second.register((any FPServiceType).self, scope: .singleton) { FPMockServiceN(64) }
        #expect(try second.resolve((any FPServiceType).self).value == 64)
        #expect(try first.resolve((any FPServiceType).self).value == 32)
    }

    /// Registering again drops the kept instance: the next resolve builds through the new factory.
    @Test func registrationClearsTheKeptInstance() throws {
        let container = Container()
        container.register((any FPServiceType).self, scope: .singleton) { FPMockServiceN(32) }
        #expect(try container.resolve((any FPServiceType).self).value == 32)
        container.register((any FPServiceType).self, scope: .singleton) { FPMockServiceN(64) }
        #expect(try container.resolve((any FPServiceType).self).value == 64)
    }

    /// Overriding a cached property drops its instance; the next read keeps a new one.
    @Test func overrideClearsTheScope() {
        let container = Container()
        let first = container.fpCached
        #expect(container.fpCached === first)
        container.override(\.fpCached) { FPService() }
        let second = container.fpCached
        #expect(second !== first)
        #expect(container.fpCached === second)
        container.reset(\.fpCached)
        #expect(container.fpCached !== second)
    }
}
