extension Container {
    /// Resolves `Service`: runs or reuses its registration's factory according to its scope.
    ///
    /// ```swift
    /// let car = try container.resolve(Car.self)
    /// let engine: any Engine = try container.resolve()
    /// let staging = try container.resolve(Token.self, name: "staging")
    /// ```
    ///
    /// - Throws: ``ResolutionError`` when nothing is registered, the argument types differ, a cycle is
    ///   found or a factory fails. The container stays fully usable afterwards.
    @_transparent
    public func resolve<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> Service {
        // Compiled into the caller, before optimisation and without a copy per service type: one call to code
        // compiled once in Syringe, which finds the instance, or builds it, and copies it out. The copy of a
        // published instance (inside its read section) stays in Syringe too: a call site is smaller, and no
        // read section ends in the app's code (see the Performance article, "The shape of a call site").
        if name == nil { return try resolvePlain(file: FileID(fileID), line: line) }
        return try resolveSlow(Service.self, name: name, fileID: FileID(fileID), line: line, joinsAsync: false)
    }

    /// A top-level resolve of a plain type: the body of ``resolve(_:name:fileID:line:)``, compiled once.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func resolvePlain<Service>(file: FileID, line: UInt) throws -> Service {
        try resolvePlain(Service.self, file: file, line: line, joinsAsync: false)
    }

    /// The resolve of a plain type key made through a factory's ``Resolution``, compiled once.
    @usableFromInline @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    func resolveFromFactory<Service>(file: FileID, line: UInt) throws -> Service {
        try resolvePlain(Service.self, file: file, line: line, joinsAsync: true)
    }

    /// The fast path's lookup of a plain type key (a published instance is copied out inside its read section),
    /// else the slow path.
    @inline(__always)
    private func resolvePlain<Service>(
        _ type: Service.Type, file: FileID, line: UInt, joinsAsync: Bool
    ) throws -> Service {
        let found = lookUpPlain(ObjectIdentifier(Service.self))
        if let payload = found.published {
            let instance = payload.value(Service.self)
            ReadSection.end(found.reader.unsafelyUnwrapped)
            return instance
        }
        return try resolveSlow(Service.self, found: found, file: file, line: line, joinsAsync: joinsAsync)
    }

    /// The slow path of a plain type key, after the fast path's lookup: `found` is the registration of this
    /// container (retained), or `nil` when the key must be looked up further. Inlined into its caller (a call
    /// less per first build or unique resolve).
    @inline(__always)
    func resolveSlow<Service>(
        _ type: Service.Type, found: PlainLookup, file: FileID, line: UInt, joinsAsync: Bool
    ) throws -> Service {
        let output = try buildPlain(Service.self, found: found, file: file, line: line, joinsAsync: joinsAsync)
        let value = output.move(Service.self)
        Scratch.pop(output)
        return value
    }

    /// Builds (or finds on the slow path) an instance of the plain type key `Service` into scratch memory,
    /// which the caller moves the instance out of and then pops: `found` is the registration of this
    /// container (retained), or `nil` when the key must be looked up further.
    @inline(__always)
    func buildPlain<Service>(
        _ type: Service.Type, found: PlainLookup, file: FileID, line: UInt, joinsAsync: Bool
    ) throws -> ValueAddress {
        let output = Scratch.push(Service.self)
        // Popped on the way out by an error rather than in a `defer`, which the compiler outlines into a call.
        do {
            let produced = try found.withEntry { entry in
                try produceFound(entry, joinsAsync: joinsAsync, into: output)
            }
            if !produced {
                try resolve(
                    plainType: Service.self, fileID: file, line: line, joinsAsync: joinsAsync,
                    into: output)
            }
        } catch {
            Scratch.pop(output)
            throw error
        }
        return output
    }

    /// Produces `entry`, the registration of this container that a lookup found, for a request made here;
    /// `joinsAsync` joins the path of the async factory that runs this resolve, if any.
    @inline(__always)
    func produceFound(_ entry: Entry, joinsAsync: Bool, into output: ValueAddress) throws {
        if joinsAsync, CurrentFrame.frame == nil, let asyncFrame = AsyncFrame.current {
            try produce(entry, joining: asyncFrame, into: output)
        } else {
            try produce(entry, requester: self, arguments: nil, into: output)
        }
    }

    /// ``produceFound(_:joinsAsync:into:)`` on the path of the async factory whose frame is `asyncFrame`. Out of
    /// line: the frame of the common case stays small (a deep chain stacks one per step).
    @inline(never)
    private func produce(_ entry: Entry, joining asyncFrame: AsyncFrame, into output: ValueAddress) throws {
        CurrentFrame.frame = asyncFrame.frame
        defer { CurrentFrame.frame = nil }
        try produce(entry, requester: self, arguments: nil, into: output)
    }

    /// Everything but the fast path of ``resolve(_:name:fileID:line:)``.
    @usableFromInline
    func resolveSlow<Service>(
        _ type: Service.Type, name: String?, fileID: FileID, line: UInt, joinsAsync: Bool
    ) throws -> Service {
        // Scratch memory, not a generic temporary: this code is not specialised, and a generic type over
        // `Service` here (a buffer, an optional, a result) would cost a metadata lookup per call.
        guard name != nil else {
            let output = Scratch.push(Service.self)
            defer { Scratch.pop(output, Service.self) }
            try resolve(plainType: Service.self, fileID: fileID, line: line, joinsAsync: joinsAsync, into: output)
            return output.move(Service.self)
        }
        // A named key's published instance is copied out without a lock, as a plain type's is; its registration
        // here, when nothing is published, is produced without a second lookup. The key lives in the frames of
        // the two calls that need it, not in this one, which stays on the stack while the instance is built: a
        // chain of named registrations then takes less stack per step.
        let found = lookUpNamed(Service.self, name: name)
        if let payload = found.published {
            let instance = payload.value(Service.self)
            ReadSection.end(found.reader.unsafelyUnwrapped)
            return instance
        }
        let output = Scratch.push(Service.self)
        defer { Scratch.pop(output, Service.self) }
        let produced = try found.withEntry { entry in
            try produceFound(entry, joinsAsync: joinsAsync, into: output)
        }
        if !produced {
            try resolveNamed(Service.self, name: name, fileID: fileID, line: line, joinsAsync: joinsAsync, into: output)
        }
        return output.move(Service.self)
    }

    /// The fast lookup of `type` named `name` (see `lookUpFast(_:retaining:)`), out of line so that its key takes
    /// no room in the caller's frame.
    @inline(never)
    private func lookUpNamed(_ type: any Any.Type, name: String?) -> PlainLookup {
        lookUpFast(Key(serviceType: type, name: name, argumentTypes: nil), retaining: .own)
    }

    /// Resolves `type` named `name` on the slow path (see `resolve(_:arguments:fileID:line:joinsAsync:into:)`),
    /// out of line for the same reason.
    @inline(never)
    private func resolveNamed(
        _ type: any Any.Type, name: String?, fileID: FileID, line: UInt, joinsAsync: Bool, into output: ValueAddress
    ) throws {
        try resolve(
            Key(serviceType: type, name: name, argumentTypes: nil), arguments: nil, fileID: fileID, line: line,
            joinsAsync: joinsAsync, into: output)
    }

    /// Resolves `Service` with arguments for its factory.
    ///
    /// ```swift
    /// container.register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }
    /// let greeter = try container.resolve(Greeter.self, arguments: "Ada", 3)
    /// ```
    ///
    /// - Throws: ``ResolutionError`` with code ``ResolutionError/Code/argumentMismatch`` when the service
    ///   is registered with other argument types.
    @_disfavoredOverload
    public func resolve<Service, each Argument>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        arguments: repeat each Argument,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) throws -> Service {
        try resolveSlow(Service.self, name: name, arguments: repeat each arguments, fileID: FileID(fileID), line: line)
    }

    /// Resolves with arguments: the key carries their types, the factory gets a pointer to them.
    func resolveSlow<Service, each Argument>(
        _ type: Service.Type, name: String?, arguments: repeat each Argument, fileID: FileID, line: UInt,
        joinsAsync: Bool = false
    ) throws -> Service {
        let key = Key(serviceType: Service.self, name: name, argumentTypes: (repeat each Argument).self)
        return try PackedArguments.with((repeat each arguments)) { (arguments) in
            let output = Scratch.push(Service.self)
            defer { Scratch.pop(output, Service.self) }
            try resolve(
                key, arguments: arguments, fileID: fileID, line: line, joinsAsync: joinsAsync,
                into: output)
            return output.move(Service.self)
        }
    }

    /// Resolves `key` into `output`: the one entry of every synchronous resolve. `joinsAsync` joins the path
    /// of the async factory that runs this resolve, if any (resolves made through `r`).
    func resolve(
        _ key: Key, arguments: PackedArguments?, fileID: FileID, line: UInt, joinsAsync: Bool,
        into output: ValueAddress
    ) throws {
        if joinsAsync, CurrentFrame.frame == nil, let asyncFrame = AsyncFrame.current {
            CurrentFrame.frame = asyncFrame.frame
            defer { CurrentFrame.frame = nil }
            return try resolve(key, arguments: arguments, fileID: fileID, line: line, joinsAsync: false, into: output)
        }
        // A strict test's container is told where a live-only dependency was read (see `TestPolicy`).
        guard let found = policy == nil ? lookup(key) : FailureReporting.at(fileID, line, { lookup(key) }) else {
            return try resolveUnregistered(key, arguments: arguments, fileID: fileID, line: line, into: output)
        }
        try found.owner.produce(found.entry, requester: self, arguments: arguments, into: output)
    }

    /// Resolves the plain type key of `type` into `output`: the common case of ``resolve(_:name:fileID:line:)``,
    /// which looks the registration up by the type's identity and makes the key only when it needs one. Out of
    /// line, so that the frames of the code that calls it on the way to a build stay small.
    @inline(never)
    func resolve(
        plainType type: any Any.Type, fileID: FileID, line: UInt, joinsAsync: Bool,
        into output: ValueAddress
    ) throws {
        if joinsAsync, CurrentFrame.frame == nil, AsyncFrame.current != nil {
            return try resolve(
                Key(serviceType: type, name: nil, argumentTypes: nil), arguments: nil, fileID: fileID, line: line,
                joinsAsync: true, into: output)
        }
        if let entry = registry.retainedEntry(forPlainType: ObjectIdentifier(type)) {
            return try produce(entry, requester: self, arguments: nil, into: output)
        }
        try resolve(
            Key(serviceType: type, name: nil, argumentTypes: nil), arguments: nil, fileID: fileID, line: line,
            joinsAsync: false, into: output)
    }

    /// Resolves `Service` if it is registered, or returns `nil` when nothing is registered for it.
    ///
    /// `nil` means only "not registered": when a registration exists but fails (a missing dependency,
    /// a cycle, a throwing factory), this stops the program with the error's message, as a mistake
    /// should not pass as an absent value. Use ``resolve(_:name:fileID:line:)`` to handle the error.
    ///
    /// ```swift
    /// let analytics = container.resolveIfRegistered(Analytics.self)   // Analytics?
    /// ```
    public func resolveIfRegistered<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Service? {
        guard isRegistered(Service.self, name: name) else { return nil }
        return resolved(Service.self, name: name, fileID: fileID, line: line)
    }

    /// Resolves `Service` or stops the program with the error's message: for places that cannot throw,
    /// such as default arguments (constructor injection).
    ///
    /// ```swift
    /// final class Car {
    ///     init(engine: any Engine = Container.shared.resolved()) { … }
    /// }
    /// ```
    ///
    /// Prefer ``resolve(_:name:fileID:line:)`` where you can throw; run `try container.resolve(…)` for such
    /// types in a test to find the failure before users do.
    public func resolved<Service>(
        _ type: Service.Type = Service.self,
        name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Service {
        do {
            // Unnamed, a published instance is copied out on the lock-free fast path, as `resolve` does.
            if name == nil { return try resolveFromFactory(file: FileID(fileID), line: line) }
            return try resolveSlow(Service.self, name: name, fileID: FileID(fileID), line: line, joinsAsync: true)
        } catch {
            FailureReporting.stop(Diagnostics.forCodeThatCannotAwait(error), fileID: fileID, line: line)
        }
    }

    /// Whether `type` (under `name`) is registered here or in a parent.
    ///
    /// ```swift
    /// if !container.isRegistered(Analytics.self) { container.register(Analytics.self) { NoAnalytics() } }
    /// ```
    ///
    /// A protocol that a registered ``Component`` conforms to counts as registered.
    public func isRegistered<Service>(_ type: Service.Type, name: String? = nil) -> Bool {
        let key = Key(Service.self, name: name)
        return lookup(key) != nil || answersUnregistered(key)
    }
}
