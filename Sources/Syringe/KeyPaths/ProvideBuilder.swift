/// The closure of ``Container/provide(_:fileID:line:function:_:)``: it builds the type the property declares, not
/// the concrete type its body names.
///
/// Swift infers a plain generic closure's type from its body, so `var api: any APIClient { provide { LiveAPIClient() } }`
/// would build a `LiveAPIClient`, and an override of `\.api` by a `MockAPIClient` could not be handed out through
/// the property. Through this builder the property's type decides, and a body that is one expression (an `if` or
/// `switch` of them too) may also be `nil`, `[]` or `.member`:
///
/// ```swift
/// extension Container {
///     var api: any APIClient { provide(.singleton) { LiveAPIClient() } }   // builds `any APIClient`
///     var region: Region { provide { .europe } }
/// }
/// ```
///
/// A body with an explicit `return` is a plain closure, as everywhere in Swift.
@resultBuilder
public enum ProvideBuilder<Value> {
    /// The body's expression, as the property's type.
    ///
    /// ```swift
    /// provide { LiveAPIClient() }   // ProvideBuilder<any APIClient>.buildExpression(LiveAPIClient())
    /// ```
    public static func buildExpression(_ value: Value) -> Value { value }

    /// The body's one expression.
    ///
    /// ```swift
    /// provide { LiveAPIClient() }   // ProvideBuilder<any APIClient>.buildBlock(…)
    /// ```
    public static func buildBlock(_ value: Value) -> Value { value }

    /// The `if` branch, or a `switch` case, that ran.
    ///
    /// ```swift
    /// provide { if useMock { MockAPIClient() } else { LiveAPIClient() } }
    /// ```
    public static func buildEither(first value: Value) -> Value { value }

    /// The `else` branch, or a later `switch` case, that ran.
    ///
    /// ```swift
    /// provide { if useMock { MockAPIClient() } else { LiveAPIClient() } }
    /// ```
    public static func buildEither(second value: Value) -> Value { value }

    /// A branch under `if #available`.
    ///
    /// ```swift
    /// provide { if #available(iOS 18, *) { ModernClient() } else { LegacyClient() } }
    /// ```
    public static func buildLimitedAvailability(_ value: Value) -> Value { value }
}
