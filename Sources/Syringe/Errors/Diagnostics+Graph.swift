/// The problems `verify()` finds in declared dependencies, without running anything. Each names the path from
/// a root, the place of the registration to change, and a fix.
extension Diagnostics {
    /// `error` with `path` instead of the path of the current resolution (there is none while verifying).
    static func along(_ path: [Key], _ error: ResolutionError) -> ResolutionError {
        ResolutionError(
            code: error.code, summary: error.summary, path: path, fileID: error.fileID, line: error.line,
            nearMisses: error.nearMisses, fix: error.fix, underlyingError: error.underlyingError, errors: error.errors)
    }

    /// A stored registration of a parent declares a dependency that only a container below it registers.
    static func onlyBelow(_ key: Key, holder: Entry, path: [Key]) -> ResolutionError {
        ResolutionError(
            code: .notRegistered,
            summary: "cannot resolve `\(key)` for `\(holder.key)`: only a child container registers it, and "
                + "\(holder.scope) `\(holder.key)` is built from the container that registers it.",
            path: path, fileID: "\(holder.fileID)", line: Int(holder.line),
            fix: "register `\(key)` in the container that registers `\(holder.key)` too, "
                + "or give `\(holder.key)` scope .unique or .graph so that it is built from the container that asks.")
    }

    /// A cycle among declared dependencies, none of them deferred: `loop` starts and ends with `entry`'s key.
    static func declaredCycle(_ loop: [Key], entry: Entry) -> ResolutionError {
        let closing = loop[loop.count - 2]
        return ResolutionError(
            code: .cycle,
            summary: "dependency cycle among declared dependencies: "
                + loop.map(\.description).joined(separator: " → ") + ".",
            path: loop, fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "break the cycle with a deferred parameter: let `\(closing)` take Lazy<\(entry.key)> or "
                + "Provider<\(entry.key)> (resolved when first used), or register one side with scope: .graph and "
                + "set its back-reference in .onCreated { instance, r in … }.")
    }

    /// A `.singleton` or `.cached` registration would keep an instance of a shorter-lived scope.
    static func declaredCaptive(_ entry: Entry, heldBy holder: Entry, path: [Key]) -> ResolutionError {
        along(path, captive(entry, heldBy: holder))
    }

    /// A registration resolved synchronously declares a dependency whose factory (or a hook) is async.
    static func declaredAsync(_ entry: Entry, neededBy holder: Entry, path: [Key]) -> ResolutionError {
        let what = entry.asyncReason
        let whose = holder.execution == .mainActor ? "a @MainActor factory" : "a synchronous factory"
        return ResolutionError(
            code: .asyncRequired,
            summary: "cannot resolve `\(entry.key)` for `\(holder.key)` synchronously: \(what), and `\(holder.key)` "
                + "has \(whose).",
            path: path, fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "register `\(holder.key)` with an async function (using: an async init or static factory; its "
                + "parameters are resolved with resolveAsync), or give `\(entry.key)` a synchronous factory.")
    }

    /// A nonisolated registration declares a dependency whose factory is isolated to the main actor.
    static func declaredMainActor(_ entry: Entry, neededBy holder: Entry, path: [Key]) -> ResolutionError {
        ResolutionError(
            code: .mainActorRequired,
            summary: "cannot resolve `\(entry.key)` for `\(holder.key)` off the main actor: its factory is isolated "
                + "to the main actor, and `\(holder.key)`'s is not.",
            path: path, fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "register `\(holder.key)` with a @MainActor function too (a @MainActor init), or with an async one "
                + "(resolveAsync hops to the main actor), or take Provider<\(entry.key)> and call it on the main "
                + "actor.")
    }

    /// A registration that no root reaches through declared (or observed) dependencies.
    static func unreachable(_ entry: Entry, roots: [Key], opaque: [Key]) -> ResolutionError {
        var fix = "remove the registration if nothing uses it, or add `\(entry.key)` to the roots"
        if !opaque.isEmpty {
            fix +=
                "; if a closure registration resolves it, declare that registration's dependencies with using: ("
                + "the roots reach \(opaque.count) opaque: "
                + opaque.prefix(5).map { "`\($0)`" }.joined(separator: ", ")
                + (opaque.count > 5 ? ", …" : "") + ")"
        }
        return ResolutionError(
            code: .unreachable,
            summary: "`\(entry.key)` is registered, but no root reaches it (roots: "
                + roots.map(\.description).joined(separator: ", ") + ").",
            path: [entry.key], fileID: "\(entry.fileID)", line: Int(entry.line), fix: fix + ".")
    }

    /// The one error of `verify()`: every problem, and how much of the graph was verified.
    static func verification(_ errors: [ResolutionError], coverage: String, fileID: FileID, line: UInt)
        -> ResolutionError
    {
        let count = errors.count == 1 ? "1 problem" : "\(errors.count) problems"
        return ResolutionError(
            code: .multiple, summary: "verify() found \(count) (\(coverage)).", path: [], fileID: "\(fileID)",
            line: Int(line),
            fix: "fix the problems above (each names the registration to change), then run verify() again; nothing "
                + "was built.",
            errors: errors)
    }
}
