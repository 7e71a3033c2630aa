/// A rule that answers a key nothing is registered under, asked in order after a lookup missed (so it costs
/// the resolve path nothing). Each face that answers such keys has one; ``Container/fallbacks`` lists them.
protocol UnregisteredKeyFallback {
    /// Resolves `key` into `output` and returns `true`, or returns `false` when this rule does not apply.
    static func resolve(
        _ key: Key, in container: Container, arguments: PackedArguments?, fileID: FileID, line: UInt,
        into output: ValueAddress
    ) throws -> Bool

    /// Whether this rule would answer `key`.
    static func answers(_ key: Key, in container: Container) -> Bool
}

extension Container {
    /// Resolves a key that nothing is registered under: the first fallback that applies, else an error.
    func resolveUnregistered(
        _ key: Key, arguments: PackedArguments?, fileID: FileID, line: UInt,
        into output: ValueAddress
    ) throws {
        for fallback in Container.fallbacks {
            if try fallback.resolve(key, in: self, arguments: arguments, fileID: fileID, line: line, into: output) {
                return
            }
        }
        throw Diagnostics.missing(key, in: self, fileID: fileID, line: line)
    }

    /// Whether a fallback answers `key`.
    func answersUnregistered(_ key: Key) -> Bool {
        Container.fallbacks.contains { $0.answers(key, in: self) }
    }
}
