import SyringeShims

/// Per-thread scratch memory for values being resolved (see `syringe_scratch_push`): unspecialised generic
/// code gets room for a `T` without a generic temporary, which would cost a metadata lookup per call.
enum Scratch {
    /// Room for one `T`, uninitialised; give it back with ``pop(_:_:)`` (last in, first out).
    @inline(__always)
    static func push<T>(_ type: T.Type) -> ValueAddress {
        push(size: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
    }

    /// Room for `size` bytes aligned to `alignment`.
    @inline(__always)
    static func push(size: Int, alignment: Int) -> ValueAddress {
        if _slowPath(alignment > 16) { return ValueAddress(syringe_scratch_push_aligned(UInt(size), UInt(alignment))) }
        return ValueAddress(syringe_scratch_push(UInt(size)))
    }

    /// Gives back the memory of the latest push, whatever its alignment (memory outside the region is the
    /// heap's, from a full region or a large alignment, and is freed).
    @inline(__always)
    static func pop(_ memory: ValueAddress) {
        syringe_scratch_pop(memory.raw)
    }

    @inline(__always)
    static func pop<T>(_ memory: ValueAddress, _ type: T.Type) {
        pop(memory)
    }

    @inline(__always)
    static func pop(_ memory: ValueAddress, alignment: Int) {
        pop(memory)
    }
}
