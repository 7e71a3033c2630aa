import Foundation
import Syringe
import Testing

final class HWeakService: Sendable {}

/// The property wrappers and the "if registered" forms with the answers other faces give: components by
/// conformance, optionals, `.shared` and request scopes.
@Suite("Hostile: wrappers and optional forms", .timeLimit(.minutes(1)))
struct HostileWrapperTests {
    @Test func aComponentAnswersEveryOptionalForm() throws {
        struct Screen {
            @OptionalInjected var token: (any HToken)?
            @Injected var required: any HToken
        }
        try Container.withOverrides {
            $0.register(HProductionToken.self)
        } operation: {
            #expect(Container.shared.isRegistered((any HToken).self))
            #expect(Container.shared.resolveIfRegistered((any HToken).self)?.value == "prod")
            let optional = try Container.shared.resolve((any HToken)?.self)
            #expect(optional?.value == "prod")
            let screen = Screen()
            #expect(screen.token?.value == "prod")
            #expect(screen.required.value == "prod")
        }
    }

    @Test func nothingRegisteredIsNilInTheOptionalForms() throws {
        struct Screen {
            @OptionalInjected var token: (any HToken)?
        }
        Container.withOverrides { _ in
        } operation: {
            #expect(!Container.shared.isRegistered((any HToken).self))
            #expect(Container.shared.resolveIfRegistered((any HToken).self) == nil)
            #expect(Screen().token == nil)
        }
    }

    /// `@WeakLazyInjected` of a `.shared` instance: nil once its last holder lets go.
    @Test func aWeakLazyWrapperOfASharedInstance() throws {
        final class Screen {
            @WeakLazyInjected var service: HWeakService?
        }
        try Container.withOverrides {
            $0.register(HWeakService.self, scope: .shared) { HWeakService() }
        } operation: {
            var held: HWeakService? = try Container.shared.resolve(HWeakService.self)
            let screen = Screen()
            #expect(screen.service === held)
            held = nil
            #expect(screen.service == nil)
        }
    }

    /// `@WeakLazyInjected` of a request instance: nil after the request ends (the instance is released).
    @Test func aWeakLazyWrapperOfARequestInstance() async throws {
        final class Screen: @unchecked Sendable {  // read on the test's task only
            @WeakLazyInjected var service: HWeakService?
        }
        try await Container.withOverrides {
            $0.register(HWeakService.self, scope: Scope("hostile-weak-request")) { HWeakService() }
        } operation: {
            let screen = Screen()
            try await Container.shared.withScope(Scope("hostile-weak-request")) {
                #expect(screen.service != nil)
            }
            #expect(screen.service == nil)
        }
    }
}
