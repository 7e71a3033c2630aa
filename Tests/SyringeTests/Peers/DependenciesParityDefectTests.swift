// Behaviour a swift-dependencies user expects that Syringe does not have. Each test states what fails; build with
// `swift build --build-tests -Xswiftc -DDEPENDENCIES_PARITY_DEFECTS` to see it (each fails to compile today, with
// the error quoted in its comment).
#if DEPENDENCIES_PARITY_DEFECTS
import Syringe
import Testing

private protocol DpDefectClient: Sendable {
    func isLive() -> Bool
}

private struct DpDefectLiveClient: DpDefectClient {
    func isLive() -> Bool { true }
}

private struct DpDefectTestClient: DpDefectClient {
    func isLive() -> Bool { false }
}

private struct DpDefectClientKey: InjectionKey {
    static var defaultValue: any DpDefectClient { DpDefectLiveClient() }
    static var testValue: any DpDefectClient { DpDefectTestClient() }
}

extension Container {
    fileprivate var dpDefectClient: any DpDefectClient {
        get { self[DpDefectClientKey.self] }
        set { self[DpDefectClientKey.self] = newValue }
    }
}

/// Reads the client as the concrete type the test put there (swift-dependencies' `@Dependency(\.x, as:)`).
private struct DpDefectCastingModel {
    @Injected(\.dpDefectClient, as: DpDefectTestClient.self) var client
}

@Suite("DependenciesParity: defects")
struct DependenciesParityDefectTests {
    /// A property wrapper can read a dependency as the concrete type a test put behind it.
    /// Fails to compile: "extra argument 'as' in call".
    @Test func injectedCanCastToTheTestsType() {
        Container.withOverrides {
            $0.dpDefectClient = DpDefectTestClient()
        } operation: {
            #expect(!DpDefectCastingModel().client.isLive())
        }
    }

    /// A scope can start from a container built by hand, dropping every override around it
    /// (swift-dependencies' `withDependencies { $0 = DependencyValues() }`).
    /// Fails to compile: "value of type 'Container' has no member 'withCurrent'" (and `Container.Binding` has no
    /// public initialiser, so a container made with `Container()` can never be made the current one).
    @Test func aHandBuiltContainerCanBeMadeCurrent() {
        Container.withOverrides {
            $0.dpNumber = 1729
        } operation: {
            let fresh = Container()
            fresh.withCurrent {
                #expect(Container[\.dpNumber] == 42)
            }
        }
    }
}
#endif
