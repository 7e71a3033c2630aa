/// An interface injector: what runs on every target that adopts the protocol of ``key``.
struct Injector: Sendable {
    /// The protocol (existential) type the injector is registered for.
    let key: Key
    let place: Place
    /// Injects into `target` when it adopts the protocol; returns whether it did.
    let apply: @Sendable (Any, Resolution) throws -> Bool
}

/// The injectors a container registered, in registration order: the interface-injection face's state.
final class InjectorTable: Sendable {
    private let injectors = Protected<[Injector]>([])

    /// Adds `injector`, replacing the one of the same protocol in its place.
    func add(_ injector: Injector) {
        injectors.withLock { injectors in
            if let index = injectors.firstIndex(where: { $0.key == injector.key }) {
                injectors[index] = injector
            } else {
                injectors.append(injector)
            }
        }
    }

    /// A copy made under the lock (see `Registry.allEntries`: in release, the array's buffer itself was read
    /// after the unlock without being retained, while an `add` grew it in place).
    var all: [Injector] { injectors.withLock { $0.map { $0 } } }
}
