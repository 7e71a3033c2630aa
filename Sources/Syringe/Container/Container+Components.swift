/// Components: types that Syringe builds with their `init()`, and that answer for the protocols they
/// conform to (found once per protocol through the runtime, then remembered until registrations change).
extension Container {
    /// Registers a ``Component`` to be built with its `init()`.
    ///
    /// The component answers requests for its own type and, when nothing is registered for a protocol it
    /// conforms to, for that protocol too: the latest conforming component registration wins.
    ///
    /// ```swift
    /// container.register(Settings.self)
    /// container.register(ProductionToken.self, scope: .singleton)
    /// let token = try container.resolve((any Token).self)   // the ProductionToken
    /// ```
    ///
    /// - Parameters:
    ///   - type: The component type.
    ///   - name: Tells apart several registrations of one type; a protocol requested with this name finds it.
    ///   - scope: Where instances are kept; ``Scope/unique`` (the default) builds one per resolve.
    ///   - fileID: Where the registration is made, for error messages; leave the default.
    ///   - line: The line of the registration, for error messages; leave the default.
    @discardableResult
    public func register<C: Component>(
        _ type: C.Type,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Registration<C> {
        addComponent(C.self, name: name, scope: scope, group: newComponentGroup(), fileID: fileID, line: line)
    }

    /// Registers several ``Component`` types in one call, each built with its `init()`.
    ///
    /// Components registered together have no order between them: when two of them conform to a protocol
    /// that is then requested, resolving it is an ``ResolutionError/Code/ambiguous`` error naming both.
    ///
    /// ```swift
    /// container.register(Settings.self, ProductionToken.self, SystemClock.self)
    /// ```
    @discardableResult
    public func register<First: Component, Second: Component, each More: Component>(
        _ first: First.Type,
        _ second: Second.Type,
        _ more: repeat (each More).Type,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> (Registration<First>, Registration<Second>, repeat Registration<each More>) {
        let group = newComponentGroup()
        return (
            addComponent(First.self, name: name, scope: scope, group: group, fileID: fileID, line: line),
            addComponent(Second.self, name: name, scope: scope, group: group, fileID: fileID, line: line),
            repeat addComponent(each more, name: name, scope: scope, group: group, fileID: fileID, line: line)
        )
    }

    /// Registers a ``Component`` and forwards the given types to it: one registration, one cache, several
    /// keys. Resolving any of them gives the same instance of a stored scope.
    ///
    /// ```swift
    /// container.register(ProductionToken.self, as: (any Token).self, scope: .singleton)
    /// let token = try container.resolve((any Token).self)
    /// let same = try container.resolve(ProductionToken.self)   // the same singleton
    /// ```
    ///
    /// An explicit forwarding is a registration of the forwarded key, so it wins over components found
    /// by conformance. Each forwarded type must be the component's type, a superclass of it or a protocol
    /// it conforms to; anything else stops the program at registration with a message naming both types.
    @discardableResult
    public func register<C: Component, each Forwarded>(
        _ type: C.Type,
        as forwarded: repeat (each Forwarded).Type,
        name: String? = nil,
        scope: Scope = .unique,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Registration<C> {
        // Every forwarded type is checked before anything is installed, so a mistake leaves no trace.
        for target in repeat each forwarded {
            if !Conformance.type(C.self, isConvertibleTo: target) {
                let message = forwardingMismatch(C.self, as: target, fileID: fileID, line: line)
                preconditionFailure(message, file: fileID, line: line)
            }
        }
        let registration = addComponent(
            C.self, name: name, scope: scope, group: newComponentGroup(), fileID: fileID, line: line)
        for target in repeat each forwarded {
            forward(registration.entry, as: target, name: name)
        }
        return registration
    }

    // MARK: - Plumbing

    /// A new group for components registered together (one call; a builder could use one per block).
    func newComponentGroup() -> UInt64 {
        registry.newComponentGroup()
    }

    /// Registers `C` by its `init()` as a member of `group` (see ``newComponentGroup()``).
    func addComponent<C: Component>(
        _ type: C.Type, name: String?, scope: Scope, group: UInt64, fileID: StaticString, line: UInt
    ) -> Registration<C> {
        let key = Key(C.self, name: name)
        let entry = Entry<C>(key: key, scope: scope, factory: .plain { C() }, fileID: fileID, line: line)
        registry.install(entry, component: C.self, group: group)
        return Registration(entry: entry)
    }

    private func forward<C, Target>(_ entry: Entry<C>, as target: Target.Type, name: String?) {
        let key = Key(Target.self, name: name)
        install(Entry<Target>.forwarding(to: entry.key, as: key, fileID: entry.fileID, line: entry.line))
    }

    /// The entry that answers the unregistered `key` by conformance, from the nearest container with a
    /// conforming component, and that container; `nil` when none has one. Runs only after a lookup missed.
    ///
    /// - Throws: ``ResolutionError/Code/ambiguous`` when the latest conforming components of that
    ///   container were registered in one call.
    func forwardingByConformance<Service>(
        to key: Key, as type: Service.Type, fileID: StaticString, line: UInt
    ) throws(ResolutionError) -> (entry: Entry<Service>, owner: Container)? {
        guard key.argumentTypes == nil, key.origin == nil, TypeName.isExistential(Service.self) else { return nil }
        for container in lineage {
            switch container.conformanceAnswer(for: key, as: Service.self) {
            case .none:
                continue
            case let .found(entry):
                return (unsafeDowncast(entry, to: Entry<Service>.self), container)
            case let .ambiguous(candidates):
                throw ambiguous(key, candidates: candidates, fileID: fileID, line: line)
            }
        }
        return nil
    }

    /// Whether some container of the chain answers `key` by conformance (even ambiguously).
    func answersByConformance<Service>(_ key: Key, as type: Service.Type) -> Bool {
        guard key.argumentTypes == nil, key.origin == nil, TypeName.isExistential(Service.self) else { return false }
        return lineage.contains { container in
            if case .none = container.conformanceAnswer(for: key, as: Service.self) { return false }
            return true
        }
    }

    /// This container's answer for `key`: memoised per key and registry generation. The scan asks the
    /// runtime about every component of this container and happens outside the registry's lock.
    private func conformanceAnswer<Service>(for key: Key, as type: Service.Type) -> ConformanceAnswer {
        let snapshot = registry.conformanceSnapshot(for: key)
        if let answer = snapshot.answer { return answer }
        if snapshot.components.isEmpty { return .none }
        let conforming = snapshot.components
            .filter { $0.entry.key.name == key.name && Conformance.type($0.type, conformsTo: Service.self) }
            .sorted { $0.sequence < $1.sequence }
        let answer: ConformanceAnswer
        if let latest = conforming.last {
            let together = conforming.filter { $0.group == latest.group }
            answer = together.count > 1
                ? .ambiguous(together)
                : .found(Entry<Service>.forwarding(
                    to: latest.entry.key, as: key, fileID: latest.entry.fileID, line: latest.entry.line))
        } else {
            answer = .none
        }
        registry.remember(answer, for: key, computedAt: snapshot.generation)
        return answer
    }
}
