/// A type that declares its own registration: `container.register(Car.self)` registers it by its initializer,
/// with its dependencies declared, as `register(Car.self, using: Car.init)` does.
///
/// The `@Injectable` macro of `SyringeMacros` writes the conformance from the type's designated initializer;
/// without the macro, write it by hand:
///
/// ```swift
/// final class Car {
///     init(engine: any Engine, transmission: any Transmission) { … }
/// }
/// extension Car: Injectable {
///     nonisolated static func register(in registrar: InjectableRegistrar<Car>) -> Registration<Car> {
///         registrar.register(scope: .singleton, using: Car.init(engine:transmission:))
///     }
/// }
///
/// container.register(Car.self)   // a declared registration: verify() sees Car → any Engine
/// ```
///
/// The conformance is used once, when the type is registered; the function it hands over is what resolves run.
/// `nonisolated` lets the same code compile in an app module with default main-actor isolation, where a
/// main-actor `register(in:)` could not satisfy the protocol.
/// Like ``Component``, `Injectable` refines `SendableMetatype`: a conformance is never isolated to an actor (the
/// initializer it hands over may be).
public protocol Injectable: SendableMetatype {
    /// Registers the type in the registrar's container by one of its initializers (a function value), with
    /// the scope it declares; ``Container/register(_:name:scope:fileID:line:)-(Service.Type,_,_,_,_)`` calls it.
    ///
    /// ```swift
    /// nonisolated static func register(in registrar: InjectableRegistrar<Car>) -> Registration<Car> {
    ///     registrar.register(scope: .singleton, using: Car.init(engine:transmission:))
    /// }
    /// ```
    static func register(in registrar: InjectableRegistrar<Self>) -> Registration<Self>
}

/// What `container.register(T.self)` hands an ``Injectable`` type: the container, the name and scope of the
/// call (which win over the type's own), and the call's place, which the registration keeps.
///
/// ```swift
/// extension Greeter: Injectable {
///     nonisolated static func register(in registrar: InjectableRegistrar<Greeter>) -> Registration<Greeter> {
///         registrar.register(parameters: [.resolved, .argument], arguments: String.self, using: Greeter.init)
///     }
/// }
/// ```
public struct InjectableRegistrar<Service> {
    /// The container the type is registered in.
    ///
    /// ```swift
    /// let hasCar = registrar.container.isRegistered(Car.self)
    /// ```
    public let container: Container
    /// The name the registration is made under: `register(Car.self, name: "spare")`.
    ///
    /// ```swift
    /// let name = registrar.name   // "spare"
    /// ```
    public let name: String?
    /// The scope the call asks for, `nil` for the type's own: `register(Car.self, scope: .cached)`.
    @usableFromInline let scope: Scope?
    @usableFromInline let fileID: StaticString
    @usableFromInline let line: UInt

    @usableFromInline
    init(container: Container, name: String?, scope: Scope?, fileID: StaticString, line: UInt) {
        self.container = container
        self.name = name
        self.scope = scope
        self.fileID = fileID
        self.line = line
    }
}

/// How one parameter of an ``Injectable`` type's initializer is supplied: resolved (by type, or by type and
/// name), or passed at resolve time as a run-time argument.
///
/// ```swift
/// registrar.register(parameters: [.resolved, .named("rear"), .argument], arguments: Int.self, using: Car.init)
/// ```
public struct InjectableParameter: Hashable, Sendable {
    /// The registration name to resolve, for a resolved parameter.
    let name: String?
    /// Whether the parameter is a run-time argument.
    let isArgument: Bool

    /// Resolved by its type, as a `using:` parameter is: `Lazy`, `Provider` and optionals included.
    ///
    /// ```swift
    /// parameters: [.resolved]   // init(engine: any Engine)
    /// ```
    public static let resolved = InjectableParameter(name: nil, isArgument: false)

    /// Resolved by its type and a registration name.
    ///
    /// ```swift
    /// parameters: [.named("rear")]   // resolves `any Transmission` (name: "rear")
    /// ```
    public static func named(_ name: String) -> InjectableParameter {
        InjectableParameter(name: name, isArgument: false)
    }

    /// The next run-time argument of `resolve(_:arguments:)`, in order.
    ///
    /// ```swift
    /// parameters: [.resolved, .argument]   // try container.resolve(Greeter.self, arguments: "Ada")
    /// ```
    public static let argument = InjectableParameter(name: nil, isArgument: true)
}
