/// Where the words of a slot's block lie (see `InstanceSlot.block`), for a platform's word and mutex: the words
/// that the lock-free paths read, one word each in this order, then the mutex at its alignment. Integers only
/// (no type of Syringe), so that it is computed and tested for 4- and 8-byte words on any machine
/// (`SlotBlockLayoutTests`), and compiled for a 32-bit target by `Scripts/check-32bit.sh`.
struct SlotBlockLayout: Equatable {
    /// The payload of the kept instance, published for the fast path (or nil).
    let published: Int
    /// Flags the owner sets once and reads without the lock.
    let flags: Int
    /// The identity of the service type of a plain type key (0 for any other key).
    let plainType: Int
    /// The hash of the key.
    let keyHash: Int
    /// The slot object itself, unretained (its block lives exactly as long as it does).
    let owner: Int
    /// The mutex.
    let mutex: Int
    /// The bytes the block needs.
    let size: Int

    init(wordSize: Int, mutexSize: Int, mutexAlignment: Int) {
        published = 0
        flags = wordSize
        plainType = 2 * wordSize
        keyHash = 3 * wordSize
        owner = 4 * wordSize
        let words = 5 * wordSize
        mutex = (words + mutexAlignment - 1) / mutexAlignment * mutexAlignment
        size = mutex + mutexSize
    }

    /// The room a slot object has for its block: 13 eight-byte words (`InstanceSlot.BlockStorage`) on every
    /// platform, aligned to 8.
    static var capacity: Int { 13 * 8 }
    static var capacityAlignment: Int { 8 }

    /// Whether the block fits the room a slot object has for it.
    var fits: Bool { size <= SlotBlockLayout.capacity }
}
