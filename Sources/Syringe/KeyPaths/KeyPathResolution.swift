/// The plumbing of the key-path faces: how a property access becomes a produce of the engine.
extension Container {
    /// Evaluates `keyPath` (after remaps) with the place of the request published for failure messages.
    func resolveKeyPath<Value>(_ keyPath: KeyPath<Container, Value>, fileID: StaticString, line: UInt) -> Value {
        let target = InjectionMapper.target(for: keyPath)
        return FailureReporting.at(FileID(fileID), line) { self[keyPath: target] }
    }

    /// Produces the value of a key-path key: its override if one is registered, else its default from
    /// `factory`, kept per `scope` in the root container of this one. Stops the program on failure.
    func produceKeyPathValue<Value>(
        _ origin: Key.Origin, scope: Scope, liveOnly: @autoclosure () -> Bool = false, fileID: StaticString,
        line: UInt, factory: () throws -> Value
    ) -> Value {
        let key = Key(serviceType: Value.self, name: nil, argumentTypes: nil, origin: origin)
        if let slot = KeyLearning.slot.pointer, slot.pointee.key == nil {
            slot.pointee.key = key
            // An override by a factory is installed now, with the property's scope: this read builds through it.
            slot.pointee.install?(key, scope)
        }
        let found =
            lookup(key)
            ?? installDefault(key, as: Value.self, scope: scope, liveOnly: liveOnly(), fileID: fileID, line: line)
        do {
            guard found.entry.service.identity == ObjectIdentifier(Value.self) else {
                return try convertedOverride(found, key: key, to: Value.self)
            }
            // A kept instance published for the lock-free path is copied out as `resolve` does, without the
            // slot's lock; a container with a policy (a test container) or a shut-down one takes the engine's way.
            if links.words != nil, found.owner.links.words != nil, !found.owner.closed.isSet {
                // Not a function returning `Value?`: an optional of a generic type costs a metadata lookup here.
                let section = ReadSection.begin()
                if let payload = found.entry.publishedPayload {
                    let value = payload.value(Value.self)
                    section.end()
                    return value
                }
                section.end()
            }
            let output = Scratch.push(Value.self)
            defer { Scratch.pop(output, Value.self) }
            if found.entry.isPerRequest {
                // A kept value is built from what the container that keeps it sees (the root, or a test container),
                // whichever container it is first read through: a plain child's overrides never reach its parent's
                // value. A value kept nowhere is built from here.
                let builder = found.entry.storage == .stored ? found.owner : self
                try PerRequestFactory.with(
                    key,
                    { output in
                        output.initialize(as: Value.self, to: try builder.asShared(factory))
                    }
                ) { body in
                    try found.owner.produce(found.entry, requester: self, arguments: body, into: output)
                }
            } else {
                try found.owner.produce(found.entry, requester: self, arguments: nil, into: output)
            }
            return output.move(Value.self)
        } catch {
            FailureReporting.stop(error, fileID: fileID, line: line)
        }
    }

    /// Runs a key's default or a property's factory with this container (the one being read, or the one that keeps
    /// the value) as ``Container/shared``: a default that reads another key (`Container[\.x]`, an `@Injected` of
    /// what it builds) sees this container's overrides, not the task's container, and what is kept here was computed
    /// from here. Binds nothing when this container already is the shared one (an app's reads), and an app whose
    /// reads never bind a container keeps the property wrappers' fast path once the default returned. A `provide`
    /// closure's `self` is the container the property was read on, whatever this binds.
    private func asShared<Value>(_ factory: () throws -> Value) rethrows -> Value {
        if self === Container.shared { return try factory() }
        return try Container.bindingWhile(self, operation: factory)
    }

    /// An override whose static type differs from the getter's: Swift infers a plain closure,
    /// `provide { return Concrete() }`, as `Concrete`, while the setter passes the property's declared type.
    private func convertedOverride<Value>(_ found: Found, key: Key, to: Value.Type) throws -> Value {
        let layout = found.entry.service
        let output = Scratch.push(size: layout.size, alignment: layout.alignment)
        defer { Scratch.pop(output, alignment: layout.alignment) }
        try found.owner.produce(found.entry, requester: self, arguments: nil, into: output)
        let value = layout.load(output)
        layout.destroy(output)
        if let converted = value as? Value { return converted }
        throw Diagnostics.typeMismatch(
            key, entry: found.entry, overrideType: type(of: value), getterType: Value.self)
    }

    /// Installs the default entry of a key-path key in the root container, unless another thread did first.
    func installDefault<Value>(
        _ key: Key, as: Value.Type, scope: Scope, liveOnly: Bool, fileID: StaticString, line: UInt
    ) -> Found {
        let home = homeForDefaults
        let entry = Entry(
            key: key, scope: scope, service: ServiceType(of: Value.self), factory: .perRequest, fileID: FileID(fileID),
            line: line)
        entry.isLiveOnly = liveOnly
        home.policy?.reachedAncestor(entry)
        return Found(entry: home.registry.installIfAbsent(entry), owner: home)
    }

    /// Registers `value` for a key-path key in this container, replacing what was there. The place is the
    /// assignment's (`Container[\.x] = …`) when one is known, else the setter's.
    func override<Value>(_ key: Key, with value: Value, fileID: StaticString, line: UInt) {
        // A value that is not `Sendable` (an app module's protocol existential) is reachable only through its
        // property, so only from the isolation that property's code runs in (the main actor, in an app module).
        nonisolated(unsafe) let value = value
        let site = FailureReporting.currentSite.pointer?.pointee
        let entry = Entry(
            key: key, scope: .unique, service: ServiceType(of: Value.self),
            factory: .sync { _, _, output in output.initialize(as: Value.self, to: value) },
            fileID: site?.fileID ?? FileID(fileID), line: site?.line ?? line)
        install(entry)
    }

    /// Drops the instance kept for what `keyPath` names, wherever it is kept.
    func dropKept<Value>(_ keyPath: KeyPath<Container, Value>) {
        guard let key = learnKey(of: keyPath), let found = lookup(key) else { return }
        found.owner.drop([found.entry])
    }

    /// Which key `keyPath` names: the first key-path key its evaluation reaches. With `install`, that key's
    /// override is installed (given the key and the scope its property declares) before the read goes on.
    func learnKey<Value>(
        of keyPath: KeyPath<Container, Value>, installing install: ((Key, Scope) -> Void)? = nil
    ) -> Key? {
        func learn(_ install: ((Key, Scope) -> Void)?) -> Key? {
            var state = KeyLearning.State(install: install)
            withUnsafeMutablePointer(to: &state) { slot in
                let outer = KeyLearning.slot.pointer
                KeyLearning.slot.pointer = slot
                defer { KeyLearning.slot.pointer = outer }
                _ = self[keyPath: keyPath]
            }
            return state.key
        }
        guard let install else { return learn(nil) }
        return withoutActuallyEscaping(install) { learn($0) }
    }
}

extension Key {
    /// The key of a container property named `name` of `owner`, declared in `file` (`provide` and
    /// `override(_:)`).
    static func property<Value>(
        _ name: StaticString, of owner: any Any.Type, in file: StaticString, as value: Value.Type
    ) -> Key {
        Key(
            serviceType: Value.self, name: nil, argumentTypes: nil,
            origin: .property(owner: owner, name: name, file: file))
    }
}

/// Collects the key that a key-path evaluation reaches first (see `Container.learnKey(of:installing:)`).
enum KeyLearning {
    struct State {
        /// The first key reached, once it is.
        var key: Key?
        /// Installs the override of the key reached, with its property's scope, before the read builds.
        let install: ((Key, Scope) -> Void)?
    }

    static let slot = ThreadLocalPointer<State>(.keyLearning)
}
