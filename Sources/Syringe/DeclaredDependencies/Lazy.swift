/// A dependency resolved on first use, once: declare it as a parameter to defer a costly dependency or to
/// break a cycle between registrations that `verify()` would otherwise report.
///
/// ```swift
/// final class Parent {
///     let child: Lazy<Child>
///     init(child: Lazy<Child>) { self.child = child }
///     func greet() throws -> String { try child.value.name }
/// }
/// container.register(Parent.self, scope: .graph, using: Parent.init)
/// container.register(Child.self, scope: .graph, using: Child.init)   // Child.init(parent: Parent)
/// ```
///
/// A handle made while a registration is built (a `using:` parameter, `r.resolve(Lazy<Child>.self)` inside a
/// factory) belongs to that resolution: a `.graph` value is the instance of the graph that built its owner.
/// Resolving a `Lazy<T>` never fails by itself; reading ``value`` resolves `T` from the container that made
/// the handle, and throws what that resolve throws. A failure is kept too: every later read throws it again, but
/// for a refusal off the main actor (``ResolutionError/Code/mainActorRequired``), which says where the handle was
/// read: a later read on the main actor resolves the value.
/// Copies share one value. `Sendable` when its value is. Until its first read, the handle holds the container that
/// made it: a kept instance that holds an unread one keeps its container alive until ``Container/shutdown()`` or a
/// reset lets go of the instance.
public struct Lazy<Value> {
    private let cell: OnceCell<Result<Value, any Error>>
    /// Whether a hand-made handle's closure may run here (see ``init(fileID:line:_:)``); `nil`: anywhere.
    private let check: HandMadeHandle.Check?

    /// A handle whose first read of ``value`` calls `resolve`.
    ///
    /// ```swift
    /// let child = Lazy { Child(name: "test") }   // for a test that builds `Parent` by hand
    /// let parent = Parent(child: child)
    /// ```
    ///
    /// A closure written in main-actor code (any closure of an app module with default main-actor isolation) may
    /// build main-actor types: the handle is then read on the main actor only, and a read elsewhere throws
    /// ``ResolutionError/Code/mainActorRequired``. One written in nonisolated code is read anywhere.
    public init(
        fileID: StaticString = #fileID, line: UInt = #line,
        @_inheritActorContext _ resolve: @escaping @isolated(any) @Sendable () throws -> Value
    ) {
        let file = FileID(fileID)
        let (call, check) = HandMadeHandle.callable(resolve, handle: "Lazy", fileID: file, line: line)
        self.init(file: file, line: line, check: check, call)
    }

    init(
        file: FileID, line: UInt, check: HandMadeHandle.Check? = nil, _ resolve: @escaping @Sendable () throws -> Value
    ) {
        // A refusal off the main actor says where the handle was read, not what the value is: not kept.
        cell = OnceCell(
            key: Key(Value.self), fileID: file, line: line,
            readsAgain: { result in
                guard case .failure(let error as ResolutionError) = result else { return false }
                return error.code == .mainActorRequired
            }
        ) { Result(catching: resolve) }
        self.check = check
    }

    /// The value: resolved by the first read, exactly once, even when several threads read it first at once.
    ///
    /// ```swift
    /// let name = try parent.child.value.name
    /// ```
    public var value: Value {
        get throws {
            try check?()
            return try cell.value.get()
        }
    }
}

extension Lazy: Sendable where Value: Sendable {}

extension Lazy: DeferredDependency {
    static var valueType: any Any.Type { Value.self }
    static var kind: DeclaredDependency.Kind { .lazy }

    static func handle(resolving key: Key, from container: Container, fileID: FileID, line: UInt) -> Lazy {
        let resolution = LaterResolution()
        let name = key.name
        return Lazy(file: fileID, line: line) {
            try resolution.run {
                try container.resolveSlow(Value.self, name: name, fileID: fileID, line: line, joinsAsync: true)
            }
        }
    }
}
