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
        addComponent(C.self, name: name, scope: scope, group: components.newGroup(), fileID: FileID(fileID), line: line)
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
        let group = components.newGroup()
        return (
            addComponent(First.self, name: name, scope: scope, group: group, fileID: FileID(fileID), line: line),
            addComponent(Second.self, name: name, scope: scope, group: group, fileID: FileID(fileID), line: line),
            repeat addComponent(each more, name: name, scope: scope, group: group, fileID: FileID(fileID), line: line)
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
        var targets: [ForwardTarget] = []
        for target in repeat each forwarded { targets.append(ForwardTarget(target)) }
        return register(C.self, forwardingTo: targets, name: name, scope: scope, fileID: FileID(fileID), line: line)
    }

    /// Registers `C` and the forwardings of `targets`, each checked before anything is installed.
    func register<C: Component>(
        _ type: C.Type, forwardingTo targets: [ForwardTarget], name: String?, scope: Scope, fileID: FileID,
        line: UInt
    ) -> Registration<C> {
        for target in targets { target.check(from: C.self, fileID: fileID, line: line) }
        let registration = addComponent(
            C.self, name: name, scope: scope, group: components.newGroup(), fileID: fileID, line: line)
        for target in targets {
            target.install(forwarding: registration.entry, name: name, in: self, fileID: fileID, line: line)
        }
        return registration
    }

    // MARK: - Plumbing

    /// This container's component index.
    var components: ComponentIndex { state(ComponentIndex.self) { ComponentIndex() } }

    /// Registers `C` by its `init()` as a member of `group`.
    func addComponent<C: Component>(
        _ type: C.Type, name: String?, scope: Scope, group: UInt64, fileID: FileID, line: UInt
    ) -> Registration<C> {
        let entry = Entry(
            key: Key(C.self, name: name), scope: scope, service: ServiceType(of: C.self),
            factory: .sync { _, _, output in output.initialize(as: C.self, to: C()) }, fileID: fileID,
            line: line, declared: [])
        // Recorded before it is installed: see `ComponentIndex.add`.
        components.add(entry, type: C.self, group: group)
        install(entry)
        return Registration(entry: entry, container: self)
    }
}

/// The rule for a protocol nothing is registered under: the nearest container with a conforming component
/// answers with its latest one.
enum ConformingComponent: UnregisteredKeyFallback {
    static func resolve(
        _ key: Key, in container: Container, arguments: PackedArguments?, fileID: FileID, line: UInt,
        into output: ValueAddress
    ) throws -> Bool {
        switch nearestAnswer(for: key, from: container) {
        case nil:
            return false
        case .found(let entry, let owner)?:
            try owner.produce(entry, requester: container, arguments: nil, into: output)
            return true
        case .ambiguous(let candidates)?:
            throw Diagnostics.ambiguous(key, candidates: candidates, fileID: fileID, line: line)
        }
    }

    static func answers(_ key: Key, in container: Container) -> Bool {
        nearestAnswer(for: key, from: container) != nil
    }

    /// What answers a protocol `key` asked of `container`: the answer of the nearest container with a
    /// conforming component (and that container), or `nil` when none has one or `key` is no protocol.
    static func nearestAnswer(for key: Key, from container: Container) -> NearestAnswer? {
        guard key.argumentTypes == nil, key.origin == nil, TypeName.isExistential(key.serviceType) else { return nil }
        for owner in container.lineage {
            guard let index = owner.existingState(ComponentIndex.self) else { continue }
            switch index.answer(for: key, in: owner.registry) {
            case .none: continue
            case .found(let entry): return .found(entry, owner: owner)
            case .ambiguous(let candidates): return .ambiguous(candidates)
            }
        }
        return nil
    }

    enum NearestAnswer {
        case found(Entry, owner: Container)
        case ambiguous([Key])
    }
}
