import Foundation
import Syringe
import Testing

protocol HEngine: AnyObject, Sendable { var name: String { get } }
final class HV8: HEngine, Component {
    let name = "V8"
    init() {}
}

final class HUnitOfWork: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

private struct HWorkKey: InjectionKey {
    static var defaultValue: HUnitOfWork { HUnitOfWork(id: HWorkIDs.next.increment()) }
    static var scope: Scope { Scope("hostile-keypath-request") }
}

enum HWorkIDs {
    static let next = HostileCounter()
}

extension Container {
    fileprivate var hostileWork: HUnitOfWork { self[HWorkKey.self] }
    fileprivate var hostileProvidedWork: HUnitOfWork {
        provide(Scope("hostile-keypath-request")) { HUnitOfWork(id: HWorkIDs.next.increment()) }
    }
}

/// Forwardings and components share one instance and one end of life; key paths with a request scope.
@Suite("Hostile: forwarding, components, key paths in scopes", .timeLimit(.minutes(1)))
struct HostileForwardingTests {
    @Test func aForwardedSingletonIsOneInstanceDisposedOnce() async throws {
        let container = Container()
        let journal = HJournal()
        container.register(HV8.self, scope: .singleton) { HV8() }
            .onDispose { journal.log($0.name) }
            .forwarding((any HEngine).self)
        let engine = try container.resolve((any HEngine).self)
        #expect(try container.resolve(HV8.self) === engine)
        #expect(container.instances(of: (any HEngine).self).count == 1)
        try await container.shutdown()
        #expect(journal.entries == ["V8"])
    }

    @Test func aSingletonComponentFoundByConformanceIsTheSameInstance() throws {
        let container = Container()
        container.register(HV8.self, scope: .singleton)
        #expect(try container.resolve((any HEngine).self) === container.resolve(HV8.self))
        try Container.withOverrides {
            $0.register(HV8.self, scope: .singleton)
        } operation: {
            try Container.withOverrides { _ in
            } operation: {
                // Through a test container: a fresh one, the same for both requests.
                let viaProtocol = try Container.shared.resolve((any HEngine).self)
                #expect(viaProtocol === (try Container.shared.resolve(HV8.self)))
            }
        }
    }

    /// Resetting through the forwarded type: documented to go through the component's own type. Whichever
    /// it does, the two requests must keep agreeing.
    @Test func resettingThroughEitherKeyKeepsThemInAgreement() throws {
        let container = Container()
        container.register(HV8.self, scope: .cached) { HV8() }.forwarding((any HEngine).self)
        _ = try container.resolve((any HEngine).self)
        container.reset((any HEngine).self)
        #expect(try container.resolve((any HEngine).self) === container.resolve(HV8.self))
        container.reset(HV8.self)
        #expect(try container.resolve((any HEngine).self) === container.resolve(HV8.self))
    }

    /// Key-path defaults with a request scope: one instance per `withScope`, never shared by concurrent ones.
    @Test func keyPathDefaultsInRequestScopes() async throws {
        let container = Container()
        let shared = try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    try await container.withScope(Scope("hostile-keypath-request")) {
                        let first = container.hostileWork
                        let provided = container.hostileProvidedWork
                        await Task.yield()
                        return first === container.hostileWork && provided === container.hostileProvidedWork
                    }
                }
            }
            var all = true
            for try await same in group { all = all && same }
            return all
        }
        #expect(shared)
        let before = HWorkIDs.next.count
        #expect(before == 100)
    }
}
