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
    private let storage: WeakLazyStorage<Value>

    /// Injects the object behind a key path of ``Container`` on first access, held weakly.
    ///
    /// ```swift
    /// @WeakLazyInjected(\.session) var session: Session?
    /// ```
    public init(_ keyPath: KeyPath<Container, Value> & Sendable, fileID: StaticString = #fileID, line: UInt = #line) {
        storage = WeakLazyStorage(fileID: fileID, line: line) {
            Container.shared.resolveKeyPath(keyPath, fileID: fileID, line: line)
        }
    }

    /// Injects the registration of the property's type on first access, held weakly.
    ///
    /// ```swift
    /// @WeakLazyInjected var coordinator: AppCoordinator?
    /// ```
    public init(name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        storage = WeakLazyStorage(fileID: fileID, line: line) {
            Container.shared.resolved(Value.self, name: name, fileID: fileID, line: line)
        }
    }

    /// The object, or `nil` once it has been released.
    ///
    /// ```swift
    /// @WeakLazyInjected(\.session) var session: Session?
    /// use(session)   // reads the wrapped value
    /// ```
    public var wrappedValue: Value? { storage.value }
}

extension WeakLazyInjected: Sendable where Value: Sendable {}

/// The once-only weak slot behind ``WeakLazyInjected``.
// @unchecked Sendable: `resolve`, `resolvingThread` and `object` are read and written under `lock` only.
final class WeakLazyStorage<Value: AnyObject>: @unchecked Sendable {
    private let lock = Lock()
    private let condition = Condition()
    private var resolve: (@Sendable () -> Value)?
    private var resolvingThread: ThreadID?
    private weak var object: Value?
    private let fileID: StaticString
    private let line: UInt

    init(fileID: StaticString, line: UInt, resolve: @escaping @Sendable () -> Value) {
        self.resolve = resolve
        self.fileID = fileID
        self.line = line
    }

    var value: Value? {
        lock.lock()
        while let thread = resolvingThread {
            if thread == ThreadID.current {
                lock.unlock()
                fatalError(
                    "Syringe: the weakly injected property at \(fileID):\(line) is read while it is being "
                        + "resolved (a cycle through its own dependency).",
                    file: fileID, line: line)
            }
            lock.wait(on: condition)
        }
        guard let resolve else {
            defer { lock.unlock() }
            return object
        }
        self.resolve = nil
        resolvingThread = ThreadID.current
        lock.unlock()
        // Resolved without the lock, so the dependency's factories can take locks of their own; readers
        // that arrive meanwhile wait for this one.
        let value = resolve()
        lock.lock()
        object = value
        resolvingThread = nil
        condition.broadcast()
        lock.unlock()
        return value
    }
}
