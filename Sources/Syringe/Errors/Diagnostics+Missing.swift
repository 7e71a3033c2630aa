/// The errors of a key nothing answers: what is registered nearby, and what to do.
extension Diagnostics {
    /// `notRegistered`, or `argumentMismatch` when the type is registered under the same name with other
    /// argument types.
    static func missing(_ key: Key, in container: Container, fileID: FileID, line: UInt) -> ResolutionError {
        if let error = onlyContributed(key, in: container, fileID: fileID, line: line) { return error }
        if let error = syringeType(key, in: container, fileID: fileID, line: line) { return error }
        let keys = container.allKeys()
        let sameType = keys.filter {
            ObjectIdentifier($0.serviceType) == ObjectIdentifier(key.serviceType) && $0 != key
        }
        let otherArguments = sameType.filter { $0.name == key.name && $0.origin == key.origin }
        let typeText = key.typeDescription
        let expression = typeExpression(key.serviceType)
        let path = path(then: key)

        if let registered = otherArguments.first {
            let wanted =
                key.argumentTypes.map { "with arguments (\(Key.describeArguments($0)))" } ?? "without arguments"
            let asked = key.argumentTypes.map { "(\(Key.describeArguments($0)))" } ?? "no arguments"
            let fix: String
            if let types = registered.argumentTypes {
                fix =
                    "pass arguments of types (\(Key.describeArguments(types))): resolve(\(expression).self, "
                    + "arguments: …), or register a factory that takes \(asked)."
            } else {
                fix =
                    "resolve without arguments: resolve(\(expression).self), or register a factory that takes "
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
        var fix = "container.register(\(expression).self\(key.name.map { ", name: \"\($0)\"" } ?? "")) { … }"
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

    /// A dependency on one of Syringe's own types that is handed to factories, not resolved (`Resolution`,
    /// `Container`, `ContainerScope`), and not registered: most often a `using:` function written like a closure
    /// factory, `register(Car.self, using: { (r: Resolution) in … })`. `nil` for any other key.
    static func syringeType(_ key: Key, in container: Container, fileID: FileID, line: UInt)
        -> ResolutionError?
    {
        guard let how = handedOutHow(key) else { return nil }
        return ResolutionError(
            code: .notRegistered,
            summary: "cannot resolve `\(key.typeDescription)`: it is Syringe's own type, handed out rather than "
                + "resolved (\(how)).",
            path: path(then: key), fileID: "\(fileID)", line: Int(line), nearMisses: [],
            fix: handedOutFix(key))
    }

    /// A `using:` function of `service` that takes one of Syringe's handed-out types: refused at registration.
    static func handedOut(_ key: Key, declaredBy service: any Any.Type, fileID: FileID, line: UInt)
        -> ResolutionError?
    {
        guard let how = handedOutHow(key) else { return nil }
        return ResolutionError(
            code: .notRegistered,
            summary: "register(\(typeExpression(service)).self, using:) takes a `\(key.typeDescription)`, which is "
                + "Syringe's own type, handed out rather than resolved (\(how)).",
            path: [Key(serviceType: service, name: nil, argumentTypes: nil), key],
            fileID: "\(fileID)", line: Int(line), nearMisses: [], fix: handedOutFix(key))
    }

    private static func handedOutHow(_ key: Key) -> String? {
        guard key.name == nil, key.argumentTypes == nil else { return nil }
        switch ObjectIdentifier(key.serviceType) {
        case ObjectIdentifier(Resolution.self): return "a closure factory receives it: `register(T.self) { r in … }`"
        case ObjectIdentifier(Container.self): return "a factory reaches it as `r.container`"
        case ObjectIdentifier(ContainerScope.self): return "`openScope(_:)` returns it"
        default: return nil
        }
    }

    private static func handedOutFix(_ key: Key) -> String {
        "a `using:` function declares the dependencies themselves as its parameters (`register(Car.self, using: "
            + "Car.init)` with `init(engine: any Engine)`); to resolve through `\(key.typeDescription)`, register a "
            + "closure instead: `register(Car.self) { r in Car(engine: try r.resolve()) }`."
    }

    /// A single resolve of a type that only has multi-binding contributions: `nil` when that is not the case.
    static func onlyContributed(_ key: Key, in container: Container, fileID: FileID, line: UInt)
        -> ResolutionError?
    {
        guard key.origin == nil else { return nil }
        let id = ObjectIdentifier(key.serviceType)
        let sameType = container.allKeys().filter { ObjectIdentifier($0.serviceType) == id }
        let isContribution: (Key) -> Bool = { if case .contribution = $0.origin { true } else { false } }
        guard sameType.contains(where: isContribution), sameType.allSatisfy(isContribution) else { return nil }
        let expression = typeExpression(key.serviceType)
        let nameText = key.name.map { " named \"\($0)\"" } ?? ""
        return ResolutionError(
            code: .notRegistered,
            summary: "cannot resolve `\(key.typeDescription)`\(nameText) (no registration; it has multi-binding "
                + "contributions).",
            path: path(then: key), fileID: "\(fileID)", line: Int(line),
            nearMisses: Array(sameType.map(\.description).prefix(6)),
            fix: "resolve every contribution with resolveAll(\(expression).self), or register one with "
                + "container.register(\(expression).self) { … }.")
    }

    /// `resolveAll` found no contributions of `element`: a mix-up worth an error when the type is registered
    /// with `register`, otherwise `nil` (an empty multi-binding is fine).
    static func nothingContributed(
        _ element: any Any.Type, request: Key, in container: Container, fileID: FileID, line: UInt
    ) -> ResolutionError? {
        let id = ObjectIdentifier(element)
        let registered = container.allKeys().filter { ObjectIdentifier($0.serviceType) == id }
        guard !registered.isEmpty else { return nil }
        let expression = typeExpression(element)
        return ResolutionError(
            code: .notRegistered,
            summary: "cannot resolve every `\(TypeName.describe(element))`: nothing is contributed (it is registered "
                + "with register).",
            path: path(then: request), fileID: "\(fileID)", line: Int(line),
            nearMisses: Array(registered.map(\.description).prefix(6)),
            fix: "contribute each implementation with container.contribute(\(expression).self) { … } or "
                + "Contribute(\(expression).self) { … } in a module; resolveAll returns contributions only.")
    }
}
