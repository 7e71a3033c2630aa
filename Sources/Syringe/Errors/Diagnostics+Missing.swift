/// The errors of a key nothing answers: what is registered nearby, and what to do.
extension Diagnostics {
    /// `notRegistered`, or `argumentMismatch` when the type is registered under the same name with other
    /// argument types.
    static func missing(_ key: Key, in container: Container, fileID: FileID, line: UInt) -> ResolutionError {
        if let error = onlyContributed(key, in: container, fileID: fileID, line: line) { return error }
        if let error = arrayOfContributions(key, in: container, fileID: fileID, line: line) { return error }
        if let error = syringeType(key, in: container, fileID: fileID, line: line) { return error }
        if let error = handleWithArguments(key, in: container, fileID: fileID, line: line) { return error }
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
            let name = key.name.map { ", name: \"\($0)\"" } ?? ""
            if let types = registered.argumentTypes {
                fix =
                    "pass arguments of types (\(Key.describeArguments(types))): resolve(\(expression).self\(name), "
                    + "arguments: …), or register a factory that takes \(asked)."
            } else {
                fix =
                    "resolve without arguments: resolve(\(expression).self\(name)), or register a factory that takes "
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
        let subtypes = subtypeKeys(of: key, among: keys)
        let supertypes = supertypeKeys(of: key, among: keys)
        var seen = Set<String>()
        let nearMisses = Array(
            (subtypes + supertypes + sameType + similar).map(\.description).filter { seen.insert($0).inserted }
                .prefix(6))
        let nameText = key.name.map { " named \"\($0)\"" } ?? ""
        var fix = "container.register(\(expression).self\(key.name.map { ", name: \"\($0)\"" } ?? "")) { … }"
        if let name = key.name, let close = closeName(to: name, among: sameType, arguments: key.argumentTypes) {
            fix = "did you mean name: \"\(close)\"? Otherwise " + fix
        } else if let other = sameType.first(where: { $0.argumentTypes == nil }) {
            fix += other.name.map { ", or resolve name: \"\($0)\"" } ?? ", or resolve without a name"
        } else if let match = subtypes.first {
            let relation = TypeName.isExistential(key.serviceType) ? "which conforms" : "which inherits from it"
            fix +=
                ", or add .forwarding(\(expression).self) to the registration of `\(match.typeDescription)`, "
                + relation
        } else if let registered = supertypes.first {
            let relation = TypeName.isExistential(registered.serviceType) ? "conforms to" : "inherits from"
            fix +=
                ", or resolve \(typeExpression(registered.serviceType)).self, which `\(typeText)` \(relation): a "
                + "registration answers for the type it names, not for each type its factory may build"
        } else if let other = similar.first {
            fix += ", or inject `\(other.typeDescription)` instead"
        }
        if container === Container.processWideContainer, Container.anyBindingMade, ProcessContext.current.isTest {
            // The usual cause in a test: work that left the test's task, where its container is not bound.
            fix +=
                "; in a test, code that leaves the test's task (Task.detached, a GCD callback, a thread) resolves "
                + "from the process-wide container, not the test's: capture let current = Container.current and "
                + "run that code in current.withCurrent { … }"
        }
        return ResolutionError(
            code: .notRegistered,
            summary: "cannot resolve `\(typeText)`\(nameText) (no registration).",
            path: path, fileID: "\(fileID)", line: Int(line), nearMisses: nearMisses, fix: fix + ".")
    }

    /// For a request of a protocol (`any P`) or a class, the registrations under the same name of types that conform
    /// to it or inherit from it: registered, but not as what is asked for (the most common reason a protocol finds
    /// nothing).
    private static func subtypeKeys(of key: Key, among keys: [Key]) -> [Key] {
        guard key.origin == nil, key.argumentTypes == nil else { return [] }
        return keys.filter {
            $0.origin == nil && $0.argumentTypes == nil && $0.name == key.name
                && Conformance.type($0.serviceType, isSubtypeOf: key.serviceType)
        }
    }

    /// The mirror image: for a request of a concrete type, the registrations under the same name of protocols it
    /// conforms to or classes it inherits from (`register((any Engine).self) { V8Engine() }`, then
    /// `resolve(V8Engine.self)`).
    private static func supertypeKeys(of key: Key, among keys: [Key]) -> [Key] {
        guard key.origin == nil, key.argumentTypes == nil else { return [] }
        return keys.filter {
            $0.origin == nil && $0.argumentTypes == nil && $0.name == key.name
                && Conformance.type(key.serviceType, isSubtypeOf: $0.serviceType)
        }
    }

    /// The name of a registration of the same type and arguments that differs from `name` by a typo or two.
    private static func closeName(to name: String, among sameType: [Key], arguments: (any Any.Type)?) -> String? {
        let wanted = name.lowercased()
        let arguments = arguments.map(ObjectIdentifier.init)
        return sameType.lazy.filter { $0.argumentTypes.map(ObjectIdentifier.init) == arguments }
            .compactMap(\.name)
            .first { other in
                let limit = max(1, min(wanted.count, other.count) / 3)
                return other != name && TypeName.editDistance(other.lowercased(), wanted, limit: limit) <= limit
            }
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

    /// An array of a type that has multi-binding contributions, asked for with nothing registered for the array
    /// (most often a parameter `plugins: [any Plugin]` of a `using:` function): `nil` when that is not the case.
    static func arrayOfContributions(_ key: Key, in container: Container, fileID: FileID, line: UInt)
        -> ResolutionError?
    {
        guard key.origin == nil, key.name == nil, key.argumentTypes == nil,
            let array = key.serviceType as? any ArrayValue.Type
        else { return nil }
        let element = ObjectIdentifier(array.elementType)
        let contributions = container.allKeys().filter {
            if case .contribution = $0.origin { return ObjectIdentifier($0.serviceType) == element }
            return false
        }
        guard !contributions.isEmpty else { return nil }
        let elementExpression = typeExpression(array.elementType)
        return ResolutionError(
            code: .notRegistered,
            summary: "cannot resolve `\(key.typeDescription)` (no registration; "
                + "`\(TypeName.describe(array.elementType))` has multi-binding contributions, which only resolveAll "
                + "collects).",
            path: path(then: key), fileID: "\(fileID)", line: Int(line),
            nearMisses: Array(contributions.map(\.description).prefix(6)),
            fix: "register the array once: container.register(\(typeExpression(key.serviceType)).self) { r in try "
                + "r.resolveAll(\(elementExpression).self) }, or call resolveAll(\(elementExpression).self) where you "
                + "resolve it.")
    }

    /// `resolveAll` found no contributions of `element`: a mix-up worth an error when the type is registered
    /// with `register`, otherwise `nil` (an empty multi-binding is fine).
    static func nothingContributed(
        _ element: any Any.Type, request: Key, in container: Container, fileID: FileID, line: UInt
    ) -> ResolutionError? {
        let id = ObjectIdentifier(element)
        // Registrations made with `register` only: a contribution made since the caller looked (by another thread)
        // is no mix-up, and the caller's empty answer stands.
        let registered = container.allKeys().filter { ObjectIdentifier($0.serviceType) == id && $0.origin == nil }
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

    /// `Lazy<T>` or `Provider<T>` asked for with arguments: a handle resolved by type takes none.
    static func handleWithArguments(
        _ key: Key, in container: Container, fileID: FileID, line: UInt
    ) -> ResolutionError? {
        guard key.origin == nil, let arguments = key.argumentTypes,
            let deferred = key.serviceType as? any DeferredDependency.Type
        else { return nil }
        let valueText = typeExpression(deferred.valueType)
        let registered = container.allKeys().filter {
            ObjectIdentifier($0.serviceType) == ObjectIdentifier(deferred.valueType) && $0.name == key.name
        }
        let name = key.name.map { ", name: \"\($0)\"" } ?? ""
        return ResolutionError(
            code: .argumentMismatch,
            summary: "cannot resolve `\(key.typeDescription)` with arguments (\(Key.describeArguments(arguments))): a "
                + "Lazy or Provider resolved by type takes no arguments.",
            path: path(then: key), fileID: "\(fileID)", line: Int(line),
            nearMisses: registered.map(\.description),
            fix: "resolve the value with its arguments when it is needed: resolve(\(valueText).self\(name), "
                + "arguments: …), or hand the code a closure that does. A handle would carry the arguments, which "
                + "need not be Sendable, to whichever thread reads it.")
    }
}
