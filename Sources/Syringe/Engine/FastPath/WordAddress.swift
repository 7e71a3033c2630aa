import SyringeShims

/// The address of a machine word that threads share, in memory the fast path lays out itself: a registration's
/// block, a table of registrations, a scope's header and slots, a reader's record, a ticket's state, a list's
/// header. Every shared access is one of the atomics below and says its ordering; the plain ``subscript(_:)`` is for
/// words that only one thread touches at the time (its writer under its lock, or before the memory is published).
///
/// A word that holds an address (a table, a block, a payload) holds its bit pattern: the types that read such a word
/// (``TableAddress``, ``BlockAddress``, ``ValueAddress``) are made from the pattern in one place each.
struct WordAddress: Equatable {
    private let pointer: UnsafeMutablePointer<UInt>

    /// The words that start at `raw`, which is aligned to a word.
    @inline(__always)
    init(_ raw: UnsafeMutableRawPointer) { pointer = raw.assumingMemoryBound(to: UInt.self) }

    /// The words at the address whose bit pattern is `bits`; `nil` for 0.
    @inline(__always)
    init?(bitPattern bits: UInt) {
        guard let raw = UnsafeMutableRawPointer(bitPattern: bits) else { return nil }
        self.init(raw)
    }

    /// `count` new words, zeroed, owned by the caller (see ``deallocate()``).
    static func allocate(count: Int) -> WordAddress {
        let words = WordAddress(RawMemory.allocate(byteCount: count * MemoryLayout<UInt>.stride))
        for index in 0..<count { words[index] = 0 }
        return words
    }

    /// Frees memory from ``allocate(count:)``.
    func deallocate() { RawMemory.deallocate(raw) }

    /// The address as raw memory: where the fast path lays out something other than words.
    @inline(__always)
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// The address as a word, to be stored in another word.
    @inline(__always)
    var bitPattern: UInt { UInt(bitPattern: pointer) }

    /// The word `words` words further on.
    @inline(__always)
    static func + (address: WordAddress, words: Int) -> WordAddress { WordAddress(address.raw + words * wordSize) }

    /// The word `bytes` bytes further on (a multiple of the word size).
    @inline(__always)
    func advanced(byBytes bytes: Int) -> WordAddress { WordAddress(raw + bytes) }

    @inline(__always)
    static var wordSize: Int { MemoryLayout<UInt>.stride }

    /// The word `index` words on, read and written plainly: by the only thread that touches it at the time.
    @inline(__always)
    subscript(index: Int) -> UInt {
        get { pointer[index] }
        nonmutating set { pointer[index] = newValue }
    }

    // MARK: Atomics

    /// Loads the word with acquire ordering.
    @inline(__always)
    func load() -> UInt { syringe_load_word_acquire(pointer) }

    /// Stores `value` with release ordering.
    @inline(__always)
    func store(_ value: UInt) { syringe_store_word_release(pointer, value) }

    /// Stores `value` (acquire and release); returns the value it replaced.
    @inline(__always)
    func exchange(_ value: UInt) -> UInt { syringe_exchange_word(pointer, value) }

    /// Replaces `expected` with `desired` (acquire and release); returns the value found (equal to `expected` when it
    /// succeeded).
    @inline(__always)
    func compareExchange(_ expected: UInt, _ desired: UInt) -> UInt {
        syringe_compare_exchange_word(pointer, expected, desired)
    }

    /// Adds `delta` (wrapping; acquire and release); returns the value before.
    @inline(__always)
    func fetchAdd(_ delta: UInt) -> UInt { syringe_fetch_add_word(pointer, delta) }

    /// Loads the word in the one total order of sequentially consistent operations.
    @inline(__always)
    func loadInTotalOrder() -> UInt { syringe_load_word_seq_cst(pointer) }

    /// ``exchange(_:)`` in the one total order of sequentially consistent operations.
    @inline(__always)
    func exchangeInTotalOrder(_ value: UInt) -> UInt { syringe_exchange_word_seq_cst(pointer, value) }

    /// ``compareExchange(_:_:)`` in the one total order of sequentially consistent operations.
    @inline(__always)
    func compareExchangeInTotalOrder(_ expected: UInt, _ desired: UInt) -> UInt {
        syringe_compare_exchange_word_seq_cst(pointer, expected, desired)
    }
}
