import Syringe

// Seed 001: container properties, a sub-container, and the key-path mapper.

protocol LoginUseCase: AnyObject, Sendable { func logIn(_ user: String) -> String }
protocol LoginViewModel: AnyObject, Sendable { func greet(_ user: String) -> String }

final class DefaultLoginUseCase: LoginUseCase {
    func logIn(_ user: String) -> String { "signed in \(user) with the auth server" }
}

final class DefaultLoginViewModel: LoginViewModel {
    let useCase: any LoginUseCase
    init(useCase: any LoginUseCase) { self.useCase = useCase }
    func greet(_ user: String) -> String { useCase.logIn(user) }
}

final class MockLoginViewModel: LoginViewModel {
    func greet(_ user: String) -> String { "pretended to sign in \(user) (a preview)" }
}

extension Container {
    var login: LoginContainer { LoginContainer(container: self) }
}

struct LoginContainer: SubContainer {
    let container: Container
    var viewModel: any LoginViewModel { provide { DefaultLoginViewModel(useCase: useCase) } }
    var useCase: any LoginUseCase { provide(.cached) { DefaultLoginUseCase() as any LoginUseCase } }
    var mockViewModel: any LoginViewModel { MockLoginViewModel() }
}

final class LoginScreen {
    @Injected(\.login.viewModel) var viewModel
}

enum LoginFeature {
    static func run(_ narrator: Narrator) {
        narrator.section("Login: container properties in a sub-container, @Injected(\\.login.viewModel)")
        narrator.say("Screen: " + LoginScreen().viewModel.greet("ada"))
        let cached = Container[\.login.useCase] === Container[\.login.useCase]
        narrator.say("The use case is .cached, so two reads give one instance: \(cached)")
        InjectionMapper.withMapping(\.login.viewModel, to: \.login.mockViewModel) {
            narrator.say("Mapped: " + LoginScreen().viewModel.greet("ada") + "   (InjectionMapper.withMapping)")
        }
        narrator.say("Again:  " + LoginScreen().viewModel.greet("ada"))
    }
}
