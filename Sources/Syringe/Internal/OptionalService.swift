/// Lets the engine see through `Optional` when an optional is requested: `parent.child = try r.resolve()`
/// with `var child: Child?` asks for `Child?`, which almost always means "the registered `Child`".
/// Consulted only when the optional itself has no registration, so it costs nothing on the resolve path.
protocol OptionalService {
    static var wrappedType: any Any.Type { get }
    static func resolveWrapped(
        in container: Container, name: String?, fileID: StaticString, line: UInt
    ) throws(ResolutionError) -> Any
}

extension Optional: OptionalService {
    static var wrappedType: any Any.Type { Wrapped.self }

    static func resolveWrapped(
        in container: Container, name: String?, fileID: StaticString, line: UInt
    ) throws(ResolutionError) -> Any {
        let wrapped: Wrapped = try container.resolve(Wrapped.self, name: name, fileID: fileID, line: line)
        return Optional(wrapped) as Any
    }
}
