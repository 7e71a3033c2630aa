/// An interface injector: what runs on every target that adopts the protocol of ``key``.
final class Injector: Sendable {
    /// The protocol (existential) type the injector is registered for.
    let key: Key
    let fileID: StaticString
    let line: UInt
    /// Injects into `target` when it adopts the protocol; returns whether it did.
    let apply: @Sendable (Any, Resolution) throws -> Bool

    init(key: Key, fileID: StaticString, line: UInt, apply: @escaping @Sendable (Any, Resolution) throws -> Bool) {
        self.key = key
        self.fileID = fileID
        self.line = line
        self.apply = apply
    }
}
