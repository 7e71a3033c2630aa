import SyringeShims

extension Container {
    /// Finds the registration of `key` here or in a parent, with the container that owns it.
    func lookup(_ key: Key) -> Found? {
        if let entry = registry.entry(for: key) { return Found(entry: entry, owner: self) }
        return lookupInAncestors(key)
    }

    /// The slow half of `lookup`: walks up the chain. Crossing a container whose policy isolates instances
    /// (a test container), a stored registration is copied into it, so that it builds and keeps an instance
    /// of its own.
    private func lookupInAncestors(_ key: Key) -> Found? {
        var boundary: Container? = policy?.isolatesInstances == true ? self : nil
        var container = self
        while let parent = container.parent {
            if let entry = parent.registry.entry(for: key) {
                guard let boundary else { return Found(entry: entry, owner: parent) }
                boundary.policy?.reachedAncestor(entry)
                guard entry.scope.isStored || entry.isPerRequest else { return Found(entry: entry, owner: parent) }
                return Found(entry: boundary.registry.installIfAbsent(entry.copy()), owner: boundary)
            }
            if boundary == nil, parent.policy?.isolatesInstances == true { boundary = parent }
            container = parent
        }
        return nil
    }

    /// Where the defaults of key-path keys are kept: the first isolating container up the chain, else the root.
    var homeForDefaults: Container {
        var container = self
        while container.policy?.isolatesInstances != true, let parent = container.parent { container = parent }
        return container
    }

    /// The fast path's lookup of the plain type `type`: its published instance, with the read section `reader`
    /// open (the caller copies the instance out, then ends the section); else the registration of this container
    /// that answers it, retained, for the slow path; else nothing (look further on the slow path).
    ///
    /// Walks raw memory only (containers' links, tables, entries' blocks): a reference count touched here
    /// would be one more shared write per resolve. Inlined into the two functions that call it, each called
    /// from code compiled into apps.
    @inline(__always)
    func lookUpPlain(_ type: ObjectIdentifier) -> PlainLookup {
        guard let links = links.words else { return PlainLookup(published: nil, reader: nil, entry: nil) }
        return Container.lookUpPlain(type, from: links, retainingEntry: true)
    }

    /// ``lookUpPlain(_:)`` from the fast-path links of a container; with `retainingEntry` false, a miss returns
    /// no registration.
    @inline(__always)
    static func lookUpPlain(
        _ type: ObjectIdentifier, from links: WordAddress, retainingEntry: Bool
    ) -> PlainLookup {
        let bits = UInt(bitPattern: type)
        return lookUp(from: links, retaining: retainingEntry ? .own : .none) {
            SlotTable.findBlock(plainType: bits, in: $0)
        }
    }

    /// ``lookUpPlain(_:)`` for any key: a key that is not a plain type (a named one) is found by its `fastHash`
    /// and compared inside the read section (registrations are freed only once no section can see them).
    func lookUpFast(_ key: Key, retaining: EntryRetention) -> PlainLookup {
        guard let links = links.words else { return PlainLookup(published: nil, reader: nil, entry: nil) }
        if key.isPlainType {
            let bits = UInt(bitPattern: ObjectIdentifier(key.serviceType))
            return Container.lookUp(from: links, retaining: retaining) { SlotTable.findBlock(plainType: bits, in: $0) }
        }
        let hash = key.fastHash
        return Container.lookUp(from: links, retaining: retaining) { SlotTable.findBlock(key, hash: hash, in: $0) }
    }

    /// Which registration a lookup that finds no published instance hands back.
    enum EntryRetention {
        /// None.
        case none
        /// The one of the container asked, retained, which the slow path produces at once, synchronously (a
        /// parent's is produced by its owner).
        case own
        /// The first found up the chain, whichever container owns it, retained: to read what it keeps, or to build
        /// across suspensions.
        case any
    }

    /// The walk of both lookups: up the containers' tables from `links`, to the first whose `findBlock` finds
    /// the key's block. Its published instance, with the read section open (the caller copies it out, then
    /// ends the section); else that registration, retained as `retaining` says; else nothing (the slow path
    /// looks further).
    @inline(__always)
    static func lookUp(
        from links: WordAddress, retaining: EntryRetention,
        findBlock: (TableAddress) -> BlockAddress?
    ) -> PlainLookup {
        var links = links
        let reader = ReadSection.begin().reader
        var isSelf = true
        while true {
            if let block = findBlock(FastPathLinks.table(of: links)) {
                if let payload = block.published {
                    return PlainLookup(published: payload, reader: reader, entry: nil)
                }
                let wanted = retaining == .any || (retaining == .own && isSelf)
                let entry = wanted ? block.retainedEntry() : nil
                syringe_read_end(reader)
                return PlainLookup(published: nil, reader: nil, entry: entry)
            }
            guard let parent = FastPathLinks.parent(of: links) else { break }
            links = parent
            isSelf = false
        }
        syringe_read_end(reader)
        return PlainLookup(published: nil, reader: nil, entry: nil)
    }
}

/// What the fast path's lookup found (see `Container.lookUpPlain`).
@frozen @usableFromInline
struct PlainLookup {
    /// The published instance, inside the read section of `reader`.
    @usableFromInline let published: ValueAddress?
    /// The current thread's reader record when `published` is set: the caller ends the section through it,
    /// without looking the thread's record up again.
    @usableFromInline let reader: OpaquePointer?
    /// The registration the lookup found, retained: see ``takeEntry()``.
    @usableFromInline let retainedEntry: Unmanaged<Entry>?

    @usableFromInline
    init(published: ValueAddress?, reader: OpaquePointer?, entry: Unmanaged<Entry>?) {
        self.published = published
        self.reader = reader
        self.retainedEntry = entry
    }

    /// The registration the lookup found, with the reference the lookup took: call once.
    @inlinable
    func takeEntry() -> Entry? { retainedEntry?.takeRetainedValue() }

    /// Runs `body` (a synchronous build) with the registration a lookup of `.own` found; `false` (and nothing run)
    /// when it found none. Call once.
    @inline(__always)
    func withEntry(_ body: (Entry) throws -> Void) rethrows -> Bool {
        guard let entry = takeEntry() else { return false }
        try body(entry)
        return true
    }

    /// Releases the registration the lookup retained: for a caller that will not call ``withEntry(_:)``.
    func discardEntry() {
        _ = takeEntry()
    }
}
