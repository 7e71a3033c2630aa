import Foundation
import Syringe
import Testing

/// What the HostileNewAPI probes found in forwardings, fixed: `verify()` of a forwarding to an async registration,
/// and a forwarding to the registration's own key.
@Suite("HostileNewAPI: forwardings in verify() and to their own key")
struct HostileNewAPIVerifyTests {
    /// `verify()` accepts a forwarding of an async registration (with or without arguments), which
    /// `resolveAsync` of the forwarded type resolves: the async rule looks through a forwarding.
    @Test func verifyRejectsForwardingOfAnAsyncRegistration() async throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) async in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        container.register(HnDerived.self) { () async in HnDerived(tag: "t") }.forwarding(HnBase.self)
        #expect(try await container.resolveAsync((any HnAnimal).self, arguments: "a").name == "a")
        #expect(try await container.resolveAsync(HnBase.self).tag == "t")
        #expect(throws: Never.self) { try container.verify() }
    }

    /// `.forwarding(Service.self)` (the service type, which the documentation allows) changes nothing: the
    /// registration already answers its own key (it used to be replaced by a forwarding to itself, a cycle).
    @Test func forwardingToTheServiceTypeItselfLosesTheRegistration() throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }.forwarding(HnCat.self)
        container.register(HnDerived.self) { HnDerived(tag: "t") }.forwarding(HnDerived.self)
        #expect(try container.resolve(HnCat.self, arguments: "me").name == "me")
        #expect(try container.resolve(HnDerived.self).tag == "t")
    }
    /// A synchronous registration that declares a forwarding of an async registration is still refused by
    /// `verify()`, naming the async registration at the end of the path.
    @Test func aSynchronousConsumerOfAForwardedAsyncRegistrationIsRefused() throws {
        final class HnOwner: Sendable {
            let animal: any HnAnimal
            init(animal: any HnAnimal) { self.animal = animal }
        }
        let container = Container()
        container.register(HnCat.self) { () async in HnCat(name: "async") }.forwarding((any HnAnimal).self)
        container.register(HnOwner.self, using: HnOwner.init)
        let error = try #require(throws: ResolutionError.self) { try container.verify() }
        #expect(error.code == .multiple)  // verify() gathers its problems
        let text = error.description
        #expect(text.contains("cannot resolve `HnCat` for `HnOwner` synchronously: its factory is async"))
        #expect(text.contains("while resolving  HnOwner → any HnAnimal → HnCat"))
    }
}
