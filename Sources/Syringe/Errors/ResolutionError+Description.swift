extension ResolutionError {
    /// The whole message: what happened, the path, the place, near misses and the fix.
    ///
    /// ```swift
    /// print(error.description)
    /// ```
    public var description: String {
        var lines = ["Syringe: \(summary)"]
        if code == .multiple {
            for (index, error) in errors.enumerated() {
                let nested = error.description.split(separator: "\n", omittingEmptySubsequences: false)
                lines.append("  \(index + 1). " + nested[0].dropFirst("Syringe: ".count))
                lines.append(contentsOf: nested.dropFirst().map { "    " + $0 })
            }
            lines.append("  fix: \(fix)")
            return lines.joined(separator: "\n")
        }
        // An unreachable registration and a disposal have no resolution to show: their path is only the key.
        if !path.isEmpty, code != .unreachable, code != .disposeFailed {
            lines.append("  while resolving  " + ResolutionError.describe(path: path))
        }
        let place = "\(fileID):\(line)"
        switch code {
        case .notRegistered, .argumentMismatch, .ambiguous:
            lines.append("  requested at  \(place)")
        case .typeMismatch where !path.isEmpty:
            lines.append("  requested at  \(place)")
        case .disposeFailed:
            lines.append("  hook at  \(place)")
        default:
            lines.append("  registered at  \(place)")
        }
        if !nearMisses.isEmpty {
            let label = code == .ambiguous ? "candidates" : "registered nearby"
            lines.append("  \(label): " + nearMisses.map { "`\($0)`" }.joined(separator: ", "))
        }
        lines.append("  fix: \(fix)")
        return lines.joined(separator: "\n")
    }

    /// `A → B → C`; a path deeper than 12 steps shows its first 5 and last 5, with the count between.
    static func describe(path: [Key]) -> String {
        let names = path.map(\.description)
        guard names.count > 12 else { return names.joined(separator: " → ") }
        let hidden = names.count - 10
        return (names.prefix(5) + ["… \(hidden) more …"] + names.suffix(5)).joined(separator: " → ")
    }
}
