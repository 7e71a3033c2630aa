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
///
/// When the owner is built by a factory, the first read resolves as part of that resolution: a `.graph`
/// dependency is the instance of the owner's graph, not a new one.
@propertyWrapper
public struct LazyInjected<Value> {
    private let storage: OnceCell<Value>

    /// Injects the dependency behind a key path of ``Container`` on first access.
    ///
    /// ```swift
    /// @LazyInjected(\.api) var api
    /// ```
    public init(_ keyPath: KeyPath<Container, Value>, fileID: StaticString = #fileID, line: UInt = #line) {
        // A key path to a main-actor property (any `Container` property of an app module) is not `Sendable`:
        // only main-actor code forms it, and that code owns this wrapper and reads it.
        nonisolated(unsafe) let keyPath = keyPath
        let resolution = LaterResolution()
        storage = OnceCell(key: Key(Value.self), fileID: FileID(fileID), line: line) {
            resolution.run { Container.shared.resolveKeyPath(keyPath, fileID: fileID, line: line) }
        }
    }

    /// Injects the registration of the property's type on first access.
    ///
    /// ```swift
    /// @LazyInjected var clock: any Clock
    /// ```
    public init(name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line) {
        let resolution = LaterResolution()
        storage = OnceCell(key: Key(Value.self, name: name), fileID: FileID(fileID), line: line) {
            resolution.run { Container.shared.resolved(Value.self, name: name, fileID: fileID, line: line) }
        }
    }

    /// The dependency, resolved on the first read.
    ///
    /// ```swift
    /// @LazyInjected(\.api) var api
    /// use(api)   // reads the wrapped value
    /// ```
    public var wrappedValue: Value { storage.value }

    /// The wrapper itself, through `$` and the property's name: what it has resolved, and resolving again.
    ///
    /// ```swift
    /// @LazyInjected(\.api) var api
    /// $api.resolvedValue   // nil until `api` is read
    /// $api.resolve()       // resolves again now, from the container as it is now
    /// ```
    public var projectedValue: LazyInjected<Value> { self }

    /// The dependency if the property has been read (or assigned), else `nil`; never resolves.
    ///
    /// ```swift
    /// if screen.$api.resolvedValue == nil { print("api not used yet") }
    /// ```
    public var resolvedValue: Value? { storage.resolvedValue }

    /// Resolves the dependency again, now, keeps the new value for later reads and returns it. While another
    /// thread's read is resolving it, this call waits for that read and returns its value instead.
    ///
    /// ```swift
    /// Container.shared.resetAll()
    /// screen.$api.resolve()   // picks up what the container makes now
    /// ```
    @discardableResult
    public func resolve() -> Value {
        storage.reset()
        return storage.value
    }
}

extension LazyInjected: Sendable where Value: Sendable {}
