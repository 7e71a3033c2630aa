#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Android)
import Android
#endif

/// Raw memory straight from malloc, for registrations' tables and instances. Swift's
/// `UnsafeMutableRawPointer.allocate(byteCount:alignment:)` asks the runtime for an aligned allocation
/// (posix_memalign) even at malloc's own alignment, which costs about three times a malloc; malloc's alignment (16
/// bytes on the platforms Syringe supports) covers every block Syringe makes this way.
enum RawMemory {
    /// `byteCount` bytes aligned to 16; stops the program when memory is exhausted, as Swift's allocations do.
    @inline(__always)
    static func allocate(byteCount: Int) -> UnsafeMutableRawPointer {
        guard let memory = malloc(max(byteCount, 1)) else { fatalError("Syringe: out of memory") }
        return memory
    }

    @inline(__always)
    static func deallocate(_ memory: UnsafeMutableRawPointer?) { free(memory) }
}
