import SyringeShims

/// A pointer-sized slot read with acquire and written with release ordering, for data that is published
/// once and then read by many threads without a lock.
// @unchecked Sendable: every access to the slot's memory goes through the C11 atomics of SyringeShims.
@usableFromInline
final class AtomicSlot: @unchecked Sendable {
    @usableFromInline let address: UnsafeMutablePointer<UnsafeMutableRawPointer?>

    @usableFromInline
    init() {
        address = .allocate(capacity: 1)
        address.initialize(to: nil)
    }

    deinit {
        address.deallocate()
    }

    @inlinable @inline(__always)
    func load() -> UnsafeMutableRawPointer? {
        syringe_load_acquire(address)
    }

    @inlinable @inline(__always)
    func store(_ value: UnsafeMutableRawPointer?) {
        syringe_store_release(address, value)
    }
}

/// A word-sized counter with atomic increments, read with acquire ordering.
// @unchecked Sendable: every access goes through the C11 atomics of SyringeShims.
@usableFromInline
final class AtomicCounter: @unchecked Sendable {
    @usableFromInline let address: UnsafeMutablePointer<UInt>

    @usableFromInline
    init() {
        address = .allocate(capacity: 1)
        address.initialize(to: 0)
    }

    deinit {
        address.deallocate()
    }

    @inlinable @inline(__always)
    var value: UInt { syringe_load_word_acquire(address) }

    @inlinable @inline(__always)
    func increment() { _ = syringe_fetch_add_word(address, 1) }

    @inlinable @inline(__always)
    func decrement() { _ = syringe_fetch_sub_word(address, 1) }
}
