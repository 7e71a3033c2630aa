import Foundation
import Syringe

// Services and container properties shaped like the ones Factory's own tests use, written for Syringe.

protocol FPIdentified { var id: UUID { get } }
protocol FPValued: FPIdentified { var value: Int { get } }

protocol FPServiceType: Sendable {
    var id: UUID { get }
    var value: Int { get }
    func text() -> String
}

final class FPService: FPServiceType, FPValued {
    let id = UUID()
    let value = 0
    func text() -> String { "MyService" }
}

final class FPMockService: FPServiceType {
    let id = UUID()
    let value = 0
    func text() -> String { "MockService" }
}

final class FPMockServiceN: FPServiceType {
    let id = UUID()
    let value: Int
    init(_ value: Int) { self.value = value }
    func text() -> String { "MockService\(value)" }
}

struct FPValueService: FPServiceType {
    let id = UUID()
    let value = -1
    func text() -> String { "ValueService" }
}

final class FPParameterService: FPServiceType {
    let id = UUID()
    let value: Int
    init(value: Int) { self.value = value }
    func text() -> String { "ParameterService\(value)" }
}

extension Scope {
    static let fpSession = Scope("fp-session")
}

extension Container {
    var fpMyService: any FPServiceType { provide { FPService() } }
    var fpMyService2: any FPServiceType { provide { FPService() } }
    var fpMockService: FPMockService { provide { FPMockService() } }

    var fpCached: FPService { provide(.cached) { FPService() } }
    var fpCachedOptional: (any FPServiceType)? { provide(.cached) { FPService() } }
    var fpCachedEmptyOptional: (any FPServiceType)? { provide(.cached) { nil } }

    var fpShared: any FPServiceType { provide(.shared) { FPService() } }
    var fpSharedOptional: (any FPServiceType)? { provide(.shared) { FPService() } }
    var fpSharedValue: FPValueService { provide(.shared) { FPValueService() } }
    var fpSharedValueProtocol: any FPServiceType { provide(.shared) { FPValueService() } }

    var fpOptional: (any FPServiceType)? { provide { FPService() } }
    var fpOptionalValue: (any FPServiceType)? { provide { FPValueService() } }
    var fpSingleton: any FPServiceType { provide(.singleton) { FPService() } }

    var fpNil: (any FPServiceType)? { provide { nil } }
    var fpNilCached: (any FPServiceType)? { provide(.cached) { nil } }
    var fpNilShared: (any FPServiceType)? { provide(.shared) { nil } }

    var fpSession: FPService { provide(.fpSession) { FPService() } }
    var fpValueCached: FPValueService { provide(.cached) { FPValueService() } }

    var fpGraphService: FPService { provide(.graph) { FPService() } }
    var fpGraphWrapper: FPGraphWrapper { provide { FPGraphWrapper() } }

    var fpConsumer: FPConsumer { provide { FPConsumer() } }
    var fpIDProvider: any FPIdentified { provide { self.fpCommonProvider } }
    var fpValueProvider: any FPValued { provide { self.fpCommonProvider } }
    var fpCommonProvider: FPService { provide(.graph) { FPService() } }
}

/// Two injections of one `.graph` property.
final class FPGraphWrapper {
    @Injected(\.fpGraphService) var service1
    @Injected(\.fpGraphService) var service2
}

/// Two injections of properties that both read one `.graph` property.
final class FPConsumer {
    @Injected(\.fpIDProvider) var ids
    @Injected(\.fpValueProvider) var values
}
