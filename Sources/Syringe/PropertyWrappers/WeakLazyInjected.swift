/// Injects a class instance on first access and holds it weakly: the property does not keep the
/// dependency alive, and reads `nil` once nothing else does.
///
/// ```swift
/// final class ProfileScreen {
///     @WeakLazyInjected(\.session) var session: Session?
///     @WeakLazyInjected var coordinator: AppCoordinator?
/// }
/// ```
///
/// The dependency is resolved once, on the first read; it is not resolved again after it is released.
/// Pair it with ``Scope/shared``, ``Scope/singleton`` or ``Scope/cached`` registrations, which someone
/// else holds. `Sendable` when its value is.
@propertyWrapper
public struct WeakLazyInjected<Value: AnyObject> {
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
            .strong(resolution.run { Container.shared.resolveKeyPath(keyPath, fileID: fileID, line: line) })
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
            .strong(resolution.run { Container.shared.resolved(Value.self, name: name, fileID: fileID, line: line) })
        }
    }

    /// The object, or `nil` once it has been released.
    ///
    /// ```swift
    /// @WeakLazyInjected(\.session) var session: Session?
    /// use(session)   // reads the wrapped value
    /// ```
    public var wrappedValue: Value? { storage.value.object }
}

extension WeakLazyInjected: Sendable where Value: Sendable {}

/// A reference that the first read of a ``WeakLazyInjected`` property hands out strongly and keeps weakly.
enum ObjectReference<Object: AnyObject>: @unchecked Sendable {
    // @unchecked Sendable: a weak reference is read atomically by the runtime; `WeakLazyInjected` is Sendable
    // only when `Object` is.
    case strong(Object)
    case weak(WeakReference<Object>)

    var object: Object? {
        switch self {
        case .strong(let object): return object
        case .weak(let reference): return reference.object
        }
    }

    /// The same object, held weakly.
    var weakened: ObjectReference {
        guard case .strong(let object) = self else { return self }
        return .weak(WeakReference(object))
    }
}

/// A weak reference, as a value.
struct WeakReference<Object: AnyObject> {
    weak var object: Object?

    init(_ object: Object) {
        self.object = object
    }
}
