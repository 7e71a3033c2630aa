import Testing

@testable import Syringe

extension ProductionToken: Component {}
extension StagingToken: Component {}
struct TestToken: Token, Component { let value = "TESTTOKEN" }

struct Settings: Component {
    var apiToken = "abc123"
    init() {}
}
final class Workspace: Component, Sendable {
    init() {}
}
protocol SecretStore: Sendable { func secret() -> String }
protocol Wipeable: Sendable {}
class BaseStore: @unchecked Sendable {  // @unchecked: no state
    required init() {}
}
final class Keychain: BaseStore, Component, SecretStore, Wipeable, @unchecked Sendable {  // @unchecked: no state
    func secret() -> String { "from the keychain" }
}
protocol Pinger: Component, Sendable { func ping() -> String }
struct LivePinger: Pinger { func ping() -> String { "pong" } }

protocol Ledger: Sendable {}
final class LiveLedger: Ledger, Component, Sendable {}

/// Reads a component through `@Injected`, which resolves from `Container.shared`.
struct PingClient {
    @Injected var pinger: any Pinger
}

@Suite("Components")
struct ComponentTests {
    @Test func aComponentIsRegisteredByItsInit() throws {
        let container = Container()
        container.register(Settings.self)
        #expect(try container.resolve(Settings.self).apiToken == "abc123")
    }

    @Test func theDefaultScopeIsUniqueAsForEveryRegistration() throws {
        let container = Container()
        container.register(Workspace.self)
        #expect(try container.resolve(Workspace.self) !== container.resolve(Workspace.self))
        container.register(Workspace.self, scope: .singleton)
        #expect(try container.resolve(Workspace.self) === container.resolve(Workspace.self))
    }

    @Test func aComponentCanBeNamed() throws {
        let container = Container()
        container.register(ProductionToken.self, name: "live")
        #expect(try container.resolve(ProductionToken.self, name: "live").value == "prod")
        #expect(try container.resolve((any Token).self, name: "live").value == "prod")
        #expect(throws: ResolutionError.self) { try container.resolve((any Token).self) }
    }

    @Test func onCreatedWorksOnComponents() throws {
        let container = Container()
        container.register(Settings.self).onCreated { settings, _ in settings.apiToken = "configured" }
        #expect(try container.resolve(Settings.self).apiToken == "configured")
    }

    @Test func aComponentAnswersForTheProtocolsItConformsTo() throws {
        let container = Container()
        container.register(ProductionToken.self)
        let token = try container.resolve((any Token).self)
        #expect(token.value == "prod")
        #expect(token is ProductionToken)
        let inferred: any Token = try container.resolve()
        #expect(inferred.value == "prod")
    }

    @Test func theLatestConformingRegistrationWins() throws {
        let container = Container()
        container.register(ProductionToken.self)
        container.register(TestToken.self)
        #expect(try container.resolve((any Token).self).value == "TESTTOKEN")
        container.register(ProductionToken.self)  // registering again makes it the latest
        #expect(try container.resolve((any Token).self).value == "prod")
    }

    @Test func theAnswerIsRememberedUntilRegistrationsChange() throws {
        let container = Container()
        let key = Key((any Token).self)
        container.register(ProductionToken.self)
        func memo() -> Entry? {
            guard case .found(let entry) = container.components.rememberedAnswer(for: key, in: container.registry)
            else { return nil }
            return entry
        }
        #expect(memo() == nil)
        _ = try container.resolve((any Token).self)
        let first = try #require(memo())
        _ = try container.resolve((any Token).self)
        #expect(memo() === first)  // a hit: the same forwarding entry, no new scan
        container.register(Service.self) { Service() }  // any registration retires the answer
        #expect(memo() == nil)
        _ = try container.resolve((any Token).self)
        let second = try #require(memo())
        #expect(second !== first)
    }

    @Test func componentsRegisteredInOneCallAreAmbiguous() throws {
        let container = Container()
        container.register(ProductionToken.self, StagingToken.self)
        let line = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.resolve((any Token).self) }
        #expect(error?.code == .ambiguous)
        #expect(error?.nearMisses == ["ProductionToken", "StagingToken"])
        #expect(
            error?.description == """
                Syringe: cannot resolve `any Token`: 2 components registered in one call conform to it.
                  while resolving  any Token
                  requested at  SyringeTests/ComponentTests.swift:\(line)
                  candidates: `ProductionToken`, `StagingToken`
                  fix: register the one to use in a call of its own (the latest registration wins), or forward it \
                explicitly: container.register(ProductionToken.self, as: (any Token).self).
                """)
        // Each is still registered under its own type, and a later registration settles the protocol.
        #expect(try container.resolve(StagingToken.self).value == "staging")
        container.register(StagingToken.self)
        #expect(try container.resolve((any Token).self).value == "staging")
    }

    @Test func anAmbiguityDeepInAGraphNamesThePath() throws {
        struct Client { let token: any Token }
        let container = Container()
        container.register(ProductionToken.self, StagingToken.self)
        container.register(Client.self) { r in Client(token: try r.resolve()) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Client.self) }
        #expect(error?.path.map(\.description) == ["Client", "any Token"])
    }

    @Test func oneCallIsAmbiguousOnlyWhereSeveralOfItsComponentsConform() throws {
        let container = Container()
        container.register(Settings.self, ProductionToken.self, Workspace.self)
        #expect(try container.resolve((any Token).self).value == "prod")
        let (settings, token, session) = container.register(Settings.self, TestToken.self, Workspace.self)
        #expect(settings.key == Key(Settings.self))
        #expect(token.key == Key(TestToken.self))
        #expect(session.key == Key(Workspace.self))
        #expect(try container.resolve((any Token).self).value == "TESTTOKEN")
    }

    @Test func aRegistrationOfTheProtocolItselfWins() throws {
        let container = Container()
        container.register((any Token).self) { StagingToken() }
        container.register(ProductionToken.self)
        #expect(try container.resolve((any Token).self).value == "staging")
    }

    @Test func aChildsComponentsComeBeforeItsParents() throws {
        let parent = Container()
        parent.register(ProductionToken.self)
        let child = Container(parent: parent)
        #expect(try child.resolve((any Token).self).value == "prod")
        child.register(TestToken.self)
        #expect(try child.resolve((any Token).self).value == "TESTTOKEN")
        #expect(try parent.resolve((any Token).self).value == "prod")
    }

    @Test func aFactoryRegistrationOfTheSameTypeIsNoLongerAComponent() throws {
        let container = Container()
        container.register(ProductionToken.self)
        container.register(ProductionToken.self) { ProductionToken() }
        #expect(throws: ResolutionError.self) { try container.resolve((any Token).self) }
    }

    @Test func conformanceAlsoServesOptionalsAndTheRegistrationQueries() throws {
        let container = Container()
        #expect(!container.isRegistered((any Token).self))
        #expect(container.resolveIfRegistered((any Token).self) == nil)
        container.register(ProductionToken.self)
        #expect(container.isRegistered((any Token).self))
        #expect(container.resolveIfRegistered((any Token).self)?.value == "prod")
        let optional: (any Token)? = try container.resolve()
        #expect(optional?.value == "prod")
    }

    @Test func aProtocolNoComponentConformsToIsStillNotRegistered() throws {
        let container = Container()
        container.register(Settings.self)
        let error = #expect(throws: ResolutionError.self) { try container.resolve((any Token).self) }
        #expect(error?.code == .notRegistered)
    }

    @Test func compositionsAndInheritedProtocolsAreMatched() throws {
        let container = Container()
        container.register(ProductionToken.self)
        #expect(try container.resolve((any Token & Component).self).value == "prod")
        container.register(Keychain.self)
        #expect(try container.resolve((BaseStore & SecretStore).self).secret() == "from the keychain")
    }

    @Test func injectedFindsAComponentByConformance() {
        Container.shared.register(LivePinger.self)
        #expect(PingClient().pinger.ping() == "pong")
    }

    @Test func aTestContainerBuildsItsOwnInstanceOfAComponentFoundByConformance() throws {
        let app = Container()
        app.register(LiveLedger.self, scope: .singleton)
        let live = try app.resolve((any Ledger).self) as? LiveLedger
        let isolated = Container(parent: app, policy: TestPolicy())
        let fresh = try isolated.resolve((any Ledger).self) as? LiveLedger
        #expect(fresh != nil)
        #expect(fresh !== live)
        #expect(try isolated.resolve((any Ledger).self) as? LiveLedger === fresh)
        #expect(try isolated.resolve(LiveLedger.self) === fresh)
        #expect(try app.resolve(LiveLedger.self) === live)
    }

    @Test func overridesRegisterComponentsForOneTest() throws {
        let token = try Container.withOverrides {
            $0.register(TestToken.self)
        } operation: {
            try Container.shared.resolve((any Token).self)
        }
        #expect(token.value == "TESTTOKEN")
    }

    @Test func explicitForwardingSharesOneRegistrationAndOneCache() throws {
        let container = Container()
        container.register(
            Keychain.self, as: (any SecretStore).self, (any Wipeable).self, BaseStore.self, scope: .singleton)
        let keychain = try container.resolve(Keychain.self)
        #expect(try container.resolve((any SecretStore).self) as? Keychain === keychain)
        #expect(try container.resolve((any Wipeable).self) as? Keychain === keychain)
        #expect(try container.resolve(BaseStore.self) === keychain)
        container.reset(Keychain.self)
        let rebuilt = try container.resolve((any SecretStore).self) as? Keychain
        #expect(rebuilt !== keychain)
        #expect(try container.resolve(Keychain.self) === rebuilt)
    }

    @Test func explicitForwardingWinsOverConformance() throws {
        let container = Container()
        container.register(ProductionToken.self, as: (any Token).self)
        container.register(TestToken.self)
        #expect(try container.resolve((any Token).self).value == "prod")
    }

    @Test func theForwardedKeyAppearsInThePath() throws {
        let container = Container()
        container.register(Keychain.self, as: (any SecretStore).self)
        struct Vault { let store: any SecretStore }
        container.register(Vault.self) { r in
            // A failing dependency of the forwarded component names both keys.
            _ = try r.resolve(Greeter.self)
            return Vault(store: try r.resolve())
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Vault.self) }
        #expect(error?.path.map(\.description) == ["Vault", "Greeter"])
        let captured = Collector<[String]>()
        container.register(Keychain.self, as: (any SecretStore).self).onCreated { _, r in
            do {
                _ = try r.resolve(Greeter.self)
            } catch let error as ResolutionError {
                captured.append(error.path.map(\.description))
            }
        }
        _ = try container.resolve((any SecretStore).self)
        #expect(captured.elements == [["any SecretStore", "Keychain", "Greeter"]])
    }

    @Test func forwardingToATypeTheComponentIsNotStopsTheProgram() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            Container().register(Settings.self, as: (any Token).self)
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                text.contains(
                    """
                    Syringe: cannot register `Settings` as `any Token`: `Settings` does not conform to it.
                      registered at  SyringeTests/ComponentTests.swift:
                    """))
            #expect(
                text.contains(
                    "fix: forward only to Settings itself, a superclass of it or a protocol it conforms to."))
        }
    }
}

/// The component index answers under its lock, and records a component before the registry has it.
@Suite("Components: the index while registrations change")
struct ComponentIndexTests {
    /// Re-registering a component drops the replaced one's instance, whose `onDispose` hook runs inside the
    /// registration and asks for a protocol the component answers. Found broken: the index recorded a component
    /// only after its registration had installed it and dropped the old one, so the hook saw neither (the old
    /// registration was replaced, the new one not recorded yet), and spun up to 10,000 times waiting for it.
    @Test func aHookRunByAReRegistrationSeesTheNewComponent() throws {
        let container = Container()
        let seen = HostileBox<[String]>([])
        container.register(LivePinger.self, scope: .singleton)
            .onDispose { _ in seen.withLock { $0.append((try? container.resolve((any Pinger).self))?.ping() ?? "none") }
            }
        _ = try container.resolve((any Pinger).self)
        container.register(LivePinger.self, scope: .singleton)
        #expect(seen.current == ["pong"])
        #expect(try container.resolve((any Pinger).self).ping() == "pong")
    }

    /// Components registered on one thread while another resolves their protocol: every answer after the
    /// registration returned names the latest component.
    @Test func answersFollowRegistrationsFromOtherThreads() async throws {
        let container = Container()
        container.register(LiveLedger.self)
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<200 { container.register(LiveLedger.self) }
            }
            group.addTask {
                for _ in 0..<200 { _ = try? container.resolve((any Ledger).self) }
            }
        }
        #expect(try container.resolve((any Ledger).self) is LiveLedger)
    }
}
