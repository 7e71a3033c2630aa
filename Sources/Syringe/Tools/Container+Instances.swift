extension Container {
    /// The instances this container keeps right now that are a `T`, in registration order.
    ///
    /// Only kept instances count: those of `.singleton`, `.cached` and custom scopes, and `.shared` ones
    /// still alive. Nothing is built (call ``build(fileID:line:)`` first to have every singleton), and a
    /// parent's instances are not included.
    ///
    /// ```swift
    /// try container.build()
    /// for resettable in container.instances(of: (any Resettable).self) { resettable.reset() }
    /// ```
    public func instances<T>(of type: T.Type) -> [T] {
        // Unwrap first: an empty slot must not pass as an `Any` holding `nil`.
        ownEntries().compactMap { entry in entry.keptValue.flatMap { $0 as? T } }
    }
}
