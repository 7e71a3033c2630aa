/// Builds every error Syringe throws, for every face. Runs only when something has gone wrong (or is being
/// checked), so it may be slow.
enum Diagnostics {
    // The engine throws through these rather than `throw Diagnostics.x(…)`: an error built in the engine's own
    // function would take stack in every frame of every resolution, where this takes none until it throws.
    @inline(never)
    static func throwCycle(_ entry: Entry) throws -> Never { throw cycle(entry.key, entry: entry) }

    @inline(never)
    static func throwWaitCycle(_ entry: Entry) throws -> Never { throw waitCycle(entry.key, entry: entry) }

    @inline(never)
    static func throwAsyncRequired(_ entry: Entry) throws -> Never { throw asyncRequired(entry.key, entry: entry) }

    @inline(never)
    static func throwTooDeep(_ entry: Entry, remaining: Int) throws -> Never {
        throw tooDeep(entry.key, entry: entry, remaining: remaining)
    }

    /// The error a factory's failure becomes: a ``ResolutionError`` passes through, anything else is wrapped.
    @inline(never)
    static func factoryError(_ entry: Entry, _ error: any Error) -> any Error {
        error is ResolutionError ? error : factoryFailed(entry, error: error)
    }

    /// The path of the current resolution (synchronous or async), followed by `key`.
    static func path(then key: Key?) -> [Key] {
        Frame.path(to: Engine.currentFrame) + (key.map { [$0] } ?? [])
    }

    /// `Database.self` or `(any Token).self, name: "staging"`: what a resolve call for `key` passes.
    static func resolveArguments(_ key: Key) -> String {
        typeExpression(key.serviceType) + ".self" + (key.name.map { ", name: \"\($0)\"" } ?? "")
    }

    /// `(any Engine)` or `Car`: the type as written before `.self`.
    static func typeExpression(_ type: any Any.Type) -> String {
        let text = TypeName.describe(type)
        return TypeName.isExistential(type) || text.hasSuffix("?") ? "(\(text))" : text
    }

    static let breakCycle =
        "break the cycle: register one side with scope: .graph and set its back-reference in "
        + ".onCreated { instance, r in … } instead of in its factory."

    static func cycle(_ key: Key, entry: Entry) -> ResolutionError {
        let path = path(then: key)
        // Show the loop itself: from the first occurrence of the repeated key.
        let start = path.firstIndex { $0 == key } ?? 0
        let loop = path[start...].map(\.description).joined(separator: " → ")
        // The asking frame's factory has returned: the request comes from its `onCreated` hook, which closes the
        // cycle back to a kept instance whose factory is still running (a `.graph` one would have waited).
        if let asking = Engine.currentFrame, asking.constructed != nil, let hooked = asking.entry,
            hooked.key != key
        {
            return ResolutionError(
                code: .cycle,
                summary: "cannot resolve `\(key)`: dependency cycle \(loop): the .onCreated hook of `\(hooked.key)` "
                    + "asks for `\(key)`, whose factory has not returned yet.",
                path: path, fileID: "\(entry.fileID)", line: Int(entry.line),
                fix: "resolve `\(hooked.key)` first (a hook closes a cycle back to an instance whose factory has "
                    + "returned), register both with scope: .graph, or give `\(hooked.key)` a "
                    + "Lazy<\(TypeName.describe(key.serviceType))> and read it once both exist.")
        }
        return ResolutionError(
            code: .cycle, summary: "cannot resolve `\(key)`: dependency cycle \(loop).",
            path: path, fileID: "\(entry.fileID)", line: Int(entry.line), fix: breakCycle)
    }

    static func waitCycle(_ key: Key, entry: Entry) -> ResolutionError {
        ResolutionError(
            code: .cycle,
            summary: "cannot resolve `\(key)`: dependency cycle across threads or tasks (it is being built by "
                + "another thread or task that is waiting for this one).",
            path: path(then: key), fileID: "\(entry.fileID)", line: Int(entry.line), fix: breakCycle)
    }

    static func factoryFailed(_ entry: Entry, error: any Error) -> ResolutionError {
        if error is CancellationError {
            let place = Place(fileID: entry.fileID, line: entry.line)
            return cancelledBuild(entry, by: "its factory", at: place, error: error)
        }
        return ResolutionError(
            code: .factoryFailed,
            summary: "cannot resolve `\(entry.key)`: its factory threw \(String(describing: error)).",
            path: path(then: nil), fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "make the factory registered at \(entry.fileID):\(entry.line) succeed, or catch the error where "
                + "you resolve (the original is `underlyingError`).",
            underlyingError: error)
    }

    /// A factory or an `onCreated` hook that stopped with a `CancellationError`: the code a cancelled wait has, so
    /// that `error.code == .cancelled` tells a cancellation from a failure.
    private static func cancelledBuild(_ entry: Entry, by what: String, at place: Place, error: any Error)
        -> ResolutionError
    {
        ResolutionError(
            code: .cancelled,
            summary: "cannot resolve `\(entry.key)`: \(what) stopped with \(String(describing: error)).",
            path: path(then: nil), fileID: "\(place.fileID)", line: Int(place.line),
            fix: "nothing, if the task was cancelled on purpose: the instance is not kept, and the next resolve "
                + "builds it again; otherwise find who cancelled the task (`underlyingError` is the "
                + "CancellationError).",
            underlyingError: error)
    }

    static func hookFailed(_ entry: Entry, place: Place, error: any Error) -> ResolutionError {
        if error is CancellationError {
            return cancelledBuild(entry, by: "its onCreated hook", at: place, error: error)
        }
        return ResolutionError(
            code: .factoryFailed,
            summary: "cannot resolve `\(entry.key)`: its onCreated hook threw \(String(describing: error)).",
            path: path(then: nil), fileID: "\(place.fileID)", line: Int(place.line),
            fix: "make the onCreated hook at \(place.fileID):\(place.line) succeed, or catch the error where you "
                + "resolve (the original is `underlyingError`); nothing it was building is kept.",
            underlyingError: error)
    }

    static func asyncRequired(_ key: Key, entry: Entry) -> ResolutionError {
        let path = path(then: key)
        let arguments = resolveArguments(key)
        let what = entry.asyncReason
        var fix = "use try await container.resolveAsync(\(arguments))"
        if path.count > 1 {
            fix += "; inside a factory, make that factory async and use try await r.resolveAsync(\(arguments))"
        }
        return ResolutionError(
            code: .asyncRequired, summary: "cannot resolve `\(key)` synchronously: \(what).",
            path: path, fileID: "\(entry.fileID)", line: Int(entry.line), fix: fix + ".")
    }

    /// `error` as the non-throwing `resolved()` reports it (a property wrapper, a default argument): when it asks
    /// to await, which that code cannot, the fix says what it can do instead.
    static func forCodeThatCannotAwait(_ error: any Error) -> any Error {
        guard let error = error as? ResolutionError, error.code == .asyncRequired || error.code == .mainActorRequired,
            error.path.count == 1, error.fix.contains("resolveAsync")
        else {
            return error
        }
        if error.code == .mainActorRequired, let key = error.path.first {
            return ResolutionError(
                code: error.code, summary: error.summary, path: error.path, fileID: error.fileID, line: error.line,
                nearMisses: error.nearMisses,
                fix: "make its owner in main-actor code (a @MainActor type or function), or resolve it with try "
                    + "await container.resolveAsync(\(resolveArguments(key))) where its owner is made and pass the "
                    + "instance in (a property wrapper or a default argument cannot await), or register it from "
                    + "nonisolated code, to build it on any thread.",
                underlyingError: error.underlyingError, errors: error.errors)
        }
        let fix = error.fix.hasSuffix(".") ? String(error.fix.dropLast()) : error.fix
        return ResolutionError(
            code: error.code, summary: error.summary, path: error.path, fileID: error.fileID, line: error.line,
            nearMisses: error.nearMisses,
            fix: fix + " where its owner is made and pass the instance in (a property wrapper or a default argument "
                + "cannot await), or give it a synchronous factory.",
            underlyingError: error.underlyingError, errors: error.errors)
    }

    /// `holder`: the registration whose factory asked for it (a synchronous one that is not main-actor code),
    /// which is what to change: a `resolveAsync` of the holder still runs that factory off the main actor.
    static func mainActorRequired(
        _ key: Key, fileID: FileID, line: UInt, what: String = "its factory", alreadyBuilt: Bool = false,
        holder: Key? = nil
    ) -> ResolutionError {
        let built =
            alreadyBuilt ? " Its instance exists, but the synchronous API hands it out on the main actor only." : ""
        let elsewhere =
            "to build it on any thread, register it from nonisolated code (a nonisolated function: the top-level "
            + "code of main.swift runs on the main actor)."
        let fix: String
        if let holder {
            // The same fixes as `verify()` gives for this edge (Diagnostics+Graph).
            fix =
                "register `\(holder)` with a @MainActor function too (a @MainActor init), or with an async one "
                + "(resolveAsync hops to the main actor), or take Provider<\(key)> and call it on the main actor, "
                + "or resolve `\(holder)` from main-actor code; \(elsewhere)"
        } else {
            fix =
                "resolve it from main-actor code (a @MainActor function, type or factory), or use try await "
                + "container.resolveAsync(\(resolveArguments(key))), which runs \(what) on the main actor; "
                + elsewhere
        }
        return ResolutionError(
            code: .mainActorRequired,
            summary: "cannot resolve `\(key)` off the main actor: \(what) is isolated to the main actor.\(built)",
            path: path(then: key), fileID: "\(fileID)", line: Int(line), fix: fix)
    }

    /// A registration bound to the main actor, asked for from elsewhere as a type that is not `Sendable`.
    static func mainActorValueNotSendable(
        _ key: Key, entry: Entry, fileID: FileID, line: UInt
    ) -> ResolutionError {
        // The place line names the registration, as for the other main-actor refusals; the summary names the request.
        ResolutionError(
            code: .mainActorRequired,
            summary: "cannot resolve `\(key)` off the main actor (asked at \(fileID):\(line)): its registration is "
                + "isolated to the main actor, and `\(key.typeDescription)` is not Sendable where it is asked for, so its "
                + "instance cannot be handed to this task.",
            path: path(then: key), fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "resolve it from main-actor code, or make `\(key.typeDescription)` Sendable (a protocol that "
                + "refines Sendable, or a main-actor class, which is Sendable); asked for through a generic "
                + "parameter, constrain that parameter to Sendable.")
    }

    /// A `Lazy` or `Provider` made by hand in isolated code, read where its closure may not run.
    static func handleIsolated(
        _ handle: String, valueType: any Any.Type, isolation: String, fileID: FileID, line: UInt
    ) -> ResolutionError {
        let key = Key(serviceType: valueType, name: nil, argumentTypes: nil)
        let here = isolation == "the main actor" ? "off the main actor" : "outside \(isolation)"
        return ResolutionError(
            code: .mainActorRequired,
            summary: "cannot resolve `\(key)` through the \(handle) made by hand \(here): its closure is isolated to "
                + "\(isolation), where it was written, and the \(handle) is read synchronously.",
            path: path(then: key), fileID: "\(fileID)", line: Int(line),
            fix: isolation == "the main actor"
                ? "read it from main-actor code, or make the \(handle) in nonisolated code (a nonisolated function), "
                    + "where its closure runs on any thread."
                : "make the \(handle) in nonisolated or main-actor code.")
    }

    /// An injector isolated to an actor other than the main actor: `inject(into:)` cannot run it there.
    static func actorIsolatedInjector(_ key: Key, actor: any Actor, fileID: FileID, line: UInt) -> ResolutionError {
        ResolutionError(
            code: .mainActorRequired,
            summary: "cannot run the injector for `\(key)`: it is isolated to \(type(of: actor)), and inject(into:) "
                + "is synchronous.",
            path: path(then: key), fileID: "\(fileID)", line: Int(line),
            fix: "register the injector from nonisolated or main-actor code, or inject from inside the actor.")
    }

    static func tooDeep(_ key: Key, entry: Entry, remaining: Int) -> ResolutionError {
        let path = path(then: key)
        return ResolutionError(
            code: .tooDeep,
            summary: "cannot resolve `\(key)`: the resolution is \(path.count) steps deep and this thread has "
                + "\(remaining / 1024) KiB of stack left.",
            path: path, fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "resolve from a thread with a larger stack, shorten the chain (build a long list in one "
                + "factory), or break an endless recursion through factories.")
    }

    static func typeMismatch(_ key: Key, entry: Entry, overrideType: any Any.Type, getterType: any Any.Type)
        -> ResolutionError
    {
        let getter = TypeName.describe(getterType)
        return ResolutionError(
            code: .typeMismatch,
            summary: "cannot use the override of `\(key)`: it is a `\(TypeName.describe(overrideType))`, but the "
                + "property's getter builds `\(getter)`.",
            path: path(then: key), fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "let the getter's factory build the property's type: write its closure without `return` "
                + "(provide { \(getter)(…) } then builds the type the property declares), or cast to that type, e.g. "
                + "provide { \(getter)(…) as any Protocol } with the protocol the property declares.")
    }

    static func noDependency<Value>(
        _ keyPath: KeyPath<Container, Value>, fileID: FileID, line: UInt
    ) -> ResolutionError {
        ResolutionError(
            code: .notRegistered,
            summary: "cannot override `\(keyPath)`, a key path to `\(TypeName.describe(Value.self))`, with a factory: "
                + "reading it reaches no `provide` property and no InjectionKey, so there is no dependency to override.",
            path: [], fileID: "\(fileID)", line: Int(line),
            fix: "override the property the key path reads (a `provide { … }` property or a key's property), or remap "
                + "it with InjectionMapper.")
    }

    static func remapLoop(_ keyPath: AnyKeyPath, loop: String, fileID: FileID, line: UInt) -> ResolutionError {
        ResolutionError(
            code: .cycle, summary: "cannot resolve `\(keyPath)`: its remaps loop (\(loop)).",
            path: [], fileID: "\(fileID)", line: Int(line),
            fix: "remove one of the remaps with InjectionMapper.reset(_:).")
    }

    static func ambiguous(_ key: Key, candidates: [Key], fileID: FileID, line: UInt) -> ResolutionError {
        let forwarding = "container.register(\(candidates[0].typeDescription).self, as: \(resolveArguments(key)))"
        return ResolutionError(
            code: .ambiguous,
            summary: "cannot resolve `\(key)`: \(candidates.count) components registered in one call conform to it.",
            path: path(then: key), fileID: "\(fileID)", line: Int(line),
            nearMisses: candidates.map(\.description),
            fix: "register the one to use in a call of its own (the latest registration wins), or forward it "
                + "explicitly: \(forwarding).")
    }

    static func injectorFailed(_ injectorKey: Key, target: Key, place: Place, error: any Error) -> ResolutionError {
        ResolutionError(
            code: .factoryFailed,
            summary: "cannot inject into `\(target)`: the injector for `\(injectorKey)` threw "
                + "\(String(describing: error)).",
            path: path(then: nil), fileID: "\(place.fileID)", line: Int(place.line),
            fix: "make the injector registered at \(place.fileID):\(place.line) succeed, or catch the error where "
                + "you call inject(into:) (the original is `underlyingError`).",
            underlyingError: error)
    }

    /// The one error of `build()` or `validate()`: every problem found, in order.
    static func problems(_ errors: [ResolutionError], foundBy operation: String, fileID: FileID, line: UInt)
        -> ResolutionError
    {
        let count = errors.count == 1 ? "1 problem" : "\(errors.count) problems"
        return ResolutionError(
            code: .multiple, summary: "\(operation) found \(count).", path: [], fileID: "\(fileID)", line: Int(line),
            fix: "fix the problems above in order (a later one can follow from an earlier one), then run "
                + "\(operation) again.",
            errors: errors)
    }

    /// The message a forwarding to a type the component cannot be stops the program with.
    static func forwardingMismatch(_ source: any Any.Type, as target: any Any.Type, fileID: FileID, line: UInt)
        -> ResolutionError
    {
        let from = TypeName.describe(source)
        return ResolutionError(
            code: .typeMismatch,
            summary: "cannot register `\(from)` as `\(TypeName.describe(target))`: `\(from)` does not conform to it.",
            path: [], fileID: "\(fileID)", line: Int(line),
            fix: "forward only to \(from) itself, a superclass of it or a protocol it conforms to.")
    }
}

/// Where something was declared: a registration, a hook, a property.
struct Place: Sendable {
    let fileID: FileID
    let line: UInt
}

extension Diagnostics {
    /// An async registration or a key-path default reached by the synchronous factory call; the engine checks
    /// before it gets there, so only a registration copied by hand could.
    static func notSynchronouslyBuildable(_ key: Key, in resolution: Resolution) -> ResolutionError {
        ResolutionError(
            code: .asyncRequired, summary: "cannot build `\(key)` synchronously.",
            path: path(then: key), fileID: "", line: 0,
            fix: "resolve it with try await container.resolveAsync(…), or through its key path.")
    }
}

extension Diagnostics {
    /// A lazily injected property read again while its first read resolves it (a cycle through its own
    /// dependency).
    static func lazyCycle(_ key: Key, fileID: FileID, line: UInt) -> ResolutionError {
        ResolutionError(
            code: .cycle,
            summary: "cannot resolve `\(key)`: the lazily injected property at \(fileID):\(line) is read while it is "
                + "being resolved (a cycle through its own dependency).",
            path: path(then: key), fileID: "\(fileID)", line: Int(line),
            fix: "read the property after its owner is built, or break the cycle with scope: .graph and "
                + ".onCreated { instance, r in … }.")
    }

    /// A `@WeakLazyInjected` property whose resolved value is not an object, which cannot be held weakly.
    static func notAnObject(_ key: Key, valueType: any Any.Type, fileID: FileID, line: UInt) -> ResolutionError {
        ResolutionError(
            code: .typeMismatch,
            summary: "cannot hold `\(key)` weakly: the weakly injected property at \(fileID):\(line) resolved a "
                + "value of type `\(valueType)`, which is not an object (a class instance).",
            path: path(then: key), fileID: "\(fileID)", line: Int(line),
            fix: "use @LazyInjected for a value, or make `\(key.typeDescription)` a class or a class-bound protocol "
                + "(protocol P: AnyObject).")
    }
}
