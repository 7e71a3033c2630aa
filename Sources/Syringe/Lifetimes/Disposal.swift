/// The end of instances' lives: their `onDispose` hooks, run newest first (an instance finished building
/// after everything it depends on, so it goes before them), each instance once, a failing hook not stopping
/// the others.
enum Disposal {
    /// An instance whose life ends, with its registration.
    struct Item: @unchecked Sendable {
        // @unchecked Sendable: the instance is complete and no longer handed out; only the hooks read it.
        let entry: Entry
        /// Where the instance is.
        let payload: ValueAddress
        /// Its place in the order of completed builds.
        let sequence: UInt64
        /// What keeps `payload` alive until the hooks have run: its ``Instance``, or the open scope whose slot
        /// holds it.
        let keeper: AnyObject

        init(entry: Entry, instance: Instance) {
            self.entry = entry
            payload = instance.payload
            sequence = instance.sequence
            keeper = instance
        }

        init(entry: Entry, slot: ScopeSlot, in scope: OpenedScope) {
            self.entry = entry
            payload = slot.payload
            sequence = slot.sequence
            keeper = scope
        }
    }

    /// Takes the kept instances out of `slots` (with their registrations), newest first.
    static func take(_ slots: [(entry: Entry, slot: InstanceSlot)]) -> [Item] {
        var items: [Item] = []
        items.reserveCapacity(slots.count)
        for (entry, slot) in slots {
            if let instance = slot.reset() { items.append(Item(entry: entry, instance: instance)) }
        }
        return newestFirst(items)
    }

    /// `items` in the reverse order of their builds' completion.
    static func newestFirst(_ items: [Item]) -> [Item] {
        // Usually in order already: a scope lists its instances as they were first asked for (a dependent
        // before its dependencies), a container in registration order (the reverse, most often). Sorting
        // moves each item with two references, so check first.
        var items = items
        var descending = true
        var ascending = true
        for index in items.indices.dropFirst() {
            let (previous, next) = (items[index - 1].sequence, items[index].sequence)
            if next >= previous { descending = false }
            if next <= previous { ascending = false }
        }
        if descending { return items }
        if ascending {
            items.reverse()
        } else {
            items.sort { $0.sequence > $1.sequence }
        }
        return items
    }

    /// Runs the hooks of `items` (newest first), awaiting async ones; returns the failures.
    /// Runs where the caller runs (`isolation`): a `withScope` on the main actor does not hop to the global
    /// executor and back to dispose of its instances.
    static func run(_ items: [Item], isolation: isolated (any Actor)? = #isolation) async -> [ResolutionError] {
        var failures: [ResolutionError] = []
        for item in items {
            // The registration's own list, walked (`items` keeps it alive): no array of its hooks per instance,
            // which would retain each hook's closure, shared by every request.
            guard var hooks = item.entry.disposeHookCursor else { continue }
            while let hook = hooks.next() {
                do {
                    switch hook {
                    case .sync(let run, _): try run(item.payload)
                    case .mainActor(let run, _):
                        if MainActorCheck.isCurrent {
                            try run(item.payload)
                        } else {
                            let payload = item.payload
                            try await FunctionIsolation.run(on: MainActor.shared) { try run(payload) }
                        }
                    case .async(let run, _): try await run(item.payload)
                    }
                } catch {
                    failures.append(Diagnostics.disposeFailed(item.entry, place: hook.place, error: error))
                }
            }
        }
        return failures
    }

    /// Runs the hooks of `items` (newest first) without waiting: at once when every hook is synchronous,
    /// else all of them, in order, in a task of their own. Failures are not reported (see `dispose(_:)`).
    static func runNow(_ items: [Item]) {
        guard items.contains(where: \.entry.hasDisposeHooks) else { return }
        if !allSynchronousHere(items) {
            Task { _ = await run(items) }
            return
        }
        _ = runSync(items)
    }

    /// Whether every hook of `items` can run here, now: none is async, and main-actor ones only on the main actor.
    static func allSynchronousHere(_ items: [Item]) -> Bool {
        // The elements borrowed: a loop over `items` copies each (its registration retained and released).
        if items.contains(where: { $0.entry.hasAsyncDisposeHooks }) { return false }
        return !items.contains(where: { $0.entry.hasMainActorDisposeHooks }) || MainActorCheck.isCurrent
    }

    /// Where the `onDispose` hooks of some instances can run.
    enum HookPlace {
        /// Nowhere: no instance has one.
        case none
        /// Here, now: none is async, and main-actor ones only if this is the main actor.
        case synchronousHere
        /// Not all here: one is async, or isolated to the main actor off it.
        case elsewhere
    }

    /// Where the hooks of the instances in `slots` (of an open scope) can run: one pass, one flag word each.
    static func hooks(of slots: some Collection<ScopeSlot>) -> HookPlace {
        var (any, mainActor) = (false, false)
        for slot in slots {
            let (hooks, async, onMain) = slot.withEntry {
                ($0.hasDisposeHooks, $0.hasAsyncDisposeHooks, $0.hasMainActorDisposeHooks)
            }
            if async { return .elsewhere }
            any = any || hooks
            mainActor = mainActor || onMain
        }
        if !any { return .none }
        return !mainActor || MainActorCheck.isCurrent ? .synchronousHere : .elsewhere
    }

    /// Runs the synchronous hooks of the instances in `slots` (of an open scope, newest first); returns the
    /// failures. The caller checked `hooks(of:)`.
    static func runSync(_ slots: some Collection<ScopeSlot>) -> [ResolutionError] {
        var failures: [ResolutionError] = []
        for slot in slots {
            slot.withEntry { entry in
                entry.forEachDisposeHook { hook in
                    runSync(hook, of: entry, on: slot.payload, failures: &failures)
                }
            }
        }
        return failures
    }

    /// Runs the hooks of `items` and waits for them, as ``runShielded(_:isolation:)`` does; synchronous hooks
    /// of a task that is not cancelled run at once, without an async call (the common end of a request).
    @inline(__always)
    static func end(_ items: [Item], isolation: isolated (any Actor)? = #isolation) async -> [ResolutionError] {
        if items.isEmpty { return [] }
        if allSynchronousHere(items), !CurrentTask.isCancelled { return runSync(items) }
        return await runShielded(items, isolation: isolation)
    }

    /// Runs the synchronous hooks of `items` (newest first), main-actor ones too (the caller checked
    /// ``allSynchronousHere(_:)``); returns the failures.
    static func runSync(_ items: [Item]) -> [ResolutionError] {
        var failures: [ResolutionError] = []
        for item in items {
            item.entry.forEachDisposeHook { hook in
                runSync(hook, of: item.entry, on: item.payload, failures: &failures)
            }
        }
        return failures
    }

    /// Runs `hook` of `entry` on the instance at `payload` if it is synchronous; adds its failure to `failures`.
    @inline(__always)
    private static func runSync(
        _ hook: Entry.DisposeHook, of entry: Entry, on payload: ValueAddress, failures: inout [ResolutionError]
    ) {
        // One case each: a pattern shared by two cases would copy the closure out (a retain and a release per hook).
        switch hook {
        case .sync(let run, let place):
            do {
                try run(payload)
            } catch {
                failures.append(Diagnostics.disposeFailed(entry, place: place, error: error))
            }
        case .mainActor(let run, let place):
            do {
                try run(payload)
            } catch {
                failures.append(Diagnostics.disposeFailed(entry, place: place, error: error))
            }
        case .async: return
        }
    }

    /// Runs the hooks of `items` and waits for them; in a task of its own when the current task is cancelled,
    /// so that hooks that check for cancellation still run to the end.
    static func runShielded(
        _ items: [Item], isolation: isolated (any Actor)? = #isolation
    ) async -> [ResolutionError] {
        guard items.contains(where: \.entry.hasDisposeHooks) else { return [] }
        if CurrentTask.isCancelled { return await Task { await run(items, isolation: nil) }.value }
        return await run(items, isolation: isolation)
    }
}

extension Entry.DisposeHook {
    var place: Place {
        switch self {
        case .sync(_, let place), .mainActor(_, let place), .async(_, let place): return place
        }
    }

    var isAsync: Bool {
        if case .async = self { return true }
        return false
    }
}
