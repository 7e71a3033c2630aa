/// Injects a class instance on first access and holds it weakly: the property does not keep the
/// dependency alive, and reads `nil` once nothing else does.
///
/// ```swift
/// final class ProfileScreen {
///     @WeakLazyInjected(\.session) var session: Session?
///     @WeakLazyInjected var coordinator: AppCoordinator?
///     @WeakLazyInjected(\.delegate) var delegate: (any ProfileDelegate)?   // a class-bound protocol
/// }
/// ```
///
/// The dependency is resolved once, on the first read; it is not resolved again after it is released.
/// Pair it with ``Scope/shared``, ``Scope/singleton`` or ``Scope/cached`` registrations, which someone
/// else holds. `Value` is a class or a class-bound protocol (`protocol ProfileDelegate: AnyObject`); a value
/// that is not an object cannot be held weakly, and its first read stops the program saying so (use
/// ``LazyInjected`` for it). `Sendable` when its value is.
@propertyWrapper
public struct WeakLazyInjected<Value> {
    private let storage: OnceCell<ObjectReference<Value>>

    /// Injects the object behind a key path of ``Container`` on first access, held weakly.
    ///
    /// ```swift
    /// @WeakLazyInjected(\.session) var session: Session?
    /// ```
    public init(_ keyPath: KeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line) {
        // A key path to a main-actor property (any `Container` property of an app module) is not `Sendable`:
        // only main-actor code forms it, and that code owns this wrapper and reads it.
        nonisolated(unsafe) let keyPath = keyPath
        let resolution = LaterResolution()
        storage = OnceCell(key: Key(Value.self), fileID: FileID(fileID), line: line, keep: \.weakened) {
            .strong(
                ObjectReference.checked(
                    resolution.run { Container.shared.resolveKeyPath(keyPath, fileID: fileID, line: line) },
                    key: Key(Value.self), fileID: FileID(fileID), line: line))
        }
    }

    /// Injects the registration of the property's type on first access, held weakly.
    ///
    /// ```swift
    /// @WeakLazyInjected var coordinator: AppCoordinator?
    /// ```
    public init(name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        let resolution = LaterResolution()
        storage = OnceCell(key: Key(Value.self, name: name), fileID: FileID(fileID), line: line, keep: \.weakened) {
            .strong(
                ObjectReference.checked(
                    resolution.run { Container.shared.resolved(Value.self, name: name, fileID: fileID, line: line) },
                    key: Key(Value.self, name: name), fileID: FileID(fileID), line: line))
        }
    }

    /// The object, or `nil` once it has been released.
    ///
    /// ```swift
    /// @WeakLazyInjected(\.session) var session: Session?
    /// use(session)   // reads the wrapped value
    /// ```
    public var wrappedValue: Value? { storage.value.object }

    /// The wrapper itself, through `$` and the property's name: what it holds, and resolving again.
    ///
    /// ```swift
    /// @WeakLazyInjected(\.session) var session: Session?
    /// $session.resolvedValue   // nil until `session` is read, or once the object is released
    /// ```
    public var projectedValue: WeakLazyInjected<Value> { self }

    /// The object if the property has been read and the object is still alive, else `nil`;
    /// never resolves.
    ///
    /// ```swift
    /// if screen.$session.resolvedValue == nil { print("no session held") }
    /// ```
    public var resolvedValue: Value? { storage.resolvedValue?.object }

    /// Resolves the object again, now, holds it weakly from then on and returns it. While another thread's read
    /// is resolving it, this call waits for that read and returns its object instead.
    ///
    /// ```swift
    /// screen.$session.resolve()   // the container's current session
    /// ```
    @discardableResult
    public func resolve() -> Value? {
        storage.reset()
        return storage.value.object
    }
}

extension WeakLazyInjected: Sendable where Value: Sendable {}

/// A reference that the first read of a ``WeakLazyInjected`` property hands out strongly and keeps weakly.
enum ObjectReference<Value>: @unchecked Sendable {
    // @unchecked Sendable: a weak reference is read atomically by the runtime; `WeakLazyInjected` is Sendable
    // only when `Value` is.
    case strong(Value)
    case weak(WeakReference)

    var object: Value? {
        switch self {
        case .strong(let value): return value
        case .weak(let reference): return reference.object as? Value
        }
    }

    /// The same object, held weakly.
    var weakened: ObjectReference {
        guard case .strong(let value) = self else { return self }
        return .weak(WeakReference(value))
    }

    /// `value`, when it is an object; else the program stops: a value cannot be held weakly.
    static func checked(_ value: Value, key: Key, fileID: FileID, line: UInt) -> Value {
        let valueType = type(of: value as Any)
        if valueType is AnyClass { return value }
        FailureReporting.stop(Diagnostics.notAnObject(key, valueType: valueType, fileID: fileID, line: line))
    }
}

/// A weak reference to an object, as a value.
struct WeakReference {
    weak var object: AnyObject?

    init<Value>(_ value: Value?) {
        // Only objects are stored (see `ObjectReference.checked`): the cast keeps the same instance.
        object = value.map { $0 as AnyObject }
    }
}
