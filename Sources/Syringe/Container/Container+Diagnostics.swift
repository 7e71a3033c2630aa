/// Builds the errors of the engine. Runs only when something has gone wrong, so it may be slow.
extension Container {
    /// The path of the current resolution, followed by `key`.
    func currentPath(then key: Key) -> [Key] {
        Frame.path(to: CurrentFrame.pointer) + [key]
    }

    /// `notRegistered`, or `argumentMismatch` when the type is registered under the same name with other
    /// argument types.
    @usableFromInline
    func missing(_ key: Key, fileID: StaticString, line: UInt) -> ResolutionError {
        if let error = onlyContributed(key, fileID: fileID, line: line) { return error }
        let keys = allKeys()
        let sameType = keys.filter { ObjectIdentifier($0.serviceType) == ObjectIdentifier(key.serviceType) && $0 != key }
        let otherArguments = sameType.filter { $0.name == key.name && $0.origin == key.origin }
        let typeText = key.typeDescription
        let typeExpression = TypeName.isExistential(key.serviceType) ? "(\(typeText))" : typeText
        let path = currentPath(then: key)

        if let registered = otherArguments.first {
            let wanted = key.argumentTypes.map { "with arguments (\(Key.describeArguments($0)))" } ?? "without arguments"
            let fix: String
            if let types = registered.argumentTypes {
                let list = Key.describeArguments(types)
                fix = "pass arguments of types (\(list)): resolve(\(typeExpression).self, arguments: …), "
                    + "or register a factory that takes \(key.argumentTypes.map { "(\(Key.describeArguments($0)))" } ?? "no arguments")."
            } else {
                fix = "resolve without arguments: resolve(\(typeExpression).self), or register a factory that takes "
                    + "(\(key.argumentTypes.map(Key.describeArguments) ?? ""))."
            }
            return ResolutionError(
                code: .argumentMismatch,
                summary: "cannot resolve `\(typeText)` \(wanted) (registered with other arguments).",
                path: path, fileID: "\(fileID)", line: Int(line),
                nearMisses: otherArguments.map(\.description), fix: fix)
        }

        let similar = keys.filter {
            ObjectIdentifier($0.serviceType) != ObjectIdentifier(key.serviceType)
                && TypeName.isSimilar($0.typeDescription, typeText)
        }
        let nearMisses = Array((sameType + similar).map(\.description).prefix(6))
        let nameText = key.name.map { " named \"\($0)\"" } ?? ""
        var fix = "container.register(\(typeExpression).self\(key.name.map { ", name: \"\($0)\"" } ?? "")) { … }"
        if let other = sameType.first(where: { $0.argumentTypes == nil }) {
            fix += other.name.map { ", or resolve name: \"\($0)\"" } ?? ", or resolve without a name"
        } else if let other = similar.first {
            fix += ", or inject `\(other.typeDescription)` instead"
        }
        return ResolutionError(
            code: .notRegistered,
            summary: "cannot resolve `\(typeText)`\(nameText) (no registration).",
            path: path, fileID: "\(fileID)", line: Int(line), nearMisses: nearMisses, fix: fix + ".")
    }

    @usableFromInline
    func cycle(key: Key, entry: AnyEntry) -> ResolutionError {
        let path = currentPath(then: key)
        let chain = path.map(\.description)
        // Show the loop itself: from the first occurrence of the repeated registration.
        let start = path.firstIndex { $0 == key } ?? 0
        let loop = chain[start...].joined(separator: " → ")
        return ResolutionError(
            code: .cycle,
            summary: "cannot resolve `\(key.description)`: dependency cycle \(loop).",
            path: path, fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "break the cycle: register one side with scope: .graph and set its back-reference in "
                + ".onCreated { instance, r in … } instead of in its factory.")
    }

    @usableFromInline
    func crossThreadCycle(key: Key, entry: AnyEntry) -> ResolutionError {
        let path = currentPath(then: key)
        return ResolutionError(
            code: .cycle,
            summary: "cannot resolve `\(key.description)`: dependency cycle across threads "
                + "(it is being built by another thread that is waiting for this one).",
            path: path, fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "break the cycle: register one side with scope: .graph and set its back-reference in "
                + ".onCreated { instance, r in … } instead of in its factory.")
    }

    @usableFromInline
    func factoryFailed(entry: AnyEntry, error: any Error) -> ResolutionError {
        let path = Frame.path(to: CurrentFrame.pointer)
        return ResolutionError(
            code: .factoryFailed,
            summary: "cannot resolve `\(entry.key.description)`: its factory threw \(String(describing: error)).",
            path: path, fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "make the factory registered at \(entry.fileID):\(entry.line) succeed, or catch the error where "
                + "you resolve (the original is `underlyingError`).",
            underlyingError: error)
    }
}

/// The errors of components, injectors, async and main-actor registrations.
extension Container {
    /// `Database.self` or `(any Token).self, name: "staging"`: the arguments of a resolve call for `key`.
    private func resolveArguments(_ key: Key) -> String {
        let type = key.typeDescription
        let expression = TypeName.isExistential(key.serviceType) ? "(\(type)).self" : "\(type).self"
        return expression + (key.name.map { ", name: \"\($0)\"" } ?? "")
    }

    func asyncRequired(_ key: Key, entry: AnyEntry) -> ResolutionError {
        let path = currentPath(then: key)
        let arguments = resolveArguments(key)
        var fix = "use try await container.resolveAsync(\(arguments))"
        if path.count > 1 {
            fix += "; inside a factory, make that factory async and use try await r.resolveAsync(\(arguments))"
        }
        return ResolutionError(
            code: .asyncRequired,
            summary: "cannot resolve `\(key.description)` synchronously: its factory is async.",
            path: path, fileID: "\(entry.fileID)", line: Int(entry.line), fix: fix + ".")
    }

    func mainActorRequired(_ key: Key, entry: AnyEntry) -> ResolutionError {
        mainActorRequired(key, fileID: entry.fileID, line: entry.line)
    }

    func mainActorRequired(_ key: Key, fileID: StaticString, line: UInt) -> ResolutionError {
        ResolutionError(
            code: .mainActorRequired,
            summary: "cannot resolve `\(key.description)` off the main actor: its factory is isolated to the "
                + "main actor.",
            path: currentPath(then: key), fileID: "\(fileID)", line: Int(line),
            fix: "resolve it from main-actor code (a @MainActor function, type or factory), or use try await "
                + "container.resolveAsync(\(resolveArguments(key))), which runs the factory on the main actor.")
    }

    func ambiguous(_ key: Key, candidates: [ComponentRecord], fileID: StaticString, line: UInt) -> ResolutionError {
        let preferred = candidates[0].entry.key
        let forwarding = "container.register(\(preferred.typeDescription).self, as: \(resolveArguments(key)))"
        return ResolutionError(
            code: .ambiguous,
            summary: "cannot resolve `\(key.description)`: \(candidates.count) components registered in one call "
                + "conform to it.",
            path: currentPath(then: key), fileID: "\(fileID)", line: Int(line),
            nearMisses: candidates.map(\.entry.key.description),
            fix: "register the one to use in a call of its own (the latest registration wins), or forward it "
                + "explicitly: \(forwarding).")
    }

    func crossTaskCycle(key: Key, entry: AnyEntry) -> ResolutionError {
        ResolutionError(
            code: .cycle,
            summary: "cannot resolve `\(key.description)`: dependency cycle across tasks "
                + "(it is being built by another task that is waiting for this one).",
            path: currentPath(then: key), fileID: "\(entry.fileID)", line: Int(entry.line),
            fix: "break the cycle: resolve one side lazily, after both are built, instead of in its factory.")
    }

    func injectorFailed(_ injector: Injector, target: Key, error: any Error) -> ResolutionError {
        ResolutionError(
            code: .factoryFailed,
            summary: "cannot inject into `\(target.description)`: the injector for `\(injector.key.description)` "
                + "threw \(String(describing: error)).",
            path: Frame.path(to: CurrentFrame.pointer), fileID: "\(injector.fileID)", line: Int(injector.line),
            fix: "make the injector registered at \(injector.fileID):\(injector.line) succeed, or catch the error "
                + "where you call inject(into:) (the original is `underlyingError`).",
            underlyingError: error)
    }

    /// The message a forwarding to a type the component cannot be stops the program with.
    func forwardingMismatch<C, Target>(
        _ component: C.Type, as target: Target.Type, fileID: StaticString, line: UInt
    ) -> String {
        let source = TypeName.describe(C.self)
        let forwarded = TypeName.describe(Target.self)
        return """
            Syringe: cannot register `\(source)` as `\(forwarded)`: `\(source)` does not conform to it.
              registered at  \(fileID):\(line)
              fix: forward only to \(source) itself, a superclass of it or a protocol it conforms to.
            """
    }
}
