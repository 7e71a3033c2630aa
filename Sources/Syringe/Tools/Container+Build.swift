extension Container {
    /// Builds every `.singleton` registration of this container now, and reports every problem at once.
    ///
    /// Call it at start-up, after registering: the singletons are ready before the first request, and a
    /// mistake anywhere in their graphs (a missing dependency, a cycle, a throwing factory) shows up at
    /// once, all together, instead of one at a time. A failure does not stop the others from building.
    ///
    /// ```swift
    /// let container = Container { LocationModule(); NetworkModule() }
    /// do {
    ///     try container.build()
    /// } catch {
    ///     print(error)   // Syringe: build() found 3 problems.  1. … 2. … 3. …
    /// }
    /// ```
    ///
    /// Only this container's own singletons are built (a parent has its own `build()`); registrations with
    /// arguments or async factories are skipped, as there is nothing to build them with here. Other scopes
    /// are not run: use ``validate(fileID:line:)`` in a test to check every registration.
    ///
    /// - Throws: One ``ResolutionError`` with code ``ResolutionError/Code/multiple``; its
    ///   ``ResolutionError/errors`` holds each problem, once, in registration order.
    public func build(fileID: StaticString = #fileID, line: UInt = #line) throws {
        let singletons = ownEntries().filter { $0.scope == .singleton }.map { (entry: $0, owner: self) }
        let errors = Self.problems(resolving: singletons, for: self)
        if !errors.isEmpty {
            throw Diagnostics.problems(errors, foundBy: "build()", fileID: FileID(fileID), line: line)
        }
    }

    /// Builds every `.singleton` registration of this container now, async ones too, and reports every problem
    /// at once: the async form of ``build(fileID:line:)``. A main-actor singleton (written in main-actor code) is
    /// built on the main actor, after a hop when this task runs elsewhere.
    ///
    /// ```swift
    /// try await container.buildAsync()   // connects the database (an async factory) before the first request
    /// ```
    ///
    /// - Throws: One ``ResolutionError`` with code ``ResolutionError/Code/multiple`` listing each problem.
    public func buildAsync(
        isolation: isolated (any Actor)? = #isolation, fileID: StaticString = #fileID, line: UInt = #line
    ) async throws {
        var errors: [ResolutionError] = []
        var seen = Set<ProblemIdentity>()
        for entry in ownEntries() where entry.scope == .singleton && entry.key.argumentTypes == nil {
            do {
                if entry.needsAsync {
                    _ = try await produceAsync(entry, requester: self, arguments: nil)
                } else if entry.needsMainActor, !MainActorCheck.isCurrent {
                    // Built on the main actor, as `resolveAsync` builds it from elsewhere; nothing is handed back.
                    try await MainActor.run { _ = try self.produceErased(entry, requester: self) }
                } else {
                    _ = try produceErased(entry, requester: self)
                }
            } catch let error as ResolutionError {
                if seen.insert(ProblemIdentity(error)).inserted { errors.append(error) }
            } catch {
                // The engine throws ResolutionError only.
            }
        }
        if !errors.isEmpty {
            throw Diagnostics.problems(errors, foundBy: "buildAsync()", fileID: FileID(fileID), line: line)
        }
    }

    /// Resolves every registration visible from this container once, in a throwaway copy, and reports
    /// every problem at once: for a test that finds failures before a property wrapper or
    /// `resolved()` would stop the program.
    ///
    /// The copy has the same registrations (this container's and its parents') with slots of their own,
    /// so nothing built here is kept and no instance already kept is replaced. Factories do run.
    ///
    /// ```swift
    /// @Test func theAppGraphResolves() throws {
    ///     try Container { AppModule() }.validate()
    /// }
    /// ```
    ///
    /// Registrations with arguments or async factories are skipped.
    ///
    /// - Throws: One ``ResolutionError`` with code ``ResolutionError/Code/multiple`` listing each problem.
    public func validate(fileID: StaticString = #fileID, line: UInt = #line) throws {
        let copy = throwawayCopy()
        var seen = Set<Key>()
        var targets: [(entry: Entry, owner: Container)] = []
        // Root first, each key once, answered by the registration this container would use.
        for container in copy.lineage.reversed() {
            for key in container.registry.allKeys where seen.insert(key).inserted {
                if let found = copy.lookup(key) { targets.append((found.entry, found.owner)) }
            }
        }
        let errors = Self.problems(resolving: targets, for: copy)
        if !errors.isEmpty {
            throw Diagnostics.problems(errors, foundBy: "validate()", fileID: FileID(fileID), line: line)
        }
    }

    /// Resolves each target as a top-level request of `requester` and collects the failures, each
    /// problem once (a problem shared by several graphs is reported for the first).
    private static func problems(
        resolving targets: [(entry: Entry, owner: Container)], for requester: Container
    ) -> [ResolutionError] {
        var errors: [ResolutionError] = []
        var seen = Set<ProblemIdentity>()
        // Declared dependencies are checked first: a registration missing two of them reports both.
        let declared = targets.contains { $0.entry.declared != nil } ? GraphModel(requester) : nil
        for (entry, owner) in targets where entry.isResolvableAlone {
            let unresolved = declared?.unresolvedProblems(building: entry, owner: owner) ?? []
            for error in unresolved where seen.insert(ProblemIdentity(error)).inserted { errors.append(error) }
            if !unresolved.isEmpty { continue }
            do {
                _ = try owner.produceErased(entry, requester: requester)
            } catch let error as ResolutionError {
                if seen.insert(ProblemIdentity(error)).inserted { errors.append(error) }
            } catch {
                // The engine throws ResolutionError only.
            }
        }
        return errors
    }

    /// A copy of this container and its parents with the same registrations, each with a slot of its own.
    private func throwawayCopy() -> Container {
        let copy = Container(parent: parent?.throwawayCopy())
        for entry in ownEntries() { copy.install(entry.throwawayCopy()) }
        return copy
    }

    /// Resolves `entry` (a registration of this container) for `requester` as a top-level request, as `Any`.
    func produceErased(_ entry: Entry, requester: Container, arguments: PackedArguments? = nil) throws -> Any {
        let layout = entry.service
        let output = Scratch.push(size: layout.size, alignment: layout.alignment)
        defer { Scratch.pop(output, alignment: layout.alignment) }
        try produce(entry, requester: requester, arguments: arguments, into: output)
        let value = layout.load(output)
        layout.destroy(output)
        return value
    }
}

/// What makes two errors the same problem: a cycle is the same loop whichever key entered it; running out
/// of stack is one problem, whichever link of a long chain it struck (each registration of the chain,
/// resolved in turn, would otherwise fail at a link of its own: hundreds of reports of one cause); anything
/// else is the same failing key at the same place.
private struct ProblemIdentity: Hashable {
    let code: ResolutionError.Code
    let keys: Set<Key>
    let place: String

    init(_ error: ResolutionError) {
        code = error.code
        if error.code == .cycle, let last = error.path.last, let start = error.path.firstIndex(of: last) {
            keys = Set(error.path[start...])
            place = ""
        } else if error.code == .tooDeep {
            keys = []
            place = ""
        } else {
            keys = Set(error.path.suffix(1))
            place = "\(error.fileID):\(error.line)"
        }
    }
}
