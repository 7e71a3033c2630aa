/// A fixed-capacity open-addressing table of registrations. Slots hold the *blocks* of entries (see
/// `InstanceSlot.Layout`), so the fast path probes raw memory and never touches an object. Slots are written by
/// one writer at a time (under the registry's lock) with release stores and read by anyone, inside read
/// sections, with acquire loads.
///
/// The table is raw memory too, `[capacity][slot 0]…`, owned by this object; readers are handed its address.
// @unchecked Sendable: slots are accessed through the C11 atomics only; `capacity` and `base` are immutable.
final class SlotTable: @unchecked Sendable {
    let capacity: Int
    /// `[capacity][slots…]`: what readers see.
    let base: TableAddress
    /// Live entries plus tombstones (writer side).
    private var used = 0

    init(capacity: Int) {
        self.capacity = capacity
        base = TableAddress(capacity: capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Keeps the load at most one half, so probe chains stay short.
    var hasRoom: Bool { (used + 1) * 2 <= capacity }

    /// The block of the plain type key `type` in `table`. Inside a read section: the block is valid until it ends.
    @inline(__always)
    static func findBlock(plainType type: UInt, in table: TableAddress) -> BlockAddress? {
        let mask = table.mask
        var index = Key.mix(bits: type) & mask
        while let block = table.block(at: index) {
            if block != .tombstone, block.plainType == type { return block }
            index = (index &+ 1) & mask
        }
        return nil
    }

    /// The entry of the plain type key `type` in `table`, inside a read section.
    static func find(plainType type: ObjectIdentifier, in table: TableAddress) -> Entry? {
        findBlock(plainType: UInt(bitPattern: type), in: table)?.entry
    }

    /// The entry of `key` in `table`, inside a read section or under the registry's lock.
    static func find(_ key: Key, hash: Int, in table: TableAddress) -> Entry? {
        findBlock(key, hash: hash, in: table)?.entry
    }

    /// The block of `key` (whose `fastHash` is `hash`) in `table`, inside a read section or under the registry's
    /// lock.
    static func findBlock(_ key: Key, hash: Int, in table: TableAddress) -> BlockAddress? {
        let mask = table.mask
        var index = hash & mask
        while let block = table.block(at: index) {
            if block != .tombstone, block.keyHash == hash, block.withEntry({ $0.key == key }) {
                return block
            }
            index = (index &+ 1) & mask
        }
        return nil
    }

    func find(plainType type: ObjectIdentifier) -> Entry? { SlotTable.find(plainType: type, in: base) }

    func find(_ key: Key, hash: Int) -> Entry? { SlotTable.find(key, hash: hash, in: base) }

    func insert(_ entry: Entry) {
        let mask = capacity &- 1
        var index = entry.keyHash & mask
        while let block = base.block(at: index), block != .tombstone { index = (index &+ 1) & mask }
        if base.block(at: index) == nil { used += 1 }
        base.store(entry.blockAddress, at: index)
    }

    func replace(_ old: Entry, with new: Entry) {
        guard let index = index(of: old) else { return insert(new) }
        base.store(new.blockAddress, at: index)
    }

    func remove(_ entry: Entry) {
        guard let index = index(of: entry) else { return }
        base.store(.tombstone, at: index)
    }

    private func index(of entry: Entry) -> Int? {
        let mask = capacity &- 1
        var index = entry.keyHash & mask
        while let block = base.block(at: index) {
            if block == entry.blockAddress { return index }
            index = (index &+ 1) & mask
        }
        return nil
    }
}

/// A table of registrations as readers see it: words `[capacity][slot 0]…`, each slot the address of a
/// registration's block, or 0 (empty), or ``BlockAddress/tombstone`` (removed).
struct TableAddress {
    let words: WordAddress

    /// The table whose address is `bits`, a published table's word.
    @inline(__always)
    init?(bitPattern bits: UInt) {
        guard let words = WordAddress(bitPattern: bits) else { return nil }
        self.words = words
    }

    /// A new table of `capacity` empty slots (a power of two), owned by the caller (see ``deallocate()``).
    init(capacity: Int) {
        words = .allocate(count: capacity + 1)
        words[0] = UInt(capacity)
    }

    func deallocate() { words.deallocate() }

    /// The table's address, for the word that publishes it.
    var bitPattern: UInt { words.bitPattern }

    /// The capacity less one: probes wrap with it.
    @inline(__always) var mask: Int { Int(bitPattern: words[0]) &- 1 }

    /// The block in slot `index` (acquire), or nil for an empty slot.
    @inline(__always)
    func block(at index: Int) -> BlockAddress? {
        let bits = (words + (1 + index)).load()
        return bits == 0 ? nil : BlockAddress(bits: bits)
    }

    /// Publishes `block` in slot `index` (release). Under the registry's lock.
    func store(_ block: BlockAddress, at index: Int) { (words + (1 + index)).store(block.bits) }
}

/// The block of a registration as a table holds it (see `SlotBlock.Layout`): what a lock-free reader reads of a
/// registration without touching the object. Valid inside the read section that found it.
struct BlockAddress: Equatable {
    /// The block's address, as a table's slot holds it.
    let bits: UInt

    /// Marks a removed slot, so probes continue past it.
    static var tombstone: BlockAddress { BlockAddress(bits: 1) }

    @inline(__always) private func word(at offset: Int) -> WordAddress {
        WordAddress(bitPattern: bits).unsafelyUnwrapped.advanced(byBytes: offset)
    }

    /// The identity of the service type of a plain type key (0 for any other key).
    @inline(__always) var plainType: UInt { word(at: InstanceSlot.Layout.plainType)[0] }

    /// The hash of the key.
    @inline(__always) var keyHash: Int { Int(bitPattern: word(at: InstanceSlot.Layout.keyHash)[0]) }

    /// The registration that owns the block, as a word that owns no reference (see ``ObjectWord``).
    @inline(__always) var entryWord: UInt { word(at: InstanceSlot.Layout.owner)[0] }

    /// The registration that owns the block (valid while the section that found the block is open, or under the
    /// registry's lock, unless the caller keeps the reference).
    @inline(__always) var entry: Entry { ObjectWord.object(entryWord, as: Entry.self) }

    /// The registration that owns the block, with a reference of the caller's own.
    @inline(__always)
    func retainedEntry() -> Unmanaged<Entry> { ObjectWord.retained(entryWord, as: Entry.self) }

    /// Runs `body` with the registration that owns the block, borrowed.
    @inline(__always)
    func withEntry<Result>(_ body: (Entry) throws -> Result) rethrows -> Result {
        try ObjectWord.with(entryWord, as: Entry.self, body)
    }

    /// The payload of the kept instance, published for the fast path (acquire), or nil.
    @inline(__always) var published: ValueAddress? {
        ValueAddress(bitPattern: word(at: InstanceSlot.Layout.published).load())
    }
}

/// What the fast path follows from a container: two words, the address of its registry's published table word and
/// the parent's links (0 at the root); no words for a container whose instances it may not read.
// @unchecked Sendable: immutable after init; the table word is only accessed through atomics.
struct FastPathLinks: @unchecked Sendable {
    let words: WordAddress?

    init(table: WordAddress?, parent: FastPathLinks?) {
        guard let table else {
            words = nil
            return
        }
        let words = WordAddress.allocate(count: 2)
        words[0] = table.bitPattern
        words[1] = parent?.words?.bitPattern ?? 0
        self.words = words
    }

    /// The table that the links' registry publishes now (acquire). Inside a read section.
    @inline(__always)
    static func table(of links: WordAddress) -> TableAddress {
        TableAddress(bitPattern: WordAddress(bitPattern: links[0]).unsafelyUnwrapped.load()).unsafelyUnwrapped
    }

    /// The parent's links, or nil at the root.
    @inline(__always)
    static func parent(of links: WordAddress) -> WordAddress? { WordAddress(bitPattern: links[1]) }

    func deallocate() {
        words?.deallocate()
    }
}
