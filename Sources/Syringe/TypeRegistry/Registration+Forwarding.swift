extension Registration {
    /// Also answers requests for `type` with this registration: one registration, one cache, several keys.
    /// Resolving `type` resolves this registration (from the requesting container) and hands its instance
    /// out as a `type`.
    ///
    /// ```swift
    /// container.register(V8Engine.self, scope: .singleton) { V8Engine() }
    ///     .forwarding((any Engine).self)
    /// let engine = try container.resolve((any Engine).self)   // the V8Engine singleton
    /// ```
    ///
    /// A registration that takes arguments is forwarded with them: resolve `type` with the same arguments.
    ///
    /// ```swift
    /// container.register(Cat.self) { (r, name: String) in Cat(name: name) }
    ///     .forwarding((any Animal).self)
    /// let animal = try container.resolve((any Animal).self, arguments: "Mimi")
    /// ```
    ///
    /// `type` must be the service type, a superclass of it or a protocol it conforms to; anything else stops
    /// the program here, with a message naming both types. A forwarded key is a registration of its own: it
    /// wins over components found by conformance, and a later registration of `type` replaces it.
    @discardableResult
    public func forwarding<Target>(
        _ type: Target.Type, name: String? = nil, fileID: StaticString = #fileID, line: UInt = #line
    ) -> Self {
        let target = ForwardTarget(Target.self)
        target.check(from: Service.self, fileID: FileID(fileID), line: line)
        target.install(forwarding: entry, name: name, in: container, fileID: FileID(fileID), line: line)
        return self
    }
}

/// A type that a registration is also resolved as, erased: what `forwarding` and component `as:` install.
struct ForwardTarget: @unchecked Sendable {
    // @unchecked Sendable: a metatype and its layout, immutable.
    let service: ServiceType

    init<Target>(_ type: Target.Type) {
        service = ServiceType(of: Target.self)
    }

    /// Stops the program when a `source` can never be handed out as this type.
    func check(from source: any Any.Type, fileID: FileID, line: UInt) {
        guard !Conformance.type(source, isConvertibleTo: service.type) else { return }
        FailureReporting.stop(
            Diagnostics.forwardingMismatch(source, as: service.type, fileID: fileID, line: line))
    }

    /// Installs, in `container`, the registration of this type that forwards to `entry`'s key.
    func install(forwarding entry: Entry, name: String?, in container: Container, fileID: FileID, line: UInt) {
        // A registration with arguments is forwarded with them: the forwarded type takes the same arguments.
        let key = Key(serviceType: service.type, name: name, argumentTypes: entry.key.argumentTypes)
        // Forwarding a registration to its own key would replace it with a loop: it already answers that key.
        guard key != entry.key else { return }
        container.install(Entry.forwarding(to: entry.key, as: key, service: service, fileID: fileID, line: line))
    }
}

extension Entry {
    /// A registration that answers `key` with the registration of `target`, converted: looked up from the
    /// requesting container on every resolve, so test containers that keep their own instances keep this
    /// one too, and a stored target keeps one instance for every key.
    static func forwarding(
        to target: Key, as key: Key, service: ServiceType, fileID: FileID, line: UInt
    ) -> Entry {
        let entry = Entry(
            key: key, scope: .unique, service: service,
            factory: .sync { resolution, arguments, output in
                let container = resolution.container
                guard let found = container.lookup(target) else {
                    throw Diagnostics.missing(target, in: container, fileID: fileID, line: line)
                }
                let value = try found.owner.produceErased(found.entry, requester: container, arguments: arguments)
                guard service.store(value, to: output) else {
                    throw Diagnostics.typeMismatch(
                        key, entry: found.entry, overrideType: type(of: value), getterType: service.type)
                }
            },
            fileID: fileID, line: line, declared: [DeclaredDependency(key: target, kind: .forwarding)])
        entry.forwardingTarget = target
        return entry
    }
}
