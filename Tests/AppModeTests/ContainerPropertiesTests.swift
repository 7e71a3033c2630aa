import Syringe
import SyringeTesting
import Testing

// DESIGN.md §3.2 as app code: container properties, a sub-container with `provide`, `@Injected` by key path and
// the key-path remapper, with main-actor classes and protocols that are not `Sendable`.

protocol APIClient {}
final class Session {
    init() {}
}
final class LiveAPIClient: APIClient {
    let session: Session
    init(session: Session) { self.session = session }
}

protocol LoginViewModel {
    var isMock: Bool { get }
}
protocol LoginUseCase {}
final class DefaultLoginUseCase: LoginUseCase {
    init() {}
}
final class DefaultLoginViewModel: LoginViewModel {
    let useCase: any LoginUseCase
    var isMock: Bool { false }
    init(useCase: any LoginUseCase) { self.useCase = useCase }
}
final class MockLoginViewModel: LoginViewModel {
    var isMock: Bool { true }
    init() {}
}

extension Container {
    var login: LoginContainer { LoginContainer(container: self) }
    var api: any APIClient { provide(.singleton) { LiveAPIClient(session: self.session) } }
    var session: Session { provide(.cached) { Session() } }
}

struct LoginContainer: SubContainer {
    let container: Container
    var viewModel: any LoginViewModel { provide { DefaultLoginViewModel(useCase: useCase) } }
    var useCase: any LoginUseCase { provide(.cached) { DefaultLoginUseCase() } }
    var mockViewModel: any LoginViewModel { MockLoginViewModel() }
}

final class LoginViewController {
    @Injected(\.login.viewModel) var viewModel
    init() {}
}

@Suite(.container(), .serialized)
struct AppModeContainerPropertiesTests {
    @Test func propertiesKeepTheirScopes() {
        let useCase = Container[\.login.useCase]  // read through the current container
        #expect(useCase as AnyObject === Container[\.login.useCase] as AnyObject)  // .cached
        #expect(Container[\.api] as AnyObject === Container[\.api] as AnyObject)  // .singleton
        #expect(Container[\.login.viewModel] as AnyObject !== Container[\.login.viewModel] as AnyObject)  // .unique
        #expect((Container[\.api] as? LiveAPIClient)?.session === Container[\.session])
    }

    @Test func theMapperRemapsAKeyPath() {
        #expect(LoginViewController().viewModel.isMock == false)
        InjectionMapper[\.login.viewModel] = \.login.mockViewModel  // remap one key path to another
        defer { InjectionMapper.reset(\.login.viewModel) }
        #expect(LoginViewController().viewModel.isMock)
        InjectionMapper.reset(\.login.viewModel)
        #expect(LoginViewController().viewModel.isMock == false)
        InjectionMapper.map(\.login.mockViewModel, to: \.login.viewModel)  // the same, as a call
        #expect(LoginViewController().viewModel.isMock)
    }

    @Test func aTaskLocalMappingForOneOperation() {
        InjectionMapper.withMapping(\.login.viewModel, to: \.login.mockViewModel) {
            #expect(LoginViewController().viewModel.isMock)
        }
        #expect(LoginViewController().viewModel.isMock == false)
    }
}
