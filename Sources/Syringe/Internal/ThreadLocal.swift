#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// The innermost resolution frame of the current thread, so that a resolve started from inside a
/// factory (for example through a default argument `= Container.shared.resolved()`) joins the path of
/// the resolve that is running the factory: cycles and errors then see the whole chain.
enum CurrentFrame {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key, nil)
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    @inline(__always)
    static var pointer: UnsafeMutablePointer<Frame>? {
        get { pthread_getspecific(key)?.assumingMemoryBound(to: Frame.self) }
        set { pthread_setspecific(key, newValue) }
    }
}
