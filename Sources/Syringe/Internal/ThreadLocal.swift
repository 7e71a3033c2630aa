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

/// A per-thread pointer slot over `pthread_getspecific`, for state that belongs to the resolve running on
/// this thread. The pointees live on that thread's stack for the duration of the call that set them.
@usableFromInline
struct ThreadLocalPointer<Pointee>: Sendable {
    @usableFromInline let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        self.key = key
    }

    @inlinable @inline(__always)
    var pointer: UnsafeMutablePointer<Pointee>? {
        get { pthread_getspecific(key)?.assumingMemoryBound(to: Pointee.self) }
        nonmutating set { pthread_setspecific(key, newValue) }
    }
}

/// The innermost resolution frame of the current thread, so that a resolve started from inside a
/// factory (for example through a default argument `= Container.shared.resolved()`) joins the path of
/// the resolve that is running the factory: cycles and errors then see the whole chain.
@usableFromInline
enum CurrentFrame {
    @inlinable @inline(__always)
    static var pointer: UnsafeMutablePointer<Frame>? {
        get { syringe_current_frame()?.assumingMemoryBound(to: Frame.self) }
        set { syringe_set_current_frame(newValue.map(UnsafeMutableRawPointer.init)) }
    }
}
