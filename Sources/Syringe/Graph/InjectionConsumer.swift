/// A type whose instances resolve their own dependencies when they are initialised (`@Inject` properties),
/// and that nobody registers: a view model made by a view, say. It lists what it needs, so that
/// ``Container/verify(consumers:fileID:line:)`` can check those needs as it checks a registration's.
///
/// The `@InjectionConsumer` macro of `SyringeMacros` writes the conformance from the type's `@Inject`
/// properties; by hand:
///
/// ```swift
/// extension GarageModel: InjectionConsumer {
///     nonisolated static var injectedDependencies: InjectedDependencies {
///         InjectedDependencies([DeclaredDependency(Car.self), DeclaredDependency((any Clock).self, name: "utc")])
///     }
/// }
/// try container.verify(consumers: [GarageModel.self])
/// ```
public protocol InjectionConsumer: SendableMetatype {
    /// What an instance resolves when it is initialised, and where the type is declared.
    ///
    /// ```swift
    /// let keys = GarageModel.injectedDependencies.dependencies.map(\.key)   // [Car, any Clock (name: "utc")]
    /// ```
    static var injectedDependencies: InjectedDependencies { get }
}

/// The dependencies an ``InjectionConsumer`` resolves, with the place of its declaration (where
/// `verify(consumers:)` says the needs come from).
///
/// ```swift
/// let needs = InjectedDependencies([DeclaredDependency(Car.self)], fileID: "App/Garage.swift", line: 12)
/// ```
public struct InjectedDependencies: Sendable {
    /// The dependencies, in declaration order.
    ///
    /// ```swift
    /// let names = needs.dependencies.map(\.description)   // ["Car", "any Clock (name: \"utc\")"]
    /// ```
    public let dependencies: [DeclaredDependency]
    let file: FileID
    let lineNumber: UInt

    /// The needs of a type declared at `fileID`:`line` (by default, where this is written).
    ///
    /// ```swift
    /// let needs = InjectedDependencies([DeclaredDependency(Car.self), DeclaredDependency(Lazy<Report>.self)])
    /// ```
    public init(_ dependencies: [DeclaredDependency], fileID: StaticString = #fileID, line: UInt = #line) {
        self.dependencies = dependencies
        self.file = FileID(fileID)
        self.lineNumber = line
    }

    /// The file where the consumer is declared.
    ///
    /// ```swift
    /// print(needs.fileID)   // App/Garage.swift
    /// ```
    public var fileID: String { file.description }

    /// The line where the consumer is declared, as ``RegistrationInfo/line`` gives a registration's.
    ///
    /// ```swift
    /// print("\(needs.fileID):\(needs.line)")   // App/Garage.swift:12
    /// ```
    public var line: Int { Int(lineNumber) }
}

extension DeclaredDependency {
    /// A dependency on the registration of `type` (under `name`), resolved as a `using:` parameter of that type
    /// is: a ``Lazy`` or ``Provider`` stands for its value's type, deferred.
    ///
    /// ```swift
    /// let engine = DeclaredDependency((any Engine).self)                 // any Engine
    /// let spare = DeclaredDependency((any Engine).self, name: "spare")   // any Engine (name: "spare")
    /// let kind = DeclaredDependency(Lazy<Report>.self).kind              // .lazy
    /// ```
    public init<Value>(_ type: Value.Type, name: String? = nil) {
        let plain = DeclaredDependency(parameter: Value.self)
        self.init(key: Key(serviceType: plain.key.serviceType, name: name, argumentTypes: nil), kind: plain.kind)
    }
}
