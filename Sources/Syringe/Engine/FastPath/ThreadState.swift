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

/// A per-thread pointer slot, for state that belongs to the call running on this thread and that reaches code
/// called through a user's property getter, which takes no parameter: the place a key path is resolved from (for
/// failure messages) and a key being learned. The pointees live on that thread's stack for
/// the duration of the call that set them. One C thread-local access each (`syringe_thread_slots`).
struct ThreadLocalPointer<Pointee>: Sendable {
    /// Which slot: each user has its own, listed here so that no two share one.
    enum Slot: UInt {
        case failureSite = 0
        case keyLearning = 1
        // 2: `Scratch`'s region.
    }

    private let index: UInt

    init(_ slot: Slot) {
        index = slot.rawValue
    }

    var pointer: UnsafeMutablePointer<Pointee>? {
        @inline(__always) get { syringe_thread_slot(index)?.assumingMemoryBound(to: Pointee.self) }
        @inline(__always) nonmutating set { syringe_set_thread_slot(index, newValue) }
    }
}

/// The stack left to the current thread, and who it is.
enum ThreadState {
    /// Bytes of stack left below the caller's frame, or `Int.max` when the platform cannot tell.
    @inline(__always)
    static var stackRemaining: Int { syringe_stack_remaining() }

    /// A number that identifies the current thread while it runs.
    @inline(__always)
    static var threadID: UInt { UInt(syringe_thread_id()) }

    /// Gives the processor to another thread (a wait of a few instructions' length on another thread's store).
    static func yield() {
        sched_yield()
    }
}
