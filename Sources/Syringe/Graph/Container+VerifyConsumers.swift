extension Container {
    /// Proves the graph as ``verify(fileID:line:)`` does, and also what each of `consumers` needs: types that
    /// resolve their own dependencies (`@Inject` properties) and that nobody registers. A consumer's needs are
    /// checked like a registration's declared dependencies (missing, ambiguous, async ones, captive scopes
    /// don't apply: a consumer keeps nothing for the container), and the consumer itself is not registered.
    ///
    /// ```swift
    /// @Test func everyScreenFindsItsDependencies() throws {
    ///     try AppContainer.make().verify(consumers: [GarageModel.self, ProfileModel.self])
    /// }
    /// ```
    ///
    /// A consumer resolves through ``Container/shared``, which is this container in the app (or in a test's
    /// override). It is assumed to be built where its dependencies can be built: a `@MainActor` dependency is
    /// not reported (a view model is main-actor code), an async one is (an initialiser cannot await it).
    ///
    /// - Returns: How much of the container's own graph was verified, as ``verify(fileID:line:)`` returns.
    /// - Throws: One ``ResolutionError`` with code ``ResolutionError/Code/multiple`` listing every problem;
    ///   a consumer's start their path with the consumer's type and name its declaration's place.
    @discardableResult
    public func verify(
        consumers: [any InjectionConsumer.Type], fileID: StaticString = #fileID, line: UInt = #line
    ) throws -> VerificationReport {
        // The consumers become registrations of a throwaway child, never built: the checks see them as nodes
        // whose dependencies are looked up from here, and this container is left as it was.
        let scratch = Container(parent: self)
        var added = Set<ObjectIdentifier>()
        var shadowing = 0
        for consumer in consumers where added.insert(ObjectIdentifier(consumer)).inserted {
            let needs = consumer.injectedDependencies
            let key = Key(serviceType: consumer, name: nil, argumentTypes: nil)
            if GraphModel.locate(key, from: self) != nil { shadowing += 1 }
            scratch.install(
                Entry(
                    key: key, scope: .unique, service: ServiceType(consumer),
                    factory: .mainActor { r, _, _ in throw Diagnostics.notSynchronouslyBuildable(key, in: r) },
                    file: needs.file, line: needs.lineNumber, declared: needs.dependencies))
        }
        let report = try scratch.verify(fileID: fileID, line: line)
        let consumersOnly = added.count - shadowing
        return VerificationReport(
            registrations: report.registrations - consumersOnly, verified: report.verified - consumersOnly,
            opaque: report.opaque)
    }
}

extension VerificationReport {
    init(registrations: Int, verified: Int, opaque: [Key]) {
        self.registrations = registrations
        self.verified = verified
        self.opaque = opaque
    }
}
