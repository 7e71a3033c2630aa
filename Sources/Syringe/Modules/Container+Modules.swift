extension Container {
    /// Creates a container from registrations written with ``RegistrationsBuilder``: modules, `Register`,
    /// `Contribute`, `if`/`else`, `for`…`in` and optionals, applied in source order.
    ///
    /// ```swift
    /// let container = Container {
    ///     LocationModule()
    ///     Register(AppClock.self) { SystemClock() }
    ///     if useMocks { Register(Network.self) { MockNetwork() } } else { Register(Network.self) { URLNetwork() } }
    ///     for region in regions { Register(Map.self, name: region) { Map(region) } }
    /// }
    /// let request = Container(parent: container) { Register(RequestID.self) { RequestID() } }
    /// ```
    ///
    /// - Parameters:
    ///   - parent: The container this one falls back to, as in ``init(parent:)``.
    ///   - registrations: What to register. Runs once, before the initialiser returns.
    public convenience init(
        parent: Container? = nil, @RegistrationsBuilder _ registrations: () -> RegistrationGroup
    ) {
        self.init(parent: parent)
        registrations().apply(to: self)
    }

    /// Adds a module (or any ``Registrations``) to this container. As with `register`, a key registered
    /// again replaces the earlier registration.
    ///
    /// ```swift
    /// container.install(LocationModule())
    /// ```
    public func install(_ registrations: some Registrations) {
        registrations.apply(to: self)
    }

    /// Adds registrations written with ``RegistrationsBuilder`` to this container.
    ///
    /// ```swift
    /// container.install {
    ///     AnalyticsModule()
    ///     if isDebug { Register(Logger.self) { VerboseLogger() } }
    /// }
    /// ```
    public func install(@RegistrationsBuilder _ registrations: () -> RegistrationGroup) {
        registrations().apply(to: self)
    }
}
