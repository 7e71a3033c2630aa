import SyringeShims

/// A pointer-sized slot read with acquire and written with release ordering, for data that is published
/// once and then read by many threads without a lock.
// @unchecked Sendable: every access to the slot's memory goes through the C11 atomics of SyringeShims.
final class AtomicPointer: @unchecked Sendable {
    let address: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    init(_ value: UnsafeMutableRawPointer? = nil) {
        address = .allocate(capacity: 1)
        address.initialize(to: value)
    }

    deinit {
        address.deallocate()
    }

    @inline(__always)
    func load() -> UnsafeMutableRawPointer? {
        syringe_load_acquire(address)
    }

    @inline(__always)
    func store(_ value: UnsafeMutableRawPointer?) {
        syringe_store_release(address, value)
    }
}

/// A flag that is set once and read with acquire ordering, without a lock; it also reads as set while a call
/// holds it (``holding(_:)``), from any thread: bit 0 is the flag, each hold adds 2 for its length.
// @unchecked Sendable: every access goes through the C11 atomics of SyringeShims.
final class AtomicFlag: @unchecked Sendable {
    private let address: UnsafeMutablePointer<UInt>

    init() {
        address = .allocate(capacity: 1)
        address.initialize(to: 0)
    }

    deinit {
        address.deallocate()
    }

    @inline(__always)
    var isSet: Bool { syringe_load_word_acquire(address) != 0 }

    func set() {
        var word = syringe_load_word_acquire(address)
        while word & 1 == 0 {
            let found = syringe_compare_exchange_word(address, word, word | 1)
            if found == word { return }
            word = found
        }
    }

    /// Runs `body` with the flag reading as set, then takes the hold back (the flag stays set if ``set()`` ran).
    func holding<Result>(_ body: () throws -> Result) rethrows -> Result {
        _ = syringe_fetch_add_word(address, 2)
        defer { _ = syringe_fetch_add_word(address, 0 &- 2) }
        return try body()
    }
}

/// A counter shared by all threads: each call returns a number no other call returned.
// @unchecked Sendable: every access goes through the C11 atomics of SyringeShims.
final class AtomicCounter: @unchecked Sendable {
    private let address: UnsafeMutablePointer<UInt>

    init() {
        address = .allocate(capacity: 1)
        address.initialize(to: 0)
    }

    deinit {
        address.deallocate()
    }

    /// The next number, from 1 on.
    func next() -> UInt64 { UInt64(syringe_fetch_add_word(address, 1) &+ 1) }
}

/// A word read with acquire and written with release ordering, for a value one writer updates under its own lock
/// and readers take without one.
// @unchecked Sendable: every access goes through the C11 atomics of SyringeShims.
final class AtomicUInt: @unchecked Sendable {
    private let address: UnsafeMutablePointer<UInt>

    init(_ value: UInt = 0) {
        address = .allocate(capacity: 1)
        address.initialize(to: value)
    }

    deinit {
        address.deallocate()
    }

    @inline(__always)
    func load() -> UInt { syringe_load_word_acquire(address) }

    func store(_ value: UInt) { syringe_store_word_release(address, value) }
}
