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
    /// `deinit`s, which are user code.
    ///
    /// A registration may also be in use by a synchronous build that found it inside a read section and borrows it
    /// without a reference count (see ``Borrow``): such an object waits in a list until no build borrows it, and
    /// the thread whose build ends last releases it, as the last release of a reference would. Nothing waits for
    /// user code.
    static func retire(_ objects: [AnyObject]) {
        guard !objects.isEmpty else { return }
        syringe_synchronize()
        var borrowed: [AnyObject] = []
        var free: [AnyObject] = []
        for object in objects {
            if Borrow.isBorrowed(object) { borrowed.append(object) } else { free.append(object) }
        }
        withExtendedLifetime(free) {}
        guard !borrowed.isEmpty else { return }
        Deferred.shared.add(borrowed)
        // A build that ended before the list's flag was set did not look at the list: after a barrier on every
        // thread, look at the borrows again.
        syringe_synchronize()
        drain()
    }

    /// Releases the retired objects that no build borrows any more. Call with no lock held: releasing runs
    /// `deinit`s.
    static func drain() {
        let ready = Deferred.shared.takeReady()
        withExtendedLifetime(ready) {}
    }

    /// Whether each read section pays its own fence: the path of platforms without `membarrier` (Apple's), which
    /// Linux takes too when the environment sets `SYRINGE_RECLAMATION_FENCES=1` (CI runs the concurrency and
    /// reclamation tests both ways).
    static var readersFence: Bool { syringe_reclamation_fences() != 0 }

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

/// A registration that a synchronous build uses without a reference count: found inside a read section and recorded
/// in the thread's reader record before the section ends, so that a writer retiring it defers its release until the
/// build ends (``Reclamation/retire(_:)``). A registration resolved on many threads at once is then not a cache
/// line that every build writes (its reference count): a graph of 10 on two threads at once went from 4.63× to
/// 2.29× hand-written. Up to 16 nested builds per thread borrow; deeper ones retain. A thread's outermost build,
/// when it ends, releases what waits and no build borrows any more.
enum Borrow {
    /// Records that the current thread's build uses `entry`, inside the read section of `reader`; `false` when the
    /// builds are nested too deeply (retain it instead).
    @inline(__always)
    static func begin(_ entry: Unmanaged<Entry>, reader: OpaquePointer) -> Bool {
        syringe_borrow(reader, entry.toOpaque()) != 0
    }

    /// Ends the current thread's innermost borrow; at the outermost, releases what retired registrations no build
    /// borrows any more, if some wait.
    @inline(__always)
    static func end() {
        if _slowPath(syringe_unborrow() != 0) { Reclamation.drain() }
    }

    /// Whether a build borrows `object` (after a grace period).
    static func isBorrowed(_ object: AnyObject) -> Bool {
        syringe_borrowed_anywhere(Unmanaged.passUnretained(object).toOpaque()) != 0
    }
}

/// Retired objects waiting for the builds that borrow them to end.
// @unchecked Sendable: `objects` is guarded by `lock`.
private final class Deferred: @unchecked Sendable {
    static let shared = Deferred()

    private let lock = Lock()
    @exclusivity(unchecked) private var objects: [AnyObject] = []

    func add(_ retired: [AnyObject]) {
        lock.withLock {
            objects += retired
            syringe_set_retired_waiting(1)
        }
    }

    /// Takes the objects that no build borrows, for the caller to release after the lock.
    func takeReady() -> [AnyObject] {
        lock.withLock {
            var ready: [AnyObject] = []
            objects.removeAll { object in
                guard !Borrow.isBorrowed(object) else { return false }
                ready.append(object)
                return true
            }
            if objects.isEmpty { syringe_set_retired_waiting(0) }
            return ready
        }
    }
}
