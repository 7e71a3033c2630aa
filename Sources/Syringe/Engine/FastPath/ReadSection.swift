import SyringeShims

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// Safe memory reclamation for the lock-free reads: quiescent-state tracking in the style of user-space RCU.
///
/// Readers wrap each lock-free read in a read section (a few loads and the copy of a value, never user code);
/// whoever unpublishes memory those reads may still see (a reset instance, a replaced registration, an outgrown
/// table) hands it to ``retire(_:)``, which waits until no read section that could see it is open, then releases
/// it. So an instance dropped by `reset` is freed at once, its `deinit` runs on the thread that reset it, and no
/// reader ever touches freed memory.
///
/// Each thread has a record of its own, on a cache line of its own, so readers never write to memory that another
/// thread writes. A record's words: the section state (odd inside a section, written by its thread only, see
/// `SyringeShims/include/SyringeReclamation.h`), whether a thread owns it, and the next record of the
/// process-wide list (set before the record is linked, then never changed). Records of exited threads are reused.
enum Reclamation {
    /// Releases `objects` once no reader can still see them. Call it with no lock held: releasing runs
    /// `deinit`s, which are user code. A build that uses a retired registration keeps it alive with a reference of
    /// its own, taken inside the read section that found it.
    static func retire(_ objects: [AnyObject]) {
        guard !objects.isEmpty else { return }
        synchronize()
        withExtendedLifetime(objects) {}
    }

    /// Waits until every read section that started before this call has ended. Never call it inside one.
    static func synchronize() {
        // Pairs with the exchange that opens a section: a section that began before the fence is seen open below.
        syringe_fence()
        let own = syringe_thread_slot(readerSlot).map(WordAddress.init)
        var record = WordAddress(bitPattern: first.load())
        while let current = record {
            let state = current.load()
            if current != own, state & 1 != 0 {
                // A section lasts a few loads and a retain; a reader descheduled inside one is waited for.
                var spins = 0
                while current.load() == state {
                    spins += 1
                    if spins > 64 { ThreadState.yield() }
                }
            }
            record = WordAddress(bitPattern: (current + Word.next).load())
        }
    }

    /// Gives the current thread a record (its first read section), and opens a section with it.
    static func attachAndBegin() -> OpaquePointer {
        let record = attach()
        syringe_set_thread_slot(readerSlot, record.raw)
        pthread_setspecific(detachKey, record.raw)
        return syringe_read_begin().unsafelyUnwrapped
    }

    private enum Word {
        static let inUse = 1
        static let next = 2
    }

    private static let readerSlot: UInt = 3
    private static let lineSize = 128
    /// The first record of the list, as a word: a new record goes in front, under `attaching`.
    private static let first = AtomicUInt()
    private static let attaching = Lock()

    private static func attach() -> WordAddress {
        attaching.lock()
        defer { attaching.unlock() }
        var record = WordAddress(bitPattern: first.load())
        while let current = record {
            if (current + Word.inUse).compareExchange(0, 1) == 0 { return current }
            record = WordAddress(bitPattern: (current + Word.next).load())
        }
        let new = WordAddress(RawMemory.allocate(byteCount: lineSize, alignment: lineSize))
        for index in 0..<lineSize / WordAddress.wordSize { new[index] = 0 }
        new[Word.inUse] = 1
        new[Word.next] = first.load()
        first.store(new.bitPattern)
        return new
    }

    /// Gives an exiting thread's record back for reuse: the thread is outside any section.
    private static let detachKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { value in
            syringe_set_thread_slot(readerSlot, nil)
            guard let record = WordAddress(bitPattern: UInt(bitPattern: value)) else { return }
            (record + Word.inUse).store(0)
        }
        return key
    }()
}

/// A read section of the current thread: while it is open, memory that a lock-free read found stays valid, and
/// a writer that retires such memory waits for it to end. It lasts a few loads and the copy of a value: never
/// user code.
@usableFromInline
struct ReadSection {
    /// The current thread's reader record.
    let reader: OpaquePointer

    @inline(__always)
    static func begin() -> ReadSection {
        guard let reader = syringe_read_begin() else { return ReadSection(reader: Reclamation.attachAndBegin()) }
        return ReadSection(reader: reader)
    }

    @inline(__always)
    func end() { syringe_read_end(reader) }

    /// Ends the section of `reader`, a record a lookup handed back with a published value (for code inlined into
    /// callers: the property wrappers' fast path).
    @inlinable @inline(__always)
    static func end(_ reader: OpaquePointer) { syringe_read_end(reader) }
}
