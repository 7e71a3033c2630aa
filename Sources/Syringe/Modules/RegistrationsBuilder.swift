/// The result builder behind `Container { … }`, `container.install { … }` and ``Module/registrations``.
///
/// Every expression that is ``Registrations`` (a ``Register``, a ``Contribute``, a ``Module``) is one part;
/// `if`, `if`/`else`, `switch`, `for`…`in`, optionals and arrays work as in Swift code, and parts apply in
/// source order:
///
/// ```swift
/// let container = Container {
///     LocationModule()
///     Register(AppClock.self) { SystemClock() }
///     if useMocks { Register(Network.self) { MockNetwork() } } else { Register(Network.self) { URLNetwork() } }
///     for region in regions { Register(Map.self, name: region) { Map(region) } }
///     analyticsModule            // an `AnalyticsModule?`: nothing when nil
///     [FeedModule(), ProfileModule()]
/// }
/// ```
@resultBuilder
public enum RegistrationsBuilder {
    /// One part: a registration, a module or a group.
    ///
    /// ```swift
    /// Container { Register(Engine.self) { V8Engine() } }
    /// ```
    public static func buildExpression<Part: Registrations>(_ part: Part) -> RegistrationGroup {
        RegistrationGroup([part])
    }

    /// An optional part: nothing when it is `nil`.
    ///
    /// ```swift
    /// let debug: DebugModule? = isDebug ? DebugModule() : nil
    /// let container = Container { debug }
    /// ```
    public static func buildExpression<Part: Registrations>(_ part: Part?) -> RegistrationGroup {
        RegistrationGroup(part.map { [$0] } ?? [])
    }

    /// An array of parts, applied in order.
    ///
    /// ```swift
    /// Container { [FeedModule(), ProfileModule()] as [any Module] }
    /// ```
    public static func buildExpression(_ parts: [any Registrations]) -> RegistrationGroup {
        RegistrationGroup(parts)
    }

    /// The statements of one block, in source order.
    ///
    /// ```swift
    /// Container {
    ///     Register(Engine.self) { V8Engine() }
    ///     Register(Car.self) { r in Car(engine: try r.resolve()) }
    /// }
    /// ```
    public static func buildBlock(_ parts: RegistrationGroup...) -> RegistrationGroup {
        RegistrationGroup(parts.flatMap(\.parts))
    }

    /// An `if` without `else`: nothing when the condition is false.
    ///
    /// ```swift
    /// Container { if useMocks { Register(Network.self) { MockNetwork() } } }
    /// ```
    public static func buildOptional(_ group: RegistrationGroup?) -> RegistrationGroup {
        group ?? RegistrationGroup([])
    }

    /// The first branch of an `if`/`else` or a `switch`.
    ///
    /// ```swift
    /// Container {
    ///     if useMocks { Register(Network.self) { MockNetwork() } } else { Register(Network.self) { URLNetwork() } }
    /// }
    /// ```
    public static func buildEither(first group: RegistrationGroup) -> RegistrationGroup {
        group
    }

    /// The second branch of an `if`/`else` or a `switch`.
    ///
    /// ```swift
    /// Container {
    ///     if useMocks { Register(Network.self) { MockNetwork() } } else { Register(Network.self) { URLNetwork() } }
    /// }
    /// ```
    public static func buildEither(second group: RegistrationGroup) -> RegistrationGroup {
        group
    }

    /// A `for`…`in` loop: every iteration's parts, in order.
    ///
    /// ```swift
    /// Container { for region in regions { Register(Map.self, name: region) { Map(region) } } }
    /// ```
    public static func buildArray(_ groups: [RegistrationGroup]) -> RegistrationGroup {
        RegistrationGroup(groups.flatMap(\.parts))
    }

    /// An `if #available` block.
    ///
    /// ```swift
    /// Container { if #available(iOS 17, *) { Register(Haptics.self) { ModernHaptics() } } }
    /// ```
    public static func buildLimitedAvailability(_ group: RegistrationGroup) -> RegistrationGroup {
        group
    }
}
