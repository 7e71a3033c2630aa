import Foundation
import Syringe
import Testing

typealias FPOpenURL = @Sendable (String) -> Bool

extension Container {
    var fpOpenURL: FPOpenURL { provide { { _ in false } } }
}

final class FPOpeningViewModel {
    @Injected(\.fpOpenURL) var openURL
    func open(site: String) { _ = openURL(site) }
}

final class FPOpenURLMock: Sendable {
    let opened = Collector<String>()
    init(in container: Container) {
        container.override(\.fpOpenURL) {
            { [weak self] url in
                self?.opened.append(url)
                return false
            }
        }
    }
}

@Suite("FactoryParity: functions as dependencies")
struct FactoryParityFunctionalTests {
    /// A function type can be a dependency and overridden by a test's closure.
    @Test func openFunctionality() {
        let opened = Collector<String>()
        Container.withOverrides {
            $0.override(\.fpOpenURL) {
                { url in
                    opened.append(url)
                    return false
                }
            }
        } operation: {
            FPOpeningViewModel().open(site: "https://example.com")
        }
        #expect(opened.elements == ["https://example.com"])
    }

    /// A mock object can install its own closure as the override.
    @Test func mockFunctionality() {
        Container.withOverrides { _ in
        } operation: {
            let mock = FPOpenURLMock(in: Container.shared)
            FPOpeningViewModel().open(site: "https://example.com")
            #expect(mock.opened.elements == ["https://example.com"])
        }
    }
}
