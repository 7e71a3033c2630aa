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
