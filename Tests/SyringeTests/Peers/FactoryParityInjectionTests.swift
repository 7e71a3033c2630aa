import Foundation
import Syringe
import Testing

extension Container {
    var fpServicesParent: FPServicesParent { provide(.shared) { FPServicesParent() } }
    var fpServicesChild: FPServicesChild { provide(.shared) { FPServicesChild() } }
    var fpProtocolParent: any FPProtocolParent {
        provide(.shared) {
            let parent = FPProtocolClassParent()
            parent.child.parent = parent
            return parent as any FPProtocolParent
        }
    }
    var fpProtocolChild: any FPProtocolChild { provide(.shared) { FPProtocolClassChild() } }
    var fpSendableClass: FPSendableClass { provide { FPSendableClass() } }
    var fpCounted: FPService {
        provide {
            FPInjectionCounts.lazy.increment()
            return FPService()
        }
    }
}

enum FPInjectionCounts {
    static let lazy = Counter()
}

final class FPInjectedServices {
    @Injected(\.fpMyService) var service
    @Injected(\.fpMockService) var mock
}

final class FPLazyServices {
    @LazyInjected(\.fpMyService) var service
    @LazyInjected(\.fpMockService) var mock
}

final class FPOptionalServices {
    @Injected(\.fpOptional) var service
}

final class FPServicesParent {
    @LazyInjected(\.fpServicesChild) var child
    let name = "Parent"
    func test() -> String? { child.name }
}

final class FPServicesChild {
    @WeakLazyInjected(\.fpServicesParent) var parent: FPServicesParent?
    let name = "Child"
    func test() -> String? { parent?.name }
}

protocol FPProtocolParent: AnyObject {
    var name: String { get }
    func test() -> String?
}

protocol FPProtocolChild: AnyObject {
    var parent: (any FPProtocolParent)? { get set }
    var name: String { get }
    func test() -> String?
}

final class FPProtocolClassParent: FPProtocolParent {
    let child = Container.shared.fpProtocolChild
    let name = "Parent"
    func test() -> String? { child.name }
}

final class FPProtocolClassChild: FPProtocolChild {
    weak var parent: (any FPProtocolParent)?
    let name = "Child"
    func test() -> String? { parent?.name }
}

final class FPSendableClass: Sendable {}

struct FPSendableStruct: Sendable {
    @Injected(\.fpSendableClass) var sendableClass: FPSendableClass
}

@Suite("FactoryParity: property wrappers")
struct FactoryParityInjectionTests {
    /// `@Injected` resolves key-path properties when its owner is made.
    @Test func basicInjection() {
        Container.withOverrides { _ in
        } operation: {
            let services = FPInjectedServices()
            #expect(services.service.text() == "MyService")
            #expect(services.mock.text() == "MockService")
        }
    }

    /// `@Injected` as a local variable resolves too.
    @Test func localInjection() {
        Container.withOverrides { _ in
        } operation: {
            @Injected(\.fpMockService) var mock
            #expect(mock.text() == "MockService")
        }
    }

    /// `@LazyInjected` resolves on first access, not when its owner is made.
    @Test func lazyInjectionWaitsForFirstAccess() {
        Container.withOverrides { _ in
        } operation: {
            final class Holder {
                @LazyInjected(\.fpCounted) var service
            }
            let before = FPInjectionCounts.lazy.count
            let holder = Holder()
            #expect(FPInjectionCounts.lazy.count == before)
            _ = holder.service
            #expect(FPInjectionCounts.lazy.count == before + 1)
        }
    }

    /// `@LazyInjected` resolves every property it wraps.
    @Test func lazyInjection() {
        Container.withOverrides { _ in
        } operation: {
            let services = FPLazyServices()
            #expect(services.service.text() == "MyService")
            #expect(services.mock.text() == "MockService")
        }
    }

    /// `@LazyInjected` resolves once: reads give the same instance of a `.unique` property.
    @Test func lazyInjectionOccursOnce() {
        Container.withOverrides { _ in
        } operation: {
            let services = FPLazyServices()
            #expect(services.service.id == services.service.id)
        }
    }

    /// `@Injected` of an optional property reads its value.
    @Test func optionalInjection() {
        Container.withOverrides { _ in
        } operation: {
            #expect(FPOptionalServices().service?.text() == "MyService")
        }
    }

    /// `@WeakLazyInjected` reads a shared parent while it lives and `nil` after it is released.
    @Test func weakLazyInjection() {
        Container.withOverrides { _ in
        } operation: {
            var parent: FPServicesParent? = Container.shared.fpServicesParent
            let child = Container.shared.fpServicesChild
            #expect(parent?.test() == "Child")
            #expect(child.test() == "Parent")
            parent = nil
            #expect(child.test() == nil)
        }
    }

    /// Shared class-bound protocol instances wired to each other hold each other weakly.
    @Test func weakInjectionThroughProtocols() {
        Container.withOverrides { _ in
        } operation: {
            var parent: (any FPProtocolParent)? = Container.shared.fpProtocolParent
            let child: (any FPProtocolChild)? = Container.shared.fpProtocolChild
            #expect(parent?.test() == "Child")
            #expect(child?.test() == "Parent")
            parent = nil
            #expect(child?.test() == nil)
        }
    }

    /// `@Injected` of a `Sendable` class can live in a `Sendable` struct.
    @Test func injectedInASendableStruct() {
        Container.withOverrides { _ in
        } operation: {
            let value = FPSendableStruct()
            let copy: any Sendable = value
            #expect(copy is FPSendableStruct)
            _ = value.sendableClass
        }
    }
}
