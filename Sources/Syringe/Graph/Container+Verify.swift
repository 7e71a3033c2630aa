extension Container {
    /// Proves the graph of declared dependencies without building anything, and reports every problem at
    /// once: for a unit test that fails before the app would.
    ///
    /// ```swift
    /// @Test func theAppGraphIsSound() throws {
    ///     let report = try AppContainer.make().verify()
    ///     print(report)   // verified 212 of 230 registrations; 18 opaque: `any Clock`, …
    /// }
    /// ```
    ///
    /// It checks every registration visible from this container (its parents' too) whose dependencies are
    /// declared (`using:`, components, forwardings): missing dependencies, cycles not broken by ``Lazy`` or
    /// ``Provider``, captive dependencies (a `.singleton` or `.cached` instance keeping one of a shorter-lived
    /// scope), synchronous or nonisolated registrations depending on async or `@MainActor` ones, and a parent's
    /// stored registration depending on a key only a child registers. Opaque registrations (closures) are
    /// counted and named, not checked: see <doc:VerifyingTheGraph> for what is proven and what is not.
    ///
    /// - Returns: How much was verified; its description is the coverage line.
    /// - Throws: One ``ResolutionError`` with code ``ResolutionError/Code/multiple`` listing every problem,
    ///   each with its path, the registration's place and a fix.
    @discardableResult
    public func verify(fileID: StaticString = #fileID, line: UInt = #line) throws -> VerificationReport {
        try verify(GraphModel(self), roots: nil, fileID: FileID(fileID), line: line)
    }

    /// Proves the graph as ``verify(fileID:line:)`` does, and also reports the registrations that none of
    /// `roots` reaches: what the app never uses, or uses through a closure whose dependencies are not declared.
    ///
    /// ```swift
    /// try container.verify(roots: [App.self, BackgroundSync.self])
    /// ```
    ///
    /// Paths in messages start at a root. Keys of key paths and multi-binding contributions are never
    /// reported as unreachable: property wrappers and `resolveAll` reach them, which no declaration shows.
    @discardableResult
    public func verify(
        roots: [any Any.Type], fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> VerificationReport {
        let keys = roots.map { Key(serviceType: $0, name: nil, argumentTypes: nil) }
        let model = GraphModel(self, roots: keys, fileID: fileID, line: line)
        return try verify(model, roots: keys, fileID: FileID(fileID), line: line)
    }

    private func verify(
        _ model: GraphModel, roots: [Key]?, fileID: FileID, line: UInt
    ) throws -> VerificationReport {
        let checks = GraphChecks(model, roots: roots != nil)
        var problems = checks.missingRoots(roots ?? [], fileID: fileID, line: line)
        problems += checks.missing()
        problems += checks.cycles()
        problems += checks.captives()
        problems += checks.executions()
        if let roots { problems += checks.unreachable(roots: roots) }
        let report = VerificationReport(model)
        if !problems.isEmpty {
            throw Diagnostics.verification(problems, coverage: report.description, fileID: fileID, line: line)
        }
        return report
    }
}

/// What ``Container/verify(fileID:line:)`` covered: how many registrations declare their dependencies (and
/// were checked) and which are opaque (closures, whose dependencies only running them shows).
///
/// ```swift
/// let report = try container.verify()
/// print(report)              // verified 212 of 230 registrations; 18 opaque: `any Clock`, …
/// #expect(report.opaque.isEmpty)
/// ```
public struct VerificationReport: Sendable, CustomStringConvertible {
    /// How many registrations are visible from the container (its parents' included).
    ///
    /// ```swift
    /// let registrations = report.registrations   // 230
    /// ```
    public let registrations: Int
    /// How many of them declare their dependencies, and so were verified.
    ///
    /// ```swift
    /// let verified = report.verified   // 212
    /// ```
    public let verified: Int
    /// The keys of the opaque ones, in registration order.
    ///
    /// ```swift
    /// let opaque = report.opaque.map(\.description)   // ["any Clock", …]
    /// ```
    public let opaque: [Key]

    init(_ model: GraphModel) {
        var opaque: [Key] = []
        for node in model.visible where !model.traits[node].isDeclared { opaque.append(model.nodes[node].key) }
        registrations = model.visible.count
        verified = registrations - opaque.count
        self.opaque = opaque
    }

    /// The coverage line: `verified 212 of 230 registrations; 18 opaque: `any Clock`, …`. Up to ten opaque
    /// keys are named, then how many more there are.
    ///
    /// ```swift
    /// print(report)
    /// ```
    public var description: String {
        let noun = registrations == 1 ? "registration" : "registrations"
        var text = "verified \(verified) of \(registrations) \(noun); \(opaque.count) opaque"
        guard !opaque.isEmpty else { return text }
        text += ": " + opaque.prefix(10).map { "`\($0)`" }.joined(separator: ", ")
        if opaque.count > 10 { text += ", and \(opaque.count - 10) more" }
        return text
    }
}
