/// What one registration is, without running it: its key, scope, place, how its factory runs, and its
/// declared dependencies (or `nil` when its factory is an opaque closure).
///
/// ```swift
/// for registration in container.registrations {
///     print(registration)   // Car (.singleton) at App/Garage.swift:12, using any Engine, any Transmission
/// }
/// ```
public struct RegistrationInfo: Sendable, CustomStringConvertible {
    /// How a registration's factory runs.
    ///
    /// ```swift
    /// if registration.execution == .mainActor { … }
    /// ```
    public enum Execution: Hashable, Sendable {
        /// A synchronous factory, resolved from anywhere.
        ///
        /// ```swift
        /// container.register(Car.self, using: Car.init)   // .synchronous
        /// ```
        case synchronous
        /// An async factory (or an async `onCreated` hook): resolved with `resolveAsync` only.
        ///
        /// ```swift
        /// container.register(Database.self, using: Database.connect)   // .async
        /// ```
        case async
        /// A `@MainActor` factory: resolved synchronously on the main actor, or with `resolveAsync`.
        ///
        /// ```swift
        /// container.register(ViewModel.self, using: ViewModel.init)   // .mainActor, for a @MainActor class
        /// ```
        case mainActor
    }

    /// The key the registration answers.
    ///
    /// ```swift
    /// let name = registration.key.description   // "Car"
    /// ```
    public let key: Key
    /// Where its instances are kept.
    ///
    /// ```swift
    /// let isSingleton = registration.scope == .singleton
    /// ```
    public let scope: Scope
    /// The file where it was registered.
    ///
    /// ```swift
    /// print("\(registration.fileID):\(registration.line)")   // App/Garage.swift:12
    /// ```
    public let fileID: String
    /// The line in ``fileID``.
    ///
    /// ```swift
    /// print(registration.line)
    /// ```
    public let line: Int
    /// How its factory runs.
    ///
    /// ```swift
    /// let execution = registration.execution   // .synchronous
    /// ```
    public let execution: Execution
    /// The dependencies it declares (`using:`, a component's `init()`, a forwarding's target), in order; `nil`
    /// for an opaque factory, whose dependencies Syringe learns only by running it.
    ///
    /// ```swift
    /// let keys = registration.dependencies?.map(\.key)   // [any Engine, any Transmission]
    /// ```
    public let dependencies: [DeclaredDependency]?

    /// Whether its dependencies are declared rather than hidden in a closure.
    ///
    /// ```swift
    /// let opaque = container.registrations.filter { !$0.isDeclared }
    /// ```
    public var isDeclared: Bool { dependencies != nil }

    init(_ entry: Entry) {
        key = entry.key
        scope = entry.scope
        fileID = "\(entry.fileID)"
        line = Int(entry.line)
        execution = entry.needsAsync ? .async : entry.execution == .mainActor ? .mainActor : .synchronous
        dependencies = entry.declared
    }

    /// `Car (.singleton) at App/Garage.swift:12, using any Engine, any Transmission`; or `…, opaque`,
    /// `…, no dependencies`, `…, forwarding to V8Engine`.
    ///
    /// ```swift
    /// print(registration)
    /// ```
    public var description: String {
        var text = "\(key) (\(scope)) at \(fileID):\(line)"
        if execution != .synchronous { text += ", \(execution)" }
        guard let dependencies else { return text + ", opaque" }
        if dependencies.isEmpty { return text + ", no dependencies" }
        if dependencies.allSatisfy({ $0.kind == .forwarding }) {
            return text + ", " + dependencies.map(\.description).joined(separator: ", ")
        }
        return text + ", using " + dependencies.map(\.description).joined(separator: ", ")
    }
}

extension Container {
    /// Every registration this container holds (not its parents'), in registration order, described without
    /// running anything.
    ///
    /// ```swift
    /// let opaque = container.registrations.filter { !$0.isDeclared }.map(\.key)   // the opaque ones
    /// ```
    public var registrations: [RegistrationInfo] {
        ownEntries().map(RegistrationInfo.init)
    }
}

extension Container: CustomStringConvertible {
    /// The container's own registrations, one a line, as ``registrations`` describes them.
    ///
    /// ```swift
    /// print(container)
    /// // Container, 2 registrations:
    /// //   Car (.singleton) at App/Garage.swift:12, using any Engine
    /// //   any Engine (.unique) at App/Garage.swift:14, opaque
    /// ```
    public var description: String {
        let own = registrations
        let count = own.count == 1 ? "1 registration" : "\(own.count) registrations"
        let header = (parent == nil ? "Container, " : "Container (a child), ") + count
        return ([header + (own.isEmpty ? "" : ":")] + own.map { "  \($0)" }).joined(separator: "\n")
    }
}
