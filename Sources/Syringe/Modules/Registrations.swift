/// Something that adds registrations to a container: a ``Register``, a ``Contribute``, a ``Module``, or a
/// group of them written with ``RegistrationsBuilder``.
///
/// You rarely conform to this protocol yourself; write a ``Module`` instead. Conform directly when a
/// registration needs logic the builder cannot express:
///
/// ```swift
/// struct EnvironmentRegistrations: Registrations {
///     let environment: [String: String]
///     func apply(to container: Container) {
///         let url = environment["API_URL"] ?? "https://api.example.com"
///         container.register(APIClient.self, scope: .singleton) { LiveAPIClient(baseURL: url) }
///     }
/// }
/// let container = Container { EnvironmentRegistrations(environment: ProcessInfo.processInfo.environment) }
/// ```
public protocol Registrations {
    /// Registers everything this value describes in `container`, in source order.
    ///
    /// ```swift
    /// LocationModule().apply(to: container)   // the same as container.install(LocationModule())
    /// ```
    func apply(to container: Container)
}

/// Registrations written with ``RegistrationsBuilder``, applied in the order they were written.
///
/// The builder produces one of these for every `Container { … }`, `container.install { … }` and module
/// body. Write one yourself to keep a few registrations together in a value:
///
/// ```swift
/// let mocks = RegistrationGroup {
///     Register(Network.self) { MockNetwork() }
///     Register(AppClock.self) { FixedClock() }
/// }
/// let container = Container { LocationModule(); mocks }
/// ```
public struct RegistrationGroup: Registrations {
    let parts: [any Registrations]

    init(_ parts: [any Registrations]) {
        self.parts = parts
    }

    /// Collects the registrations written in `content`.
    ///
    /// ```swift
    /// let group = RegistrationGroup { Register(Engine.self) { V8Engine() } }
    /// ```
    public init(@RegistrationsBuilder _ content: () -> RegistrationGroup) {
        self = content()
    }

    /// Applies every part in the order it was written.
    ///
    /// ```swift
    /// RegistrationGroup { Register(Engine.self) { V8Engine() } }.apply(to: container)
    /// ```
    public func apply(to container: Container) {
        for part in parts { part.apply(to: container) }
    }
}
