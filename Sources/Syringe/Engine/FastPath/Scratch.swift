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

/// Per-thread scratch memory for values being resolved: unspecialised generic code gets room for a `T` without a
/// generic temporary, which would cost a metadata lookup per call (the standard library's
/// `withUnsafeTemporaryAllocation` asks for a `Result<T, E>`'s). A stack of 64 KiB per thread, in the thread's
/// third pointer slot, then the heap.
///
/// The region's first two words are where its free room starts and where the region ends; the room starts 16 bytes
/// in, so that every push is aligned to 16.
enum Scratch {
    private static let regionSize = 64 * 1024
    private static let headerSize = 16
    private static let slot: UInt = 2

    /// Room for one `T`, uninitialised; give it back with ``pop(_:_:)`` (last in, first out).
    @inline(__always)
    static func push<T>(_ type: T.Type) -> ValueAddress {
        push(size: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
    }

    /// Room for `size` bytes aligned to `alignment`.
    @inline(__always)
    static func push(size: Int, alignment: Int) -> ValueAddress {
        let needed = UInt(max(size, 1) + 15) & ~15
        if _fastPath(alignment <= 16), let region = syringe_thread_slot(slot) {
            let top = region.load(as: UInt.self)
            if _fastPath(region.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self) &- top >= needed) {
                region.storeBytes(of: top &+ needed, as: UInt.self)
                return ValueAddress(bitPattern: top).unsafelyUnwrapped
            }
        }
        return pushSlow(size: Int(needed), alignment: alignment)
    }

    /// Gives back the memory of the latest push, whatever its alignment (memory outside the region is the heap's,
    /// from a full region or a large alignment, and is freed).
    @inline(__always)
    static func pop(_ memory: ValueAddress) {
        let address = UInt(bitPattern: memory.raw)
        if let region = syringe_thread_slot(slot), address >= UInt(bitPattern: region),
            address < region.load(fromByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
        {
            region.storeBytes(of: address, as: UInt.self)
        } else {
            free(memory.raw)
        }
    }

    @inline(__always)
    static func pop<T>(_ memory: ValueAddress, _ type: T.Type) {
        pop(memory)
    }

    @inline(__always)
    static func pop(_ memory: ValueAddress, alignment: Int) {
        pop(memory)
    }

    /// The thread's first push makes its region; a full region or an alignment above 16 takes the heap.
    private static func pushSlow(size: Int, alignment: Int) -> ValueAddress {
        if alignment <= 16, syringe_thread_slot(slot) == nil {
            let region = RawMemory.allocate(byteCount: regionSize, alignment: 16)
            let start = UInt(bitPattern: region)
            region.storeBytes(of: start + UInt(headerSize), as: UInt.self)
            region.storeBytes(of: start + UInt(regionSize), toByteOffset: MemoryLayout<UInt>.size, as: UInt.self)
            pthread_setspecific(regionKey, region)
            syringe_set_thread_slot(slot, region)
            return push(size: size, alignment: alignment)
        }
        return ValueAddress(RawMemory.allocate(byteCount: size, alignment: max(alignment, 16)))
    }

    /// Frees a thread's region when the thread exits.
    private static let regionKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { region in
            syringe_set_thread_slot(slot, nil)
            free(region)
        }
        return key
    }()
}
