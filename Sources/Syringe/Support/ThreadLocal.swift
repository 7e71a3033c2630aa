import SyringeShims

/// A per-thread pointer slot over a pthread key, for state that belongs to the call running on this thread
/// (the place a key path is resolved from, a key being learned). The pointees live on that thread's stack
/// for the duration of the call that set them. The engine's own per-thread state (the current frame, the
/// reader record) uses C thread-locals instead, which cost one access rather than a call.
struct ThreadLocalPointer<Pointee>: Sendable {
    private let key: UInt

    init() {
        key = UInt(syringe_tls_key_create())
    }

    var pointer: UnsafeMutablePointer<Pointee>? {
        get { syringe_tls_get(UInt(key))?.assumingMemoryBound(to: Pointee.self) }
        nonmutating set { syringe_tls_set(UInt(key), newValue) }
    }
}
