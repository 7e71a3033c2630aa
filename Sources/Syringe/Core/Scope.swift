/// Where the instances of a registration are kept, and so how many of them there are.
///
/// | scope | one instance per |
/// |---|---|
/// | ``unique`` (default) | resolve: the factory runs every time |
/// | ``graph`` | top-level resolve: shared inside one object graph |
/// | ``cached`` | container, until ``Container/reset(_:)-(Scope)`` |
/// | ``singleton`` | container, for its lifetime; built once even when threads race |
/// | ``shared`` | while someone else holds it (weak; classes only) |
/// | `Scope("session")` | container, until you reset that scope |
///
/// ```swift
/// extension Scope {
///     static let session = Scope("session")
/// }
/// container.register(Cart.self, scope: .session) { Cart() }
/// container.reset(.session)   // at logout: every session-scoped instance goes
/// ```
public struct Scope: Hashable, Sendable, CustomStringConvertible {
    enum Kind: Hashable, Sendable {
        case unique, graph, cached, singleton, shared
        /// A scope of your own, by the number its name was given (see ``Scope/names``): plain data, so a scope
        /// costs no reference counting wherever it is passed.
        case custom(UInt32)
    }

    /// The scope as one number: the built-in scopes first, then the scopes of your own by the number their
    /// name was given. A scope passed by value is then an immediate in the caller's code.
    @usableFromInline let code: UInt32

    @_transparent @usableFromInline
    init(code: UInt32) {
        self.code = code
    }

    static let customBase: UInt32 = 5

    var kind: Kind {
        switch code {
        case 0: return .unique
        case 1: return .graph
        case 2: return .cached
        case 3: return .singleton
        case 4: return .shared
        default: return .custom(code - Scope.customBase)
        }
    }

    /// A scope of your own: one instance per container, kept until `container.reset(scope)`.
    ///
    /// Two scopes with the same name are the same scope.
    ///
    /// ```swift
    /// extension Scope { static let request = Scope("request") }
    /// ```
    public init(_ name: String) {
        self.code = Scope.customBase + Scope.number(of: name)
    }

    /// The names of the scopes of your own, in the order they were first made.
    private static let names = Protected<(numbers: [String: UInt32], names: [String])>(([:], []))

    private static func number(of name: String) -> UInt32 {
        names.withLock { names in
            if let number = names.numbers[name] { return number }
            let number = UInt32(names.names.count)
            names.numbers[name] = number
            names.names.append(name)
            return number
        }
    }

    /// The name of a scope of your own, `nil` for a built-in one.
    var name: String? {
        guard case .custom(let number) = kind else { return nil }
        return Scope.names.withLock { $0.names[Int(number)] }
    }

    /// A new instance for every resolve. The default.
    ///
    /// ```swift
    /// container.register(Engine.self, scope: .unique) { V8Engine() }
    /// ```
    @_transparent public static var unique: Scope { Scope(code: 0) }

    /// One instance per top-level resolve, shared by everything built inside it. With
    /// an `onCreated` hook (see ``Registration``) this is how a reference cycle is closed.
    ///
    /// ```swift
    /// container.register(Parent.self, scope: .graph) { Parent() }
    /// ```
    @_transparent public static var graph: Scope { Scope(code: 1) }

    /// One instance per container, kept until ``Container/reset(_:)-(Scope)`` drops it.
    ///
    /// ```swift
    /// container.register(Feed.self, scope: .cached) { Feed() }
    /// container.reset(.cached)
    /// ```
    @_transparent public static var cached: Scope { Scope(code: 2) }

    /// One instance per container for its lifetime, built exactly once even when many threads ask at once.
    ///
    /// ```swift
    /// container.register(Database.self, scope: .singleton) { Database() }
    /// ```
    @_transparent public static var singleton: Scope { Scope(code: 3) }

    /// One instance while something else holds a strong reference to it; then the next resolve builds
    /// a new one. Classes only: a value has no identity to share, so a value is built on every resolve.
    ///
    /// ```swift
    /// container.register(ImageCache.self, scope: .shared) { ImageCache() }
    /// ```
    @_transparent public static var shared: Scope { Scope(code: 4) }

    /// Whether instances of this scope are kept beyond the resolve that built them.
    var isStored: Bool {
        switch kind {
        case .unique, .graph: return false
        case .cached, .singleton, .shared, .custom: return true
        }
    }

    /// Whether this is a scope of your own, `Scope("session")`.
    var isCustom: Bool {
        if case .custom = kind { return true }
        return false
    }

    /// `.singleton`, `.cached`, or `Scope("session")`.
    ///
    /// ```swift
    /// print(Scope.singleton)   // .singleton
    /// ```
    public var description: String {
        switch kind {
        case .unique: return ".unique"
        case .graph: return ".graph"
        case .cached: return ".cached"
        case .singleton: return ".singleton"
        case .shared: return ".shared"
        case .custom: return "Scope(\"\(name ?? "")\")"
        }
    }
}
