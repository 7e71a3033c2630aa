/// Prints what the demo does, unless `--quiet`.
struct Narrator: Sendable {
    let quiet: Bool

    func section(_ title: String) {
        guard !quiet else { return }
        print("\n== \(title) ==")
    }

    func say(_ text: String) {
        guard !quiet else { return }
        print(text)
    }

    /// Prints a multi-line text (an error message, a graph) indented under the narration.
    func show(_ text: String) {
        guard !quiet else { return }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) { print("    \(line)") }
    }
}
