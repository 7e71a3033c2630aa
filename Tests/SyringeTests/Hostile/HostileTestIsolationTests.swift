import Foundation
import Syringe
import Testing

final class HSessionBox: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

final class HApi: Sendable {
    let session: HSessionBox
    init(session: HSessionBox) { self.session = session }
}

private struct HSessionKey: InjectionKey {
    static var defaultValue: HSessionBox { HSessionBox(id: 0) }
}

private struct HApiKey: InjectionKey {
    static var defaultValue: HApi { HApi(session: Container.shared.hostileSession) }
    static var scope: Scope { .singleton }
}

extension Container {
    fileprivate var hostileSession: HSessionBox {
        get { self[HSessionKey.self] }
        set { self[HSessionKey.self] = newValue }
    }
    /// A kept key-path default that depends on another key path.
    fileprivate var hostileAPI: HApi { provide(.singleton) { HApi(session: self.hostileSession) } }
    fileprivate var hostileCachedAPI: HApi { provide(.cached) { HApi(session: self.hostileSession) } }
    fileprivate var hostileKeyedAPI: HApi { self[HApiKey.self] }
}

protocol HToken: Sendable { var value: String { get } }
struct HProductionToken: HToken, Component {
    var value = "prod"
    init() {}
}
struct HTestToken: HToken, Component {
    var value = "test"
    init() {}
}

/// Tests that run in parallel never see each other's mocks or singletons (Testing article): attacked through
/// key-path singletons that depend on an overridden key, components, multi-bindings and remaps.
@Suite("Hostile: test isolation", .timeLimit(.minutes(1)))
struct HostileTestIsolationTests {
    /// A `provide(.singleton)` property whose factory reads a key the test overrides: each test container must
    /// build its own, with its own mock ("a singleton that depends on a mock is built with the mock").
    @Test(arguments: 1...30)
    func aKeyPathSingletonIsBuiltWithTheTestsMock(id: Int) async throws {
        try await Container.withOverrides {
            $0.hostileSession = HSessionBox(id: id)
        } operation: {
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...2)))
            #expect(Container[\.hostileAPI].session.id == id)
            #expect(Container[\.hostileCachedAPI].session.id == id)
            #expect(Container[\.hostileKeyedAPI].session.id == id)
        }
    }

    /// The process-wide container built the same singletons first: a test still gets its own.
    @Test func aKeyPathSingletonBuiltProcessWideIsNotTheTests() throws {
        _ = Container[\.hostileAPI]
        _ = Container[\.hostileKeyedAPI]
        Container.withOverrides {
            $0.hostileSession = HSessionBox(id: 99)
        } operation: {
            #expect(Container[\.hostileAPI].session.id == 99)
            #expect(Container[\.hostileKeyedAPI].session.id == 99)
        }
    }

    /// A component registered by the test answers the protocol instead of the parent's.
    @Test func aTestsComponentWinsOverTheParents() throws {
        let parent = Container()
        parent.register(HProductionToken.self)
        let child = Container(parent: parent)
        #expect(try child.resolve((any HToken).self).value == "prod")
        child.register(HTestToken.self)
        #expect(try child.resolve((any HToken).self).value == "test")
        #expect(try parent.resolve((any HToken).self).value == "prod")
    }

    /// Components racing registrations: a protocol that a component answers at every moment never resolves
    /// to `notRegistered`, and the remembered answer never goes stale. Found broken: an answer computed while a
    /// component was being registered (installed in the table, not yet in the component index) saw no live
    /// component, threw `notRegistered`, and could be remembered until the next registration.
    @Test(arguments: 0..<10)
    func componentLookupsRacingRegistrations(round: Int) async {
        let container = Container()
        container.register(HProductionToken.self)
        let outcomes = await boundedOnThreads(4, seconds: 20) { index -> String in
            var seen = Set<String>()
            for step in 0..<500 {
                if index == 0 {
                    if step % 2 == 0 {
                        container.register(HTestToken.self)
                    } else {
                        container.register(HProductionToken.self)
                    }
                } else {
                    seen.insert(try container.resolve((any HToken).self).value)
                }
            }
            return seen.subtracting(["prod", "test"]).joined()
        }
        for outcome in outcomes {
            if case .error(let error) = outcome { Issue.record("a resolve failed under the race: \(error)") }
            #expect(outcome.value == "")
        }
        // The last registration wins, and keeps winning.
        #expect((try? container.resolve((any HToken).self).value) == "prod")
        container.register(HTestToken.self)
        #expect((try? container.resolve((any HToken).self).value) == "test")
    }

    /// A reader racing one registration: once `register` has returned, the protocol answers the new component.
    @Test(arguments: 0..<20)
    func theLatestComponentWinsOnceRegisterReturns(round: Int) {
        let container = Container()
        container.register(HProductionToken.self)
        let stop = HostileBox(false)
        let reader = Thread {
            while !stop.current { _ = try? container.resolve((any HToken).self) }
        }
        reader.start()
        usleep(UInt32.random(in: 0...300))
        container.register(HTestToken.self)
        let seen = (try? container.resolve((any HToken).self).value) ?? "error"
        usleep(500)
        let later = (try? container.resolve((any HToken).self).value) ?? "error"
        stop.withLock { $0 = true }
        #expect(seen == "test")
        #expect(later == "test")
    }

    /// `InjectionMapper.withMapping` is task-local: parallel tasks remap the same key path differently.
    @Test(arguments: 1...20)
    func remapsAreTaskLocal(id: Int) async throws {
        let expected = id % 2 == 0 ? 0 : 7
        try await Container.withOverrides {
            $0.hostileSession = HSessionBox(id: 0)
        } operation: {
            if id % 2 == 0 {
                try await Task.sleep(for: .milliseconds(1))
                #expect(Container[\.hostileSession].id == expected)
            } else {
                try await InjectionMapper.withMapping(\.hostileSession, to: \.hostileSevenSession) {
                    try await Task.sleep(for: .milliseconds(1))
                    #expect(Container[\.hostileSession].id == expected)
                }
            }
        }
    }
}

extension Container {
    fileprivate var hostileSevenSession: HSessionBox { HSessionBox(id: 7) }
}

extension HostileTestIsolationTests {
    /// A test container copies its parent's singleton registration on first use: sixteen threads and tasks
    /// asking first at once still get one instance, built once.
    @Test(arguments: 0..<5)
    func aTestContainersFirstUseRacedFromManyTasks(round: Int) async throws {
        let built = HostileCounter()
        try await Container.withOverrides {
            $0.register(HSessionBox.self, scope: .singleton) {
                usleep(200)
                return HSessionBox(id: built.increment())
            }
        } operation: {
            try await Container.withOverrides { _ in
            } operation: {
                let ids = try await withThrowingTaskGroup(of: Int.self) { group in
                    for _ in 0..<16 { group.addTask { try Container.shared.resolve(HSessionBox.self).id } }
                    var ids = Set<Int>()
                    for try await id in group { ids.insert(id) }
                    return ids
                }
                #expect(ids.count == 1)
            }
        }
        #expect(built.count == 1)
    }
}
