/// The async engine: the same state machine, frames, commits and wait-for graph as the synchronous one;
/// only the factory call (and async hooks) await, and a waiting task suspends instead of blocking a thread.
extension Container {
    /// Produces an instance of `entry`, an async registration of this container, for a request made to
    /// `requester`. Returns the instance: async builds always build into memory of their own.
    func produceAsync(
        _ entry: Entry, requester: Container, arguments: (any Sendable)?
    ) async throws -> Instance {
        if let policy = requester.policy ?? policy { policy.willProduce(entry, reused: false) }
        let parent = AsyncFrame.current
        switch entry.storage {
        case .none:
            let instance = Instance.make(entry.service)
            try await buildAsync(entry, role: .unique, in: requester, into: instance, arguments: arguments)
            return instance
        case .graph:
            let graphKey = ResolutionContext.GraphKey(entry, requester)
            if let parent {
                if let reentered = try reentered(entry, from: parent.frame) { return reentered }
                if let record = parent.context.graphRecord(graphKey) {
                    if let pending = record.hooksPendingAt { Engine.taint(parent.frame, with: pending) }
                    return record.instance
                }
            }
            let instance = Instance.make(entry.service)
            try await buildAsync(
                entry, role: .graph(graphKey, instance), in: requester, into: instance, arguments: arguments)
            return parent?.context.graphRecord(graphKey)?.instance ?? instance
        case .stored:
            if entry.scope.isCustom, let (scope, head) = Engine.openScope(for: entry.scope, under: parent?.frame) {
                return try await produceScopedAsync(
                    entry, in: scope, head: head, requester: requester, arguments: arguments)
            }
            return try await produceStoredAsync(entry, slot: entry, in: nil, requester: requester, arguments: arguments)
        }
    }

    /// The instance of a custom scope's registration in an open scope, for the async engine (see `produceScoped`):
    /// built into an instance of its own, copied into the slot when kept.
    private func produceScopedAsync(
        _ entry: Entry, in scope: OpenedScope, head: OpenedScope, requester: Container, arguments: (any Sendable)?
    ) async throws -> Instance {
        if _slowPath(scope.isClosed) { throw Diagnostics.scopeEnded(entry) }
        let parent = AsyncFrame.current
        try Engine.refuseCaptive(entry, from: parent?.frame)
        guard let slot = scope.slot(for: entry) else {
            return try await produceInOverflowAsync(entry, in: scope, requester: requester, arguments: arguments)
        }
        if let parent {
            if let reentered = try reentered(entry, from: parent.frame) { return reentered }
            if let pending = parent.context.pendingInstance(for: slot) {
                Engine.taint(parent.frame, with: pending.holder)
                return pending.build.instance ?? .copying(entry.service, from: pending.build.payload)
            }
        }
        let execution = ExecutionID.current
        while true {
            switch slot.readOrClaim(in: scope, for: execution) {
            case .kept:
                // Built by a registration this one replaced (the scope was open then): that instance is not this one's.
                guard _fastPath(slot.holds(entry)) else {
                    return try await produceInOverflowAsync(
                        entry, in: scope, requester: requester, arguments: arguments)
                }
                return .copying(entry.service, from: slot.payload)
            case .closed:
                throw Diagnostics.scopeEnded(entry)
            case .building(let ticket):
                try await WaitGraph.wait(for: ticket, of: entry, by: execution, under: parent?.frame)
            case .claimed:
                let instance = Instance.make(entry.service)
                do {
                    try await buildAsync(
                        entry, role: .scoped(.init(scope, slot, entry, head: head, instance: instance)), in: self,
                        into: instance, arguments: arguments)
                } catch {
                    slot.abandon()
                    throw error
                }
                if _slowPath(!slot.isDone), parent?.context.pendingInstance(for: slot) == nil {
                    // The scope was closed while the factory ran: nobody would dispose of the instance.
                    _ = await Disposal.end([Disposal.Item(entry: entry, instance: instance)])
                    throw Diagnostics.scopeEnded(entry)
                }
                return instance
            }
        }
    }

    /// The instance of `entry` in `scope`'s overflow store.
    private func produceInOverflowAsync(
        _ entry: Entry, in scope: OpenedScope, requester: Container, arguments: (any Sendable)?
    ) async throws -> Instance {
        guard let overflow = scope.overflowSlot(for: entry) else { throw Diagnostics.scopeEnded(entry) }
        return try await produceStoredAsync(
            entry, slot: overflow, in: scope, requester: requester, arguments: arguments)
    }

    private func produceStoredAsync(
        _ entry: Entry, slot: InstanceSlot, in scope: OpenedScope?, requester: Container, arguments: (any Sendable)?
    ) async throws -> Instance {
        let parent = AsyncFrame.current
        if let parent {
            if let reentered = try reentered(entry, from: parent.frame) { return reentered }
            if let pending = parent.context.pendingInstance(for: slot) {
                Engine.taint(parent.frame, with: pending.holder)
                return pending.instance
            }
        }
        if _slowPath(closed.isSet), slot === entry { throw Diagnostics.shutDown(entry) }
        let execution = ExecutionID.current
        while true {
            switch slot.readOrClaim(for: execution) {
            case .kept(let instance):
                return instance
            case .object(let object):
                let instance = Instance.make(entry.service)
                guard entry.service.store(object, to: instance.payload) else {
                    throw Diagnostics.typeMismatch(
                        entry.key, entry: entry, overrideType: type(of: object), getterType: entry.key.serviceType)
                }
                instance.markInitialized()
                return instance
            case .building(let ticket):
                try await WaitGraph.wait(for: ticket, of: entry, by: execution, under: parent?.frame)
            case .claimed(let ticket, let epoch):
                let instance = Instance.make(entry.service)
                do {
                    try await buildAsync(
                        entry, role: .stored(.init(slot, instance, ticket, epoch: epoch)), in: self,
                        into: instance, arguments: arguments)
                } catch {
                    slot.abandon(ticket)
                    throw error
                }
                if _slowPath(instance.sequence == 0), let ended = endedDuringBuild(entry, slot: slot, in: scope) {
                    _ = await Disposal.end([Disposal.Item(entry: entry, instance: instance)])
                    throw ended
                }
                if _slowPath(instance.sequence == 0),
                    overtakenByRetirement(entry, slot: slot, instance: instance, under: parent?.frame)
                {
                    _ = await Disposal.end([Disposal.Item(entry: entry, instance: instance)])
                    return try await produceReplacementAsync(of: entry, requester: requester, arguments: arguments)
                }
                if _slowPath(instance.sequence == 0),
                    overtakenByReset(entry, slot: slot, instance: instance, under: parent?.frame)
                {
                    // Emptied by a reset while the factory ran: not kept, disposed of (see `produceStored`); the
                    // request gets it, as it would get one that a reset then disposed of.
                    _ = await Disposal.end([Disposal.Item(entry: entry, instance: instance)])
                    return instance
                }
                if _slowPath(closed.isSet), slot === entry, let orphan = slot.reset() {
                    // Claimed after `shutdown()` took what the slot kept: nobody else would dispose of it.
                    _ = await Disposal.end([Disposal.Item(entry: entry, instance: orphan)])
                    if orphan === instance { throw Diagnostics.shutDown(entry) }
                }
                return instance
            case .retired:
                // A slot of a closed scope's overflow store, or the slot of a replaced registration.
                if scope != nil { throw Diagnostics.scopeEnded(entry) }
                return try await produceReplacementAsync(of: entry, requester: requester, arguments: arguments)
            }
        }
    }

    /// ``produceReplacement(of:requester:into:_:)`` for the async engine: an async registration that replaced
    /// `entry` is produced here; any other answer comes from the synchronous engine, joined to this build.
    private func produceReplacementAsync(
        of entry: Entry, requester: Container, arguments: (any Sendable)?
    ) async throws -> Instance {
        if let found = requester.lookup(entry.key), found.entry.needsAsync {
            return try await found.owner.produceAsync(found.entry, requester: requester, arguments: arguments)
        }
        let instance = Instance.make(entry.service)
        try Engine.joining(AsyncFrame.current) { () in
            try Engine.withArguments(arguments, of: entry.key) { arguments in
                try produceReplacement(of: entry, requester: requester, into: instance.payload, arguments)
            }
        }
        instance.markInitialized()
        return instance
    }

    /// The instance of `entry` if it is being built on the path ending at `frame` and its factory has
    /// returned; a cycle error if its factory has not; `nil` if it is not on the path.
    private func reentered(
        _ entry: Entry, from frame: FrameRef
    ) throws -> Instance? {
        guard let building = Frame.building(entry, from: frame) else { return nil }
        guard let constructed = building.constructed else { try Diagnostics.throwCycle(entry) }
        let instance = Instance.make(entry.service)
        entry.service.copy(from: constructed, to: instance.payload)
        instance.markInitialized()
        Engine.taint(frame, with: building.depth)
        return instance
    }

    /// Runs the async factory and the hooks of `entry` on a new async frame of the current resolution.
    private func buildAsync(
        _ entry: Entry, role: BuildRole, in container: Container, into instance: Instance, arguments: (any Sendable)?
    ) async throws {
        let make = try Engine.asyncFactory(of: entry)
        let parent = AsyncFrame.current
        if case .unique = role, let parent, Frame.building(entry, from: parent.frame) != nil {
            try Diagnostics.throwCycle(entry)
        }
        let box = AsyncFrame(entry: entry, parent: parent, role: role)
        let frame = box.frame
        do {
            let made: Result<Void, ResolutionError> = await AsyncFrame.$current.withValue(box) {
                do {
                    try await make(Resolution(container: container), arguments, instance.payload)
                    return .success(())
                } catch let error as ResolutionError {
                    return .failure(error)
                } catch {
                    return .failure(Diagnostics.factoryFailed(entry, error: error))
                }
            }
            try made.get()
            instance.markInitialized()
            frame.constructed = instance.payload
            if case .graph(let graphKey, _) = role { box.context.keepGraph(graphKey, instance) }
            let hooks = entry.createdHooks
            if !hooks.isEmpty {
                if case .graph(let graphKey, _) = role, parent != nil {
                    box.context.deferHooks(
                        .init(
                            boundary: Engine.boundary(above: frame), graphKey: graphKey, entry: entry,
                            instance: instance, container: container))
                } else {
                    try await Engine.runCreatedHooks(hooks, of: entry, on: instance.payload, in: container, frame: box)
                }
            }
            if parent == nil || role.isBoundary { try await Engine.runDeferredHooks(at: box) }
            Engine.settle(frame, role: role)
        } catch {
            Engine.failed(frame, role: role)
            throw error
        }
    }
}

extension Engine {
    /// The factory of `entry` as the async engine calls it. A synchronous factory gets here when a hook is
    /// async: it runs in place, joined to the async frame bound while it runs, with its arguments (if any)
    /// unpacked to the tuple of the key's argument types that it reads.
    static func asyncFactory(
        of entry: Entry
    ) throws -> @Sendable (Resolution, (any Sendable)?, ValueAddress) async throws -> Void {
        switch entry.factory {
        case .async(let make):
            return make
        case .sync(let make):
            let build = inPlace(make, of: entry.key)
            return { resolution, arguments, output in try build(resolution, arguments, output) }
        case .mainActor(let make):
            // A main-actor factory the async engine builds (it has an async hook): in place when this task runs
            // on the main actor, else on the main actor after a hop.
            let build = inPlace(make, of: entry.key)
            return { resolution, arguments, output in
                if MainActorCheck.isCurrent { return try build(resolution, arguments, output) }
                try await hop(to: MainActor.shared, build, resolution, arguments, output)
            }
        case .actor(let actor, let make):
            let build = inPlace(make, of: entry.key)
            return { resolution, arguments, output in try await hop(to: actor, build, resolution, arguments, output) }
        case .perRequest:
            try Diagnostics.throwAsyncRequired(entry)
        }
    }

    typealias InPlaceBuild = @Sendable (Resolution, (any Sendable)?, ValueAddress) throws -> Void

    /// A synchronous factory as the async engine calls it: in place, joined to the async frame bound while it
    /// runs, with its arguments (if any) unpacked to the tuple of the key's argument types that it reads.
    private static func inPlace(
        _ make: @escaping @Sendable (Resolution, PackedArguments?, ValueAddress) throws -> Void,
        of key: Key
    ) -> InPlaceBuild {
        { resolution, arguments, output in
            try joining(AsyncFrame.current) { () in
                try withArguments(arguments, of: key) { try make(resolution, $0, output) }
            }
        }
    }

    /// Runs `build` on `actor`, awaited by the task that asked: the task-local async frame goes with it, and the
    /// output memory stays the asking task's (it waits, so nothing else touches it meanwhile).
    private static func hop(
        to actor: any Actor, _ build: InPlaceBuild, _ resolution: Resolution, _ arguments: (any Sendable)?,
        _ output: ValueAddress
    ) async throws {
        nonisolated(unsafe) let output = output
        let container = resolution.container
        try await FunctionIsolation.run(on: actor) {
            try build(Resolution(container: container), arguments, output)
        }
    }

    /// Runs `body` with the async API's `arguments` as the synchronous engine takes them: a pointer to the tuple
    /// of `key`'s argument types, or `nil` when there are none.
    static func withArguments(
        _ arguments: (any Sendable)?, of key: Key, _ body: (PackedArguments?) throws -> Void
    ) throws {
        guard let arguments, let argumentTypes = key.argumentTypes else { return try body(nil) }
        func call<Arguments>(_: Arguments.Type) throws {
            try PackedArguments.with(arguments as! Arguments) { try body($0) }
        }
        try call(argumentTypes)
    }

    /// Runs `onCreated` hooks, sync and async, on the instance of the async frame `box`.
    static func runCreatedHooks(
        _ hooks: [Entry.CreatedHook], of entry: Entry, on payload: ValueAddress, in container: Container,
        frame box: AsyncFrame
    ) async throws {
        for hook in hooks {
            switch hook {
            case .sync:
                guard entry.needsMainActor, !MainActorCheck.isCurrent else {
                    try joining(box) { () in try runCreatedHooks([hook], of: entry, on: payload, in: container) }
                    continue
                }
                // A registration with a main-actor hook: its synchronous hooks run on the main actor, while the
                // asking task waits (nothing else touches the instance meanwhile).
                nonisolated(unsafe) let payload = payload
                try await FunctionIsolation.run(on: MainActor.shared) {
                    try joining(box) { () in try runCreatedHooks([hook], of: entry, on: payload, in: container) }
                }
            case .async(let run, let place):
                let outcome: ResolutionError? = await AsyncFrame.$current.withValue(box) {
                    do {
                        try await run(payload, Resolution(container: container))
                        return nil
                    } catch let error as ResolutionError {
                        return error
                    } catch {
                        return Diagnostics.hookFailed(entry, place: place, error: error)
                    }
                }
                if let outcome { throw outcome }
            }
        }
    }

    /// Runs the hooks deferred to the async frame `box`, sync and async, each on an async frame of its own.
    static func runDeferredHooks(at box: AsyncFrame) async throws {
        while true {
            let batch = box.context.takeDeferred(at: box.frame.depth)
            if batch.isEmpty { return }
            for hooks in batch {
                let hookFrame = AsyncFrame(entry: hooks.entry, parent: box, role: .unique)
                hookFrame.frame.constructed = hooks.instance.payload
                do {
                    try await runCreatedHooks(
                        hooks.entry.createdHooks, of: hooks.entry, on: hooks.instance.payload, in: hooks.container,
                        frame: hookFrame)
                    Engine.settle(hookFrame.frame, role: .unique)
                } catch {
                    Engine.failed(hookFrame.frame, role: .unique)
                    _ = box.context.forgetGraph(hooks.graphKey)
                    throw error
                }
                box.context.hooksRan(hooks.graphKey)
            }
        }
    }

    /// Runs synchronous engine code as part of the async build `box`: its frames link to `box`'s.
    static func joining<Result>(
        _ box: AsyncFrame?, _ body: () throws -> Result
    ) throws -> Result {
        guard let box, CurrentFrame.frame == nil else { return try body() }
        CurrentFrame.frame = box.frame
        defer { CurrentFrame.frame = nil }
        return try body()
    }
}
