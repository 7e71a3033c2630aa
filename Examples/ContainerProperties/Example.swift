import Syringe

// Seed 001: a container of key-path factories, a sub-container, and the mapper.

protocol LoginViewModel: Sendable { var title: String { get } }
protocol LoginUseCase: AnyObject, Sendable {}
final class DefaultLoginUseCase: LoginUseCase {}
struct DefaultLoginViewModel: LoginViewModel {
    let useCase: any LoginUseCase
    var title: String { "Sign in" }
}
struct MockLoginViewModel: LoginViewModel { var title: String { "Sign in (preview)" } }

extension Container {
    var login: LoginContainer { LoginContainer(container: self) }
}

struct LoginContainer: SubContainer {
    let container: Container
    var viewModel: any LoginViewModel { provide { DefaultLoginViewModel(useCase: useCase) } }
    var useCase: any LoginUseCase { provide(.cached) { DefaultLoginUseCase() } }
    var mockViewModel: any LoginViewModel { MockLoginViewModel() }
}

final class LoginViewController {
    @Injected(\.login.viewModel) var viewModel
}

/// The lines the example prints.
func run() -> [String] {
    var lines = ["screen: " + LoginViewController().viewModel.title]
    lines.append("one cached use case: \(Container[\.login.useCase] === Container[\.login.useCase])")
    InjectionMapper[\.login.viewModel] = \.login.mockViewModel
    lines.append("remapped: " + LoginViewController().viewModel.title)
    InjectionMapper.reset(\.login.viewModel)
    lines.append("reset: " + LoginViewController().viewModel.title)
    return lines
}
