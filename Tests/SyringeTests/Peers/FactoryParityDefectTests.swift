// Behaviour a Factory user expects that Syringe does not have. Each test states what fails; build with
// `swift build --build-tests -Xswiftc -DFACTORY_PARITY_DEFECTS` to see it (every one fails to compile today,
// with the error quoted in its comment).
#if FACTORY_PARITY_DEFECTS
import Foundation
import Syringe
import Testing

protocol FPDelegate: AnyObject { var name: String { get } }
final class FPDelegateImpl: FPDelegate { let name = "delegate" }

extension Container {
    var fpDelegate: any FPDelegate { provide(.shared) { FPDelegateImpl() } }
    var fpDefectShared: FPService { provide(.shared) { FPService() } }
}

final class FPSettable {
    @Injected(\.fpMyService) var injected
    @LazyInjected(\.fpMyService) var lazy
    @WeakLazyInjected(\.fpDefectShared) var weak: FPService?
}

@Suite("FactoryParity: defects")
struct FactoryParityDefectTests {
    /// A test can assign a mock to an `@Injected`, `@LazyInjected` or `@WeakLazyInjected` property.
    /// Fails to compile: "cannot assign to property: 'injected' is a get-only property" (same for 'lazy', 'weak').
    @Test func injectedPropertiesCanBeAssigned() {
        Container.withOverrides { _ in
        } operation: {
            let owner = FPSettable()
            let mock = FPMockService()
            owner.injected = mock
            owner.lazy = mock
            let shared = FPService()
            owner.weak = shared
            #expect(owner.injected.id == mock.id)
            #expect(owner.lazy.id == mock.id)
            #expect(owner.weak === shared)
        }
    }

    /// The projected value resolves again (`$x.resolve()`) and tells whether a lazy one has resolved yet.
    /// Fails to compile: "value of type 'FPSettable' has no member '$injected'" (and '$lazy').
    @Test func projectedValueResolvesAgain() {
        Container.withOverrides { _ in
        } operation: {
            let owner = FPSettable()
            #expect(owner.$lazy.resolvedOrNil() == nil)
            let old = owner.injected.id
            owner.$injected.resolve()
            #expect(owner.injected.id != old)
            _ = owner.lazy
            #expect(owner.$lazy.resolvedOrNil() != nil)
        }
    }

    /// `@WeakLazyInjected` holds a class-bound protocol (a delegate) weakly.
    /// Fails to compile: "generic struct 'WeakLazyInjected' requires that 'any FPDelegate' be a class type".
    @Test func weakLazyInjectedOfAClassBoundProtocol() {
        final class Screen {
            @WeakLazyInjected(\.fpDelegate) var delegate: (any FPDelegate)?
        }
        Container.withOverrides { _ in
        } operation: {
            var held: (any FPDelegate)? = Container.shared.fpDelegate
            let screen = Screen()
            #expect(screen.delegate?.name == "delegate")
            held = nil
            #expect(held == nil && screen.delegate == nil)
        }
    }

    /// `@DynamicInjected` resolves on every read.
    /// Fails to compile: "unknown attribute 'DynamicInjected'".
    @Test func dynamicInjectionResolvesOnEveryRead() {
        final class Owner {
            @DynamicInjected(\.fpMyService) var service
        }
        Container.withOverrides { _ in
        } operation: {
            let owner = Owner()
            #expect(owner.service.id != owner.service.id)
        }
    }

    /// A container can give its properties a default scope (Factory's `manager.defaultScope = .cached`).
    /// Fails to compile: "value of type 'Container' has no member 'defaultScope'".
    @Test func containerDefaultScope() {
        let container = Container()
        container.defaultScope = .cached
        #expect(container.fpMyService.id == container.fpMyService.id)
    }

    /// A decorator on the container runs for every instance it builds (Factory's container `decorator`).
    /// Fails to compile: "value of type 'Container' has no member 'decorator'".
    @Test func containerWideDecorator() throws {
        let container = Container()
        let count = Counter()
        container.decorator { _ in count.increment() }
        container.register(FPService.self) { FPService() }
        _ = try container.resolve(FPService.self)
        _ = container.fpMyService
        #expect(count.count == 2)
    }
}
#endif
