/// A group of related dependencies hung off ``Container`` as a property, so key paths read
/// `\.login.viewModel`. Sub-containers nest to any depth.
///
/// ```swift
/// extension Container {
///     var login: LoginContainer { LoginContainer(container: self) }
/// }
///
/// struct LoginContainer: SubContainer {
///     let container: Container
///     var viewModel: any LoginViewModel { provide { DefaultLoginViewModel(useCase: useCase) } }
///     var useCase: any LoginUseCase { provide(.cached) { DefaultLoginUseCase() } }
///     var mockViewModel: any LoginViewModel { MockLoginViewModel() }
/// }
///
/// final class LoginViewController {
///     @Injected(\.login.viewModel) var viewModel
/// }
/// ```
public protocol SubContainer {
    /// The container this group reads from and caches in.
    ///
    /// ```swift
    /// struct LoginContainer: SubContainer { let container: Container }
    /// ```
    var container: Container { get }
}

extension SubContainer {
    /// Gives a computed property a scope: the factory runs as the scope says, and the instance is kept
    /// in ``container``. The identity is the property (this type and the property's name), so two
    /// properties of one type never share an instance or an override.
    ///
    /// ```swift
    /// var useCase: any LoginUseCase { provide(.cached) { DefaultLoginUseCase() } }
    /// ```
    ///
    /// A property cannot throw, so a failure inside (a cycle, a missing registration resolved with
    /// `try`) stops the program with the ``ResolutionError`` text.
    public func provide<Value>(
        _ scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line,
        function: StaticString = #function,
        @ProvideBuilder<Value> _ factory: () throws -> Value
    ) -> Value {
        container.produceKeyPathValue(
            .property(owner: Self.self, name: function, file: fileID), scope: scope, fileID: fileID, line: line,
            factory: factory)
    }

    /// Overrides a `provide` property from its setter; the override replaces the default and its
    /// kept instance until ``Container/reset(_:)-(KeyPath<Container,Value>)`` restores the default.
    ///
    /// ```swift
    /// var useCase: any LoginUseCase {
    ///     get { provide(.cached) { DefaultLoginUseCase() } }
    ///     nonmutating set { override(newValue) }
    /// }
    /// Container.shared.login.useCase = MockLoginUseCase()
    /// ```
    public func override<Value>(
        _ value: Value, fileID: StaticString = #fileID, line: UInt = #line, function: StaticString = #function
    ) {
        container.override(
            Key.property(function, of: Self.self, in: fileID, as: Value.self), with: value, fileID: fileID, line: line)
    }
}
