/// The synchronous engine: produces an instance of a registration into memory the caller provides.
extension Container {
    /// Produces an instance of `entry` (a registration of this container) for a request made to
    /// `requester` (this container or a descendant) into `output`, uninitialised memory of its service type.
    func produce(
        _ entry: Entry, requester: Container, arguments: PackedArguments?, into output: ValueAddress
    ) throws {
        if _slowPath(requester.links.words == nil || links.words == nil) { tellPolicy(entry, requester: requester) }
        if _slowPath(entry.needsCheck) {
            if try reusedWithinResolution(entry, requester: requester, into: output) { return }
            try requireSynchronous(entry)
        }
        switch entry.storage {
        case .none:
            // Unique and graph instances are not kept here, so their dependencies come from the requesting
            // container: a child's registrations apply to a parent's factories.
            try build(entry, role: .unique, in: requester, into: output, arguments: arguments)
        case .graph:
            try produceGraph(entry, requester: requester, into: output, arguments: arguments)
        case .stored:
            // Stored instances are built from what their own container sees, so a parent's singleton never
            // depends on which child asked for it first.
            if _slowPath(entry.scope.isCustom) {
                let inOpenScope: Void? = try Engine.withOpenScope(for: entry.scope, under: CurrentFrame.frame) {
                    (scope, head) in
                    try produceScoped(
                        entry, in: scope, head: head, requester: requester, into: output, arguments: arguments)
                }
                if inOpenScope != nil { return }
            }
            try produceStored(entry, slot: entry, in: nil, requester: requester, into: output, arguments: arguments)
        }
    }

    /// Tells the policy of a container whose instances the fast path may not read (a traced or test container)
    /// what is produced. Out of line, as the other rare paths of ``produce(_:requester:arguments:into:)``: a deep
    /// chain of registrations stacks its frame once per step, so it holds only what every build needs.
    @inline(never)
    private func tellPolicy(_ entry: Entry, requester: Container) {
        guard let policy = requester.policy ?? policy else { return }
        policy.willProduce(entry, reused: isKept(entry, for: requester))
    }

    /// The instance of a custom scope's registration in an open scope: the one in its slot, else built there once
    /// however many tasks of the scope ask at the same time. No lock: the slot's state word decides who builds.
    @inline(never)
    private func produceScoped(
        _ entry: Entry, in scope: OpenedScope, head: OpenedScope, requester: Container,
        into output: ValueAddress, arguments: PackedArguments?
    ) throws {
        if _slowPath(scope.isClosed) { throw Diagnostics.scopeEnded(entry) }
        let parent = CurrentFrame.frame
        try Engine.refuseCaptive(entry, from: parent ?? AsyncFrame.current?.frame)
        func inOverflow() throws {
            guard let overflow = scope.overflowSlot(for: entry) else { throw Diagnostics.scopeEnded(entry) }
            try produceStored(
                entry, slot: overflow, in: scope, requester: requester, into: output, arguments: arguments)
        }
        guard let slot = scope.slot(for: entry) else { return try inOverflow() }
        if let parent {
            if try reenter(entry, from: parent, into: output) { return }
            if let context = Engine.existingContext(of: parent), let pending = context.pendingInstance(for: slot) {
                entry.service.copy(from: pending.build.payload, to: output)
                Engine.taint(parent, with: pending.holder)
                return
            }
        }
        while true {
            switch slot.readOrClaim(in: scope, for: Frame.execution(of: parent)) {
            case .kept:
                // Built by a registration this one replaced (the scope was open then): that instance is not this one's.
                guard _fastPath(slot.holds(entry)) else { return try inOverflow() }
                entry.service.copy(from: slot.payload, to: output)
                return
            case .closed:
                throw Diagnostics.scopeEnded(entry)
            case .building(let ticket):
                try WaitGraph.wait(for: ticket, of: entry, under: parent)
            case .claimed:
                do {
                    try build(
                        entry, role: .scoped(.init(scope, slot, entry, head: head)), in: self, into: slot.payload,
                        arguments: arguments)
                } catch {
                    slot.abandon()
                    throw error
                }
                if _slowPath(!slot.isDone) {
                    // Kept when an outer frame finishes (a cycle closed by a hook): this resolution uses it now.
                    if let parent, let context = Engine.existingContext(of: parent),
                        context.pendingInstance(for: slot) != nil
                    {
                        entry.service.copy(from: slot.payload, to: output)
                        return
                    }
                    // The scope was closed while the factory ran: nobody would dispose of the instance.
                    Disposal.runNow([Disposal.Item(entry: entry, instance: .moving(entry.service, from: slot.payload))])
                    throw Diagnostics.scopeEnded(entry)
                }
                entry.service.copy(from: slot.payload, to: output)
                return
            }
        }
    }

    /// The instance of a `.graph` registration: the one of this resolution, else a new one.
    private func produceGraph(
        _ entry: Entry, requester: Container, into output: ValueAddress, arguments: PackedArguments?
    ) throws {
        let graphKey = ResolutionContext.GraphKey(entry, requester)
        if let parent = CurrentFrame.frame {
            if try reenter(entry, from: parent, into: output) { return }
            if let context = Engine.existingContext(of: parent), let record = context.graphRecord(graphKey) {
                record.instance.copy(to: output)
                if let pending = record.hooksPendingAt { Engine.taint(parent, with: pending) }
                return
            }
        }
        let instance = Instance.make(entry.service)
        try build(entry, role: .graph(graphKey, instance), in: requester, into: instance.payload, arguments: arguments)
        instance.copy(to: output)
    }

    /// The instance of a stored scope: the kept one, else built exactly once however many threads and tasks
    /// ask at the same time.
    private func produceStored(
        _ entry: Entry, slot: InstanceSlot, in scope: OpenedScope?, requester: Container,
        into output: ValueAddress, arguments: PackedArguments?
    ) throws {
        let parent = CurrentFrame.frame
        if let parent {
            if try reenter(entry, from: parent, into: output) { return }
            if let context = Engine.existingContext(of: parent), let pending = context.pendingInstance(for: slot) {
                pending.instance.copy(to: output)
                Engine.taint(parent, with: pending.holder)
                return
            }
        }
        if _slowPath(closed.isSet), slot === entry { throw Diagnostics.shutDown(entry) }
        while true {
            switch slot.readOrClaim(for: Frame.execution(of: parent)) {
            case .kept(let instance):
                instance.copy(to: output)
                return
            case .object(let object):
                if entry.service.store(object, to: output) { return }
                throw Diagnostics.typeMismatch(
                    entry.key, entry: entry, overrideType: type(of: object), getterType: entry.key.serviceType)
            case .building(let ticket):
                try WaitGraph.wait(for: ticket, of: entry, under: parent)
            case .claimed(let ticket, let epoch):
                let instance = Instance.make(entry.service)
                do {
                    try build(
                        entry, role: .stored(.init(slot, instance, ticket, epoch: epoch)), in: self,
                        into: instance.payload, arguments: arguments)
                } catch {
                    slot.abandon(ticket)
                    throw error
                }
                if _slowPath(instance.sequence == 0) {
                    if let ended = endedDuringBuild(entry, slot: slot, in: scope) {
                        Disposal.runNow([Disposal.Item(entry: entry, instance: instance)])
                        throw ended
                    }
                    if overtakenByRetirement(entry, slot: slot, instance: instance, under: parent) {
                        // The registration was replaced or removed while its factory ran: the instance is disposed
                        // of (nobody keeps it), and the request gets what replaced the registration.
                        Disposal.runNow([Disposal.Item(entry: entry, instance: instance)])
                        return try produceReplacement(of: entry, requester: requester, into: output, arguments)
                    }
                    if overtakenByReset(entry, slot: slot, instance: instance, under: parent) {
                        // A reset emptied the slot while the factory ran: the instance is not kept (it may hold
                        // what the reset dropped), but it is disposed of, as if it had been built just before the
                        // reset. The request gets it, as it would get one that a reset then disposed of.
                        instance.copy(to: output)
                        Disposal.runNow([Disposal.Item(entry: entry, instance: instance)])
                        return
                    }
                }
                if _slowPath(closed.isSet), slot === entry, let orphan = slot.reset() {
                    // Claimed after `shutdown()` took what the slot kept: nobody else would dispose of it.
                    Disposal.runNow([Disposal.Item(entry: entry, instance: orphan)])
                    if orphan === instance { throw Diagnostics.shutDown(entry) }
                }
                instance.copy(to: output)
                return
            case .retired:
                // A slot of a closed scope's overflow store, or the slot of a replaced registration.
                if scope != nil { throw Diagnostics.scopeEnded(entry) }
                return try produceReplacement(of: entry, requester: requester, into: output, arguments)
            }
        }
    }

    /// Whether a stored build of `entry` that its slot did not keep was refused because the registration was
    /// replaced or removed meanwhile (not a build whose commit waits for an ancestor's frame under `parent`).
    @inline(never)
    func overtakenByRetirement(
        _ entry: Entry, slot: InstanceSlot, instance: Instance, under parent: FrameRef?
    ) -> Bool {
        guard slot === entry, slot.retired else { return false }
        guard let parent, let context = Engine.existingContext(of: parent) else { return true }
        return context.pendingInstance(for: slot)?.instance !== instance
    }

    /// Whether a stored build of `entry` that its slot did not keep was refused because a reset emptied the slot while
    /// it ran (not a `nil` result, which is never kept, not a `.shared` instance, which is never disposed of, and not
    /// a build whose commit waits for an ancestor's frame under `parent`). Asked after ``endedDuringBuild(_:slot:in:)``
    /// and ``overtakenByRetirement(_:slot:instance:under:)``.
    @inline(never)
    func overtakenByReset(_ entry: Entry, slot: InstanceSlot, instance: Instance, under parent: FrameRef?) -> Bool {
        guard !slot.keepsWeakly, !instance.type.isNil(at: instance.payload) else { return false }
        guard let parent, let context = Engine.existingContext(of: parent) else { return true }
        return context.pendingInstance(for: slot)?.instance !== instance
    }

    /// Resolves `entry`'s key anew for a request made to `requester`, after `entry` (a registration of this
    /// container) was replaced or removed: what replaced it, else what a request for a key nothing registers
    /// gets. A key-path key is never unregistered for its face, which installs its default on a read that finds
    /// nothing: when its override was removed (`reset(\.x)`) under this read, the read gets one instance of the
    /// removed registration, kept nowhere (as a unique one), and the next read the default; the same when a default
    /// installed meanwhile needs the factory this read did not bring (it was reading an override). One lookup
    /// decides: another reset between a second lookup and the resolve would leave the read with nothing.
    @inline(never)
    func produceReplacement(
        of entry: Entry, requester: Container, into output: ValueAddress, _ arguments: PackedArguments?
    ) throws {
        if entry.key.origin != nil {
            guard let found = requester.lookup(entry.key), !found.entry.isPerRequest || arguments != nil else {
                return try build(entry, role: .unique, in: self, into: output, arguments: arguments)
            }
            return try found.owner.produce(found.entry, requester: requester, arguments: arguments, into: output)
        }
        try requester.resolve(
            entry.key, arguments: arguments, fileID: entry.fileID, line: entry.line, joinsAsync: false, into: output)
    }

    /// Why a stored build that its slot did not keep (its instance has no place in the order of completed
    /// builds) was refused: its container was shut down, or the open scope that owns its slot (`scope`) was
    /// closed, while it ran. Nobody would ever dispose of such an instance, so the caller disposes of it and
    /// throws this. `nil` for a build a `reset` overtook (its caller gets the instance, then it is disposed of), or
    /// one whose commit waits for an ancestor's frame.
    func endedDuringBuild(_ entry: Entry, slot: InstanceSlot, in scope: OpenedScope?) -> ResolutionError? {
        if slot === entry { return closed.isSet ? Diagnostics.shutDown(entry) : nil }
        guard let scope, scope.isClosed else { return nil }
        return Diagnostics.scopeEnded(entry)
    }

    /// When `entry` is being built on the path ending at `frame`: copies its instance if its factory has
    /// returned (a cycle closed by a hook) and returns `true`; throws a cycle otherwise.
    private func reenter(
        _ entry: Entry, from frame: FrameRef, into output: ValueAddress
    ) throws -> Bool {
        guard let building = Frame.building(entry, from: frame) else { return false }
        guard let constructed = building.constructed else { try Diagnostics.throwCycle(entry) }
        entry.service.copy(from: constructed, to: output)
        Engine.taint(frame, with: building.depth)
        return true
    }

    /// Runs the factory and the hooks of `entry` on a new frame of the current resolution (see `Engine.run`).
    func build(
        _ entry: Entry, role: BuildRole, in container: Container, into payload: ValueAddress,
        arguments: PackedArguments?
    ) throws {
        let parent = CurrentFrame.frame
        if let parent, parent.depth >= Engine.depthBeforeStackChecks {
            let remaining = ThreadState.stackRemaining
            if _slowPath(remaining < Engine.stackReserve) { try Diagnostics.throwTooDeep(entry, remaining: remaining) }
        }
        if let parent, case .unique = role, Frame.building(entry, from: parent) != nil {
            try Diagnostics.throwCycle(entry)
        }
        var frame = Frame(entry: entry, parent: parent, execution: Engine.execution(under: parent))
        switch role {
        case .stored: frame.keeps = true
        case .scoped(let build):
            frame.keeps = true
            frame.scopesReference = build.head
        case .unique, .graph: break
        }
        var constructed = false
        do {
            try Frame.push(frame) { frame in
                try Engine.run(frame, role: role) {
                    do {
                        try entry.syncFactory(Resolution(container: container), arguments, payload)
                    } catch {
                        throw Diagnostics.factoryError(entry, error)
                    }
                    constructed = true
                    if case .scoped = role, !entry.hasCreatedHooks {
                        // A scoped build into its slot without hooks: a cycle closed later reads it from here.
                        frame.constructed = payload
                    } else if role.hasInstance || entry.hasCreatedHooks {
                        try afterFactory(entry, role: role, frame: frame, in: container, payload: payload)
                    }
                }
            }
        } catch {
            // A unique instance lives in the caller's memory, which must be left uninitialised on failure.
            if constructed, role.ownsPayload { entry.service.destroy(payload) }
            throw error
        }
    }

    /// Keeps a `.graph` instance in the resolution, then runs the hooks (or defers those of a nested
    /// `.graph` instance to the frame that must see it complete).
    @inline(never)
    private func afterFactory(
        _ entry: Entry, role: BuildRole, frame: FrameRef, in container: Container,
        payload: ValueAddress
    ) throws {
        if role.hasInstance {
            role.markInitialized()
            frame.constructed = payload
        }
        if case .graph(let graphKey, let instance) = role { Engine.context(of: frame).keepGraph(graphKey, instance) }
        if !entry.hasCreatedHooks { return }
        if case .graph(let graphKey, let instance) = role, frame.parent != nil {
            Engine.context(of: frame).deferHooks(
                .init(
                    boundary: Engine.boundary(above: frame), graphKey: graphKey, entry: entry, instance: instance,
                    container: container))
            return
        }
        try Engine.runCreatedHooks(of: entry, on: payload, in: container)
    }

    /// Whether `entry` has an instance that a produce for `requester` would reuse (for traces).
    private func isKept(_ entry: Entry, for requester: Container) -> Bool {
        switch entry.storage {
        case .none: return false
        case .graph:
            guard let frame = CurrentFrame.frame, let context = Engine.existingContext(of: frame) else {
                return false
            }
            return context.graphRecord(.init(entry, requester)) != nil
        case .stored:
            guard entry.scope.isCustom, let (scope, _) = Engine.openScope(for: entry.scope, under: CurrentFrame.frame)
            else { return entry.keptValue != nil }
            return scope.keeps(entry)
        }
    }

    /// For an async or main-actor registration asked for synchronously: its instance when the current
    /// resolution already has one (a `.graph` instance its async part built, or one on the path whose factory
    /// returned, closing a cycle), which needs no factory to run. Whether it exists is decided by the
    /// resolution itself, never by what other threads or tasks did, so the answer does not vary between runs.
    private func reusedWithinResolution(
        _ entry: Entry, requester: Container, into output: ValueAddress
    ) throws -> Bool {
        guard let parent = CurrentFrame.frame, entry.storage != .none else { return false }
        guard let building = Frame.building(entry, from: parent) else {
            guard entry.storage == .graph, let context = Engine.existingContext(of: parent),
                let record = context.graphRecord(.init(entry, requester))
            else { return false }
            record.instance.copy(to: output)
            if let pending = record.hooksPendingAt { Engine.taint(parent, with: pending) }
            return true
        }
        guard building.constructed != nil else { return false }
        return try reenter(entry, from: parent, into: output)
    }

    /// The synchronous engine's check of an entry whose factory (or a hook) is async or isolated to the main
    /// actor: the former always throws, the latter unless the caller runs on the main actor. An entry that is
    /// being built on this resolution's path (an async factory whose dependency resolves it again) is a cycle,
    /// which making anything async would not fix: that is what is reported.
    func requireSynchronous(_ entry: Entry) throws {
        let refused = entry.needsAsync || entry.needsMainActor && !MainActorCheck.isCurrent
        if refused, let parent = CurrentFrame.frame, Frame.building(entry, from: parent) != nil {
            try Diagnostics.throwCycle(entry)
        }
        if entry.needsAsync { try Diagnostics.throwAsyncRequired(entry) }
        if entry.needsMainActor, !MainActorCheck.isCurrent {
            let what = entry.execution == .mainActor ? "its factory" : "an onCreated hook"
            // Refused even when nothing would run (Design decisions, "…main actor…"): say so, or it reads as a lie.
            let built = entry.storage == .stored && !entry.scope.isCustom && entry.keptValue != nil
            // Asked for by another registration's synchronous factory: that registration is what to change (an
            // async one would use `r.resolveAsync`, which the usual fix says).
            let asking = CurrentFrame.frame.flatMap(\.entry)
            let holder = asking.flatMap { $0.needsAsync ? nil : $0.key }
            throw Diagnostics.mainActorRequired(
                entry.key, fileID: entry.fileID, line: entry.line, what: what, alreadyBuilt: built, holder: holder)
        }
    }
}
