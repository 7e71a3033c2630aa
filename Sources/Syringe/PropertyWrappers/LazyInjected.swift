/// Injects a dependency on first access, exactly once, even when many threads read it first at once.
///
/// ```swift
/// final class LoginScreen {
///     @LazyInjected(\.api) var api          // resolved the first time `api` is read
///     @LazyInjected var clock: any Clock    // by type
/// }
/// ```
///
/// Use it to break a cycle between objects that inject each other, or to defer an expensive
/// dependency. A failure stops the program with the ``ResolutionError`` text and the file and line of
/// the property. `Sendable` when its value is.
@propertyWrapper
public struct LazyInjected<Value> {
    private let storage: LazyStorage<Value>

    /// Injects the dependency behind a key path of ``Container`` on first access.
    ///
    /// ```swift
    /// @LazyInjected(\.api) var api
    /// ```
    public init(_ keyPath: KeyPath<Container, Value> & Sendable, fileID: StaticString = #fileID, line: UInt = #line) {
        storage = LazyStorage(fileID: fileID, line: line) {
            Container.shared.resolveKeyPath(keyPath, fileID: fileID, line: line)
        }
    }

    /// Injects the registration of the property's type on first access.
    ///
    /// ```swift
    /// @LazyInjected var clock: any Clock
    /// ```
    public init(name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        storage = LazyStorage(fileID: fileID, line: line) {
            Container.shared.resolved(Value.self, name: name, fileID: fileID, line: line)
        }
    }

    /// The dependency, resolved on the first read.
    ///
    /// ```swift
    /// @LazyInjected(\.api) var api
    /// use(api)   // reads the wrapped value
    /// ```
    public var wrappedValue: Value { storage.value }
}

extension LazyInjected: Sendable where Value: Sendable {}

/// The once-only slot behind ``LazyInjected``.
// @unchecked Sendable: `state` is read and written under `lock` only; the resolver closure is @Sendable.
final class LazyStorage<Value>: @unchecked Sendable {
    private enum State {
        case pending(@Sendable () -> Value)
        case resolving(ThreadID)
        case resolved(Value)
    }

    private let lock = Lock()
    private let condition = Condition()
    private var state: State
    private let fileID: StaticString
    private let line: UInt

    init(fileID: StaticString, line: UInt, resolve: @escaping @Sendable () -> Value) {
        self.state = .pending(resolve)
        self.fileID = fileID
        self.line = line
    }

    var value: Value {
        lock.lock()
        while true {
            switch state {
            case let .resolved(value):
                lock.unlock()
                return value
            case let .resolving(thread):
                if thread == ThreadID.current {
                    lock.unlock()
                    fatalError(
                        "Syringe: the lazily injected property at \(fileID):\(line) is read while it is being "
                            + "resolved (a cycle through its own dependency).",
                        file: fileID, line: line)
                }
                lock.wait(on: condition)
            case let .pending(resolve):
                state = .resolving(ThreadID.current)
                lock.unlock()
                // Resolved without the lock, so the dependency's factories can take locks of their own.
                let value = resolve()
                lock.lock()
                state = .resolved(value)
                condition.broadcast()
                lock.unlock()
                return value
            }
        }
    }
}
