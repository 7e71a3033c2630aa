#if compiler(>=6.2)
/// A type that Syringe can build by itself, with its `init()`: register the type, nothing else.
///
/// ```swift
/// struct Settings: Component {
///     var apiToken = "abc123"
///     init() {}
/// }
/// container.register(Settings.self)
/// let settings = try container.resolve(Settings.self)
/// ```
///
/// A component registered by its own type also answers requests for the protocols it conforms to, so
/// a protocol can stand for whichever conforming component is registered:
///
/// ```swift
/// nonisolated protocol Token: Component { var value: String { get } }   // nonisolated: for app modules
/// struct ProductionToken: Token { var value = "prod"; init() {} }
///
/// container.register(ProductionToken.self)
/// let token = try container.resolve((any Token).self)   // a ProductionToken
/// ```
///
/// See <doc:Components> for which registration wins and how to forward explicitly.
///
/// Syringe builds components from whichever thread resolves them, so a conformance to `Component`
/// cannot be isolated to an actor (from Swift 6.2 on, `Component` refines `SendableMetatype`).
public protocol Component: SendableMetatype {
    /// Creates the component. Syringe calls it for every instance the registration's scope asks for.
    ///
    /// ```swift
    /// struct Settings: Component { init() {} }
    /// ```
    init()
}
#else
/// A type that Syringe can build by itself, with its `init()`: register the type, nothing else.
///
/// ```swift
/// struct Settings: Component { init() {} }
/// container.register(Settings.self)
/// ```
public protocol Component {
    /// Creates the component. Syringe calls it for every instance the registration's scope asks for.
    ///
    /// ```swift
    /// struct Settings: Component { init() {} }
    /// ```
    init()
}
#endif
