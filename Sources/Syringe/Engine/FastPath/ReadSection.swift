import SyringeShims

/// Safe memory reclamation for the lock-free reads (see `SyringeShims/include/SyringeReclamation.h`).
///
/// Readers wrap each lock-free read in a read section; whoever unpublishes memory those reads may still
/// see (a reset instance, a replaced registration, an outgrown table) hands it to ``retire(_:)``, which
/// waits until no read section that could see it is open, then releases it. So an instance dropped by
/// `reset` is freed at once, its `deinit` runs on the thread that reset it, and no reader ever touches
/// freed memory.
enum Reclamation {
    /// Releases `objects` once no reader can still see them. Call it with no lock held: releasing runs
    /// `deinit`s, which are user code. A build that uses a retired registration keeps it alive with a reference of
    /// its own, taken inside the read section that found it.
    static func retire(_ objects: [AnyObject]) {
        guard !objects.isEmpty else { return }
        syringe_synchronize()
        withExtendedLifetime(objects) {}
    }

    /// Waits until every read section open now has ended.
    static func synchronize() {
        syringe_synchronize()
    }
}

/// A read section of the current thread: while it is open, memory that a lock-free read found stays valid, and
/// a writer that retires such memory waits for it to end. It lasts a few loads and the copy of a value: never
/// user code.
@usableFromInline
struct ReadSection {
    /// The current thread's reader record.
    let reader: OpaquePointer

    @inline(__always)
    static func begin() -> ReadSection { ReadSection(reader: syringe_read_begin()) }

    @inline(__always)
    func end() { syringe_read_end(reader) }

    /// Ends the section of `reader`, a record a lookup handed back with a published value (for code inlined into
    /// callers: the property wrappers' fast path).
    @inlinable @inline(__always)
    static func end(_ reader: OpaquePointer) { syringe_read_end(reader) }
}
