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

    /// `byteCount` bytes aligned to `alignment`, a power of two and a multiple of the word size (a cache line for a
    /// reader's record, a value's alignment beyond 16 for scratch memory).
    static func allocate(byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer {
        var memory: UnsafeMutableRawPointer?
        guard posix_memalign(&memory, alignment, max(byteCount, 1)) == 0, let memory else {
            fatalError("Syringe: out of memory")
        }
        return memory
    }

    @inline(__always)
    static func deallocate(_ memory: UnsafeMutableRawPointer?) { free(memory) }
}
