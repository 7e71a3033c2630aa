/// The errors of modules, `build()`, `validate()` and multi-bindings. Runs only when something has gone
/// wrong (or is being checked), so it may be slow.
extension Container {
    /// The one error of `build()` or `validate()`: every problem found, in order.
    func problems(
        _ errors: [ResolutionError], foundBy operation: String, fileID: StaticString, line: UInt
    ) -> ResolutionError {
        let count = errors.count == 1 ? "1 problem" : "\(errors.count) problems"
        return ResolutionError(
            code: .multiple,
            summary: "\(operation) found \(count).",
            path: [], fileID: "\(fileID)", line: Int(line),
            fix: "fix the problems above in order (a later one can follow from an earlier one), then run "
                + "\(operation) again.",
            errors: errors)
    }

    /// `resolveAll` found no contributions of `Service`: a mix-up worth an error when `Service` is
    /// registered with `register`, otherwise `nil` (an empty multi-binding is fine).
    func nothingContributed<Service>(_ type: Service.Type, fileID: StaticString, line: UInt) -> ResolutionError? {
        let id = ObjectIdentifier(Service.self)
        let registered = allKeys().filter { ObjectIdentifier($0.serviceType) == id }
        guard !registered.isEmpty else { return nil }
        let (typeText, typeExpression) = Self.spelling(of: Service.self)
        return ResolutionError(
            code: .notRegistered,
            summary: "cannot resolve every `\(typeText)`: nothing is contributed (it is registered with register).",
            path: currentPath(then: Key.allContributions(of: Service.self)),
            fileID: "\(fileID)", line: Int(line),
            nearMisses: Array(registered.map(\.description).prefix(6)),
            fix: "contribute each implementation with container.contribute(\(typeExpression).self) { … } or "
                + "Contribute(\(typeExpression).self) { … } in a module; resolveAll returns contributions only.")
    }

    /// A single resolve of a type that only has multi-binding contributions: `nil` when that is not the case.
    func onlyContributed(_ key: Key, fileID: StaticString, line: UInt) -> ResolutionError? {
        guard key.origin == nil else { return nil }
        let id = ObjectIdentifier(key.serviceType)
        let sameType = allKeys().filter { ObjectIdentifier($0.serviceType) == id }
        guard sameType.contains(where: \.isContribution), sameType.allSatisfy(\.isContribution) else { return nil }
        let (typeText, typeExpression) = Self.spelling(of: key.serviceType)
        let nameText = key.name.map { " named \"\($0)\"" } ?? ""
        return ResolutionError(
            code: .notRegistered,
            summary: "cannot resolve `\(typeText)`\(nameText) (no registration; it has multi-binding contributions).",
            path: currentPath(then: key), fileID: "\(fileID)", line: Int(line),
            nearMisses: Array(sameType.map(\.description).prefix(6)),
            fix: "resolve every contribution with resolveAll(\(typeExpression).self), or register one with "
                + "container.register(\(typeExpression).self) { … }.")
    }

    /// `any Plugin` and `(any Plugin)`: the type as read, and as written before `.self`.
    private static func spelling(of type: any Any.Type) -> (text: String, expression: String) {
        let text = TypeName.describe(type)
        return (text, TypeName.isExistential(type) ? "(\(text))" : text)
    }
}
