/// The one error Syringe throws: what was asked, the path that led there, where, what is registered
/// nearby, and how to fix it.
///
/// ```swift
/// do {
///     let car = try container.resolve(Car.self)
/// } catch let error as ResolutionError {
///     print(error)            // a message written for a person
///     if error.code == .notRegistered { … }
/// }
/// ```
///
/// A missing registration reads like this:
///
/// ```text
/// Syringe: cannot resolve `any Engine` (no registration).
///   while resolving  Car → any Engine
///   requested at  App/Car.swift:12
///   registered types with a similar name: `any EngineProtocol`, `V8Engine`
///   fix: container.register((any Engine).self) { … }, or inject `any EngineProtocol` instead.
/// ```
public struct ResolutionError: Error, CustomStringConvertible, Sendable {
    /// What kind of failure this is. Compare with the static members:
    ///
    /// ```swift
    /// if error.code == .cycle { … }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let rawValue: String
        private init(_ rawValue: String) { self.rawValue = rawValue }

        /// Nothing is registered for the key (nor for it in any parent container).
        ///
        /// ```swift
        /// if error.code == .notRegistered { … }
        /// ```
        public static let notRegistered = Code("notRegistered")
        /// The service is registered, but with other argument types than the resolve passed.
        ///
        /// ```swift
        /// if error.code == .argumentMismatch { … }
        /// ```
        public static let argumentMismatch = Code("argumentMismatch")
        /// Resolving the key needs the key itself: `A → B → A`.
        ///
        /// ```swift
        /// if error.code == .cycle { … }
        /// ```
        public static let cycle = Code("cycle")
        /// The registration's factory, or one of its `onCreated` hooks, threw an error of its own.
        ///
        /// ```swift
        /// if error.code == .factoryFailed { … }
        /// ```
        public static let factoryFailed = Code("factoryFailed")
        /// More than one registration could answer and none is preferred.
        ///
        /// ```swift
        /// if error.code == .ambiguous { … }
        /// ```
        public static let ambiguous = Code("ambiguous")
        /// The registration has an async factory and was asked for through the synchronous API.
        ///
        /// ```swift
        /// if error.code == .asyncRequired { … }
        /// ```
        public static let asyncRequired = Code("asyncRequired")
        /// An override has a type that the property's getter cannot return.
        ///
        /// ```swift
        /// if error.code == .typeMismatch { … }
        /// ```
        public static let typeMismatch = Code("typeMismatch")
        /// The registration has a `@MainActor` factory and was asked for synchronously off the main actor.
        ///
        /// ```swift
        /// if error.code == .mainActorRequired { let viewModel = try await container.resolveAsync(ViewModel.self) }
        /// ```
        public static let mainActorRequired = Code("mainActorRequired")
        /// The resolution went deeper than the thread's stack allows: a chain of dependencies too long for
        /// this thread, or a recursion through factories that never ends.
        ///
        /// ```swift
        /// if error.code == .tooDeep { print(error.path.count) }
        /// ```
        public static let tooDeep = Code("tooDeep")
        /// A longer-lived instance (`.singleton`, `.cached`) would keep an instance of a shorter-lived scope (a
        /// request, a session) beyond its life.
        ///
        /// ```swift
        /// if error.code == .captive { print(error.fix) }
        /// ```
        public static let captive = Code("captive")
        /// The container was shut down, or the `withScope` call that owned the instance has ended.
        ///
        /// ```swift
        /// if error.code == .shutDown { … }
        /// ```
        public static let shutDown = Code("shutDown")
        /// The task was cancelled: it stopped waiting for another task's build of the instance (that build goes
        /// on), or the factory or an `onCreated` hook stopped with a `CancellationError` (nothing that build made
        /// is kept). ``ResolutionError/underlyingError`` is a `CancellationError`.
        ///
        /// ```swift
        /// if error.code == .cancelled { return }   // the task is being torn down anyway
        /// ```
        public static let cancelled = Code("cancelled")
        /// An `onDispose` hook threw; the other hooks still ran.
        ///
        /// ```swift
        /// if error.code == .disposeFailed { print(error.underlyingError ?? error) }
        /// ```
        public static let disposeFailed = Code("disposeFailed")
        /// A registration that no root reaches, found by `verify(roots:)`.
        ///
        /// ```swift
        /// if error.code == .unreachable { print(error.key!) }
        /// ```
        public static let unreachable = Code("unreachable")
        /// Several problems found at once, e.g. by `build()` or `validate()`; see ``ResolutionError/errors``.
        ///
        /// ```swift
        /// if error.code == .multiple { error.errors.forEach { print($0) } }
        /// ```
        public static let multiple = Code("multiple")

        /// The code's name, e.g. `notRegistered`.
        ///
        /// ```swift
        /// print(ResolutionError.Code.cycle)   // cycle
        /// ```
        public var description: String { rawValue }
    }

    /// What kind of failure this is.
    ///
    /// ```swift
    /// switch error.code { case .notRegistered: … default: … }
    /// ```
    public let code: Code
    /// The keys from the top-level request to the one that failed, in order. For a cycle the first key
    /// appears again at the end.
    ///
    /// ```swift
    /// let path = error.path.map(\.description)   // ["Car", "any Engine"]
    /// ```
    public let path: [Key]
    /// The file of the failing registration, or of the request when nothing is registered.
    ///
    /// ```swift
    /// print("\(error.fileID):\(error.line)")   // App/Garage.swift:12
    /// ```
    public let fileID: String
    /// The line in ``fileID``.
    ///
    /// ```swift
    /// print("\(error.fileID):\(error.line)")
    /// ```
    public let line: Int
    /// Registrations close to what was asked: the same type under other names or arguments, or types
    /// with a similar name. Each entry is a key description such as `Token (name: "staging")`.
    ///
    /// ```swift
    /// let nearMisses = error.nearMisses   // ["any EngineProtocol", "V8Engine"]
    /// ```
    public let nearMisses: [String]
    /// What to do about it, in one sentence.
    ///
    /// ```swift
    /// print(error.fix)   // container.register((any Engine).self) { … }.
    /// ```
    public let fix: String
    /// The error a factory threw, for ``Code/factoryFailed``.
    ///
    /// ```swift
    /// if let failure = error.underlyingError as? URLError { … }
    /// ```
    public let underlyingError: (any Error)?
    /// The individual problems of a ``Code/multiple`` error.
    ///
    /// ```swift
    /// for problem in error.errors { print(problem.summary) }
    /// ```
    public let errors: [ResolutionError]
    /// The first line of ``description``.
    ///
    /// ```swift
    /// print(error.summary)   // cannot resolve `any Engine` (no registration).
    /// ```
    public let summary: String

    /// The key that failed: the last of ``path``.
    ///
    /// ```swift
    /// let key = error.key?.description   // "any Engine"
    /// ```
    public var key: Key? { path.last }

    init(
        code: Code,
        summary: String,
        path: [Key],
        fileID: String,
        line: Int,
        nearMisses: [String] = [],
        fix: String,
        underlyingError: (any Error)? = nil,
        errors: [ResolutionError] = []
    ) {
        self.code = code
        self.summary = summary
        self.path = path
        self.fileID = fileID
        self.line = line
        self.nearMisses = nearMisses
        self.fix = fix
        self.underlyingError = underlyingError
        self.errors = errors
    }
}
