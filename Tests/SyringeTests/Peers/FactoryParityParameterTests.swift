import Foundation
import Syringe
import Testing

@Suite("FactoryParity: parameters")
struct FactoryParityParameterTests {
    func container(scope: Scope = .unique) -> Container {
        let container = Container()
        container.register(FPParameterService.self, scope: scope) { (_, value: Int) in
            FPParameterService(value: value)
        }
        return container
    }

    /// A factory with a parameter builds from the argument it is given.
    @Test func parameterServiceResolution() throws {
        #expect(try container().resolve(FPParameterService.self, arguments: 5).value == 5)
    }

    /// Registering a parameter factory again replaces it.
    @Test func parameterRegistrationReplacesTheFactory() throws {
        let container = container()
        let first = try container.resolve(FPParameterService.self, arguments: 5)
        #expect(first.value == 5 && first.text() == "ParameterService5")
        container.register(FPParameterService.self) { (_, value: Int) in FPParameterService(value: value * 10) }
        #expect(try container.resolve(FPParameterService.self, arguments: 6).text() == "ParameterService60")
    }

    /// A cached parameter factory keeps the instance built from the first argument.
    @Test func scopedParameterServiceKeepsTheFirstInstance() throws {
        let container = container(scope: .cached)
        #expect(try container.resolve(FPParameterService.self, arguments: 6).value == 6)
        #expect(try container.resolve(FPParameterService.self, arguments: 7).value == 6)
    }

    /// Resetting a cached parameter factory lets the next argument build a new instance.
    @Test func scopedParameterServiceReset() throws {
        let container = container(scope: .cached)
        let first = try container.resolve(FPParameterService.self, arguments: 6)
        container.reset(FPParameterService.self)
        let second = try container.resolve(FPParameterService.self, arguments: 7)
        #expect(second !== first && second.value == 7)
    }

    /// Re-registering a cached parameter factory drops what it kept.
    @Test func registrationInvalidatesTheKeptParameterInstance() throws {
        let container = container(scope: .cached)
        let first = try container.resolve(FPParameterService.self, arguments: 1)
        container.register(FPParameterService.self, scope: .cached) { (_, value: Int) in
            FPParameterService(value: value + 10)
        }
        let second = try container.resolve(FPParameterService.self, arguments: 1)
        #expect(second !== first && second.value == 11)
    }
}
