/// A named, reusable set of registrations: the registrations of one feature, written with
/// ``RegistrationsBuilder``.
///
/// ```swift
/// struct LocationModule: Module {
///     var registrations: some Registrations {
///         Register(LocationService.self, scope: .singleton) { GPSLocationService() }
///         Register(JourneyService.self) { r in JourneyTracker(location: try r.resolve()) }
///     }
/// }
///
/// let container = Container {
///     LocationModule()
///     Register(AppClock.self) { SystemClock() }
/// }
/// container.install(AnalyticsModule())   // later, to an existing container
/// ```
///
/// A module may hold settings as stored properties and may contain other modules:
///
/// ```swift
/// struct AppModule: Module {
///     var useMocks = false
///     var registrations: some Registrations {
///         LocationModule()
///         if useMocks { Register(Network.self) { MockNetwork() } } else { NetworkModule() }
///     }
/// }
/// ```
public protocol Module: Registrations {
    /// The type of ``registrations``; inferred from `some Registrations`.
    ///
    /// ```swift
    /// var registrations: some Registrations { Register(Clock.self) { SystemClock() } }   // Body is inferred
    /// ```
    associatedtype Body: Registrations

    /// What this module registers, in source order.
    ///
    /// ```swift
    /// var registrations: some Registrations {
    ///     Register(Engine.self) { V8Engine() }
    /// }
    /// ```
    @RegistrationsBuilder var registrations: Body { get }
}

extension Module {
    /// Registers the module's ``registrations`` in `container`.
    ///
    /// ```swift
    /// LocationModule().apply(to: container)   // the same as container.install(LocationModule())
    /// ```
    public func apply(to container: Container) {
        registrations.apply(to: container)
    }
}
