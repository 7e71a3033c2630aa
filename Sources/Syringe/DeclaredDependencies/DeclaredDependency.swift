/// One dependency a registration declares by the shape of its function (`register(Car.self, using: Car.init)`):
/// the key it resolves, and whether it is resolved at once or deferred by a ``Lazy`` or ``Provider``.
///
/// ```swift
/// let car = container.registrations.first { $0.key == Key(Car.self) }
/// let keys = car?.dependencies?.map(\.key)   // [any Engine, any Transmission]
/// ```
public struct DeclaredDependency: Hashable, Sendable, CustomStringConvertible {
    /// How a dependency is resolved.
    ///
    /// ```swift
    /// if dependency.kind == .lazy { … }
    /// ```
    public enum Kind: Hashable, Sendable {
        /// Resolved when the registration is built: a plain parameter.
        ///
        /// ```swift
        /// init(engine: any Engine)   // .direct
        /// ```
        case direct
        /// Resolved on first use, once: a ``Lazy`` parameter. Breaks a cycle.
        ///
        /// ```swift
        /// init(child: Lazy<Child>)   // .lazy
        /// ```
        case lazy
        /// Resolved anew on each call: a ``Provider`` parameter. Breaks a cycle and never holds its instance.
        ///
        /// ```swift
        /// init(makeItem: Provider<Item>)   // .provider
        /// ```
        case provider
        /// The registration is the registration of this key, handed out as another type: a forwarding
        /// (``Registration/forwarding(_:name:fileID:line:)``, a component's `as:`).
        ///
        /// ```swift
        /// container.register(V8Engine.self, using: V8Engine.init).forwarding((any Engine).self)   // .forwarding
        /// ```
        case forwarding
    }

    /// The key that is resolved: for `Lazy<Child>`, the key of `Child`.
    ///
    /// ```swift
    /// let text = dependency.key.description   // "any Engine"
    /// ```
    public let key: Key
    /// Whether it is resolved at once or deferred.
    ///
    /// ```swift
    /// let kind = dependency.kind   // .direct
    /// ```
    public let kind: Kind

    init(key: Key, kind: Kind) {
        self.key = key
        self.kind = kind
    }

    /// The dependency of a parameter of type `type`: a ``Lazy`` or ``Provider`` stands for its value's type.
    init(parameter type: any Any.Type) {
        if let deferred = type as? any DeferredDependency.Type {
            self.init(key: Key(serviceType: deferred.valueType, name: nil, argumentTypes: nil), kind: deferred.kind)
        } else {
            self.init(key: Key(serviceType: type, name: nil, argumentTypes: nil), kind: .direct)
        }
    }

    /// Stops the program when a `using:` function of `service` takes `type` and `type` is one of Syringe's own
    /// types that are handed to factories rather than resolved (`Resolution`, `Container`, `ContainerScope`): a
    /// registration that can never work, most often a closure factory written with `using:`.
    @usableFromInline
    static func refuseHandedOut(_ type: any Any.Type, of service: any Any.Type, file: FileID, line: UInt) {
        let key = Key(serviceType: type, name: nil, argumentTypes: nil)
        guard let error = Diagnostics.handedOut(key, declaredBy: service, fileID: file, line: line)
        else { return }
        FailureReporting.stop(error)
    }

    /// The types of a function's parameters, in order: what ``init(parameter:)`` reads later.
    @usableFromInline
    static func parameterTypes<each Parameter>(_ types: repeat (each Parameter).Type) -> [any Any.Type] {
        var list: [any Any.Type] = []
        for type in repeat each types { list.append(type) }
        return list
    }

    /// `any Engine`, `Lazy<Child>`, `Provider<Item>` or `forwarding to V8Engine`.
    ///
    /// ```swift
    /// print(dependency)   // Lazy<Child>
    /// ```
    public var description: String {
        switch kind {
        case .direct: return key.description
        case .lazy: return "Lazy<\(key.description)>"
        case .provider: return "Provider<\(key.description)>"
        case .forwarding: return "forwarding to \(key.description)"
        }
    }
}

/// A dependency type that defers the resolution of its value: ``Lazy`` and ``Provider``. Resolving one by
/// type (a `using:` parameter, `r.resolve(Lazy<Child>.self)`) makes a handle on the requesting container.
protocol DeferredDependency {
    /// The type the handle resolves.
    static var valueType: any Any.Type { get }
    static var kind: DeclaredDependency.Kind { get }
    /// A handle that resolves `key` (of ``valueType``) from `container`, made inside the current resolution.
    static func handle(resolving key: Key, from container: Container, fileID: FileID, line: UInt) -> Self
}

extension DeferredDependency {
    /// Initialises `output` with a handle that resolves `key` from `container`.
    static func initialize(
        _ output: ValueAddress, resolving key: Key, from container: Container, fileID: FileID,
        line: UInt
    ) {
        output.initialize(as: Self.self, to: handle(resolving: key, from: container, fileID: fileID, line: line))
    }
}
