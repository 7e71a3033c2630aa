import Foundation
import Syringe
import Testing

extension Container {
    fileprivate var fpPromised: (any FPServiceType)? { provide { nil } }
}

@Suite("FactoryParity: core resolution")
struct FactoryParityCoreTests {
    /// A container property builds its factory's value; two properties build their own.
    @Test func basicResolution() {
        let container = Container()
        #expect(container.fpMyService.text() == "MyService")
        #expect(container.fpMockService.text() == "MockService")
    }

    /// `Container[\.x]` (Factory's global `dependency(\.x)`) reads the current container.
    @Test func globalResolutionThroughTheCurrentContainer() {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.fpMyService].text() == "MyService")
            #expect(Container[\.fpMockService].text() == "MockService")
        }
    }

    /// Overriding a property replaces what it builds.
    @Test func overrideReplacesTheFactory() {
        let container = Container()
        #expect(container.fpMyService.text() == "MyService")
        container.override(\.fpMyService) { FPMockService() }
        #expect(container.fpMyService.text() == "MockService")
    }

    /// Resetting an overridden property brings its own factory back.
    @Test func resetRemovesTheOverride() {
        let container = Container()
        container.override(\.fpMyService) { FPMockService() }
        #expect(container.fpMyService.text() == "MockService")
        container.reset(\.fpMyService)
        #expect(container.fpMyService.text() == "MyService")
    }

    /// An optional property can be overridden to `nil` and back to a value.
    @Test func optionalResolution() {
        let container = Container()
        #expect(container.fpOptional?.text() == "MyService")
        container.override(\.fpOptional) { nil }
        #expect(container.fpOptional == nil)
        container.override(\.fpOptional) { FPMockService() }
        #expect(container.fpOptional?.text() == "MockService")
    }

    /// An optional property can be force-unwrapped once something is registered for it.
    @Test func explicitlyUnwrappedOptionalResolution() {
        let container = Container()
        container.override(\.fpOptional) { FPService() }
        let service: any FPServiceType = container.fpOptional!
        #expect(service.text() == "MyService")
    }

    /// A promised dependency reads `nil` until someone provides it.
    @Test func promisedRegistrationResolvesNilThenTheRegisteredValue() {
        let container = Container()
        #expect(container.fpPromised == nil)
        container.override(\.fpPromised) { FPService() }
        #expect(container.fpPromised?.text() == "MyService")
    }

    /// A promised dependency with a parameter reads `nil` until a real factory is registered.
    @Test func promisedParameterRegistration() throws {
        let container = Container()
        container.register(FPParameterService?.self) { (_, _: Int) in nil }
        #expect(try container.resolve(FPParameterService?.self, arguments: 23) == nil)
        container.register(FPParameterService?.self) { (_, value: Int) in FPParameterService(value: value) }
        #expect(try container.resolve(FPParameterService?.self, arguments: 23)?.text() == "ParameterService23")
    }

    /// Resolving explicitly (Factory's `resolve()`) works for a key path and for a parameter factory.
    @Test func unsugaredResolution() throws {
        let container = Container()
        container.register(FPParameterService.self) { (_, value: Int) in FPParameterService(value: value) }
        #expect(try container.resolve(\.fpMyService).text() == "MyService")
        #expect(try container.resolve(FPParameterService.self, arguments: 23).text() == "ParameterService23")
    }

    /// `resetAll()` drops kept instances but keeps overrides; `includingOverrides` drops both.
    @Test func resetOptions() {
        let container = Container()
        container.override(\.fpCached) { FPService() }
        let first = container.fpCached
        #expect(container.fpCached === first)
        container.resetAll()
        let second = container.fpCached
        #expect(second !== first)
        container.override(\.fpMyService) { FPMockService() }
        container.resetAll()
        #expect(container.fpMyService.text() == "MockService")
        container.resetAll(includingOverrides: true)
        #expect(container.fpMyService.text() == "MyService")
        #expect(container.fpCached !== second)
    }

    /// A decorator (`onCreated`) runs each time the factory builds an instance.
    @Test func decoratorRunsOnEveryBuild() throws {
        let container = Container()
        let count = Counter()
        container.register(FPService.self) { FPService() }
            .onCreated { _, _ in count.increment() }
        _ = try container.resolve(FPService.self)
        #expect(count.count == 1)
        _ = try container.resolve(FPService.self)
        _ = try container.resolve(FPService.self)
        #expect(count.count == 3)
    }

    /// A decorator of a kept registration runs once, when the instance is built.
    @Test func decoratorOfASingletonRunsOnce() throws {
        let container = Container()
        let count = Counter()
        container.register(FPService.self, scope: .singleton) { FPService() }
            .onCreated { _, _ in count.increment() }
        let first = try container.resolve(FPService.self)
        let second = try container.resolve(FPService.self)
        #expect(first === second)
        #expect(count.count == 1)
    }

    /// A circular dependency is detected and reported rather than recursing forever.
    @Test func circularDependencyIsReported() {
        let container = Container()
        container.register(FPRecursiveA.self) { r in FPRecursiveA(b: try r.resolve()) }
        container.register(FPRecursiveB.self) { r in FPRecursiveB(c: try r.resolve()) }
        container.register(FPRecursiveC.self) { r in FPRecursiveC(a: try r.resolve()) }
        #expect {
            _ = try container.resolve(FPRecursiveA.self)
        } throws: { error in
            (error as? ResolutionError)?.code == .cycle
        }
    }

    /// Resolving something never registered fails loudly (Factory's strict promise), naming the type.
    @Test func unregisteredDependencyFails() {
        let container = Container()
        #expect {
            _ = try container.resolve((any FPServiceType).self)
        } throws: { error in
            (error as? ResolutionError)?.code == .notRegistered && "\(error)".contains("FPServiceType")
        }
        #expect(container.resolveIfRegistered((any FPServiceType).self) == nil)
    }
}

final class FPRecursiveA: Sendable {
    let b: FPRecursiveB
    init(b: FPRecursiveB) { self.b = b }
}

final class FPRecursiveB: Sendable {
    let c: FPRecursiveC
    init(c: FPRecursiveC) { self.c = c }
}

final class FPRecursiveC: Sendable {
    let a: FPRecursiveA
    init(a: FPRecursiveA) { self.a = a }
}
