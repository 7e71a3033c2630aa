import SyringeShims

/// One value of a registration's service type, in memory of its own: what a stored scope keeps, what a
/// `.graph` resolution shares, what an async build hands back. The engine is not generic; it reaches the
/// value through ``payload`` and the operations of its ``ServiceType``.
///
/// The value lives in an allocation of its own, aligned for the service type. Not a `ManagedBuffer` with the
/// value after its header: a subclass of a generic class has its metadata built at run time, from the
/// superclass's mangled name, the first time an instance is made in a process (about 80 µs, most of a small
/// app's first resolve); a plain class's metadata is static. The cost is one more allocation per instance.
///
/// Not `Sendable`: it crosses threads inside engine types that guard it. Its payload is written by the one
/// build that owns it (factory, then hooks) before it is shared; after that it is only copied out.
final class Instance {
    /// Where the value lives.
    var payload: ValueAddress { ValueAddress(address) }
    private let address: UnsafeMutableRawPointer
    let type: ServiceType
    /// The malloc'd block that holds `payload` (freed with `free`), or nil when Swift's allocator made it.
    private let allocation: UnsafeMutableRawPointer?
    /// Whether the payload holds a value (the factory returned). Unchecked: written once by the build that
    /// owns the instance, before it is shared.
    @exclusivity(unchecked) private var isInitialized = false
    /// The order in which stored instances finished building, process-wide (0 until kept): disposal runs in
    /// reverse, so an instance goes before what it depends on. Unchecked: set under the keeping store's lock.
    @exclusivity(unchecked) var sequence: UInt64 = 0

    private init(_ type: ServiceType) {
        self.type = type
        if type.alignment <= 16 {
            // malloc aligns to 16; Swift's aligned allocation would take the slower memalign path for any alignment.
            address = RawMemory.allocate(byteCount: type.size)
            allocation = address
        } else {
            address = .allocate(byteCount: max(type.size, 1), alignment: type.alignment)
            allocation = nil
        }
    }

    /// A new instance with room for one value of `type`, uninitialised.
    static func make(_ type: ServiceType) -> Instance {
        Instance(type)
    }

    /// A new instance that takes the value at `payload` (of `type`), leaving that memory uninitialised.
    static func moving(_ type: ServiceType, from payload: ValueAddress) -> Instance {
        let instance = Instance(type)
        type.move(from: payload, to: instance.payload)
        instance.isInitialized = true
        return instance
    }

    /// A new instance holding a copy of the value at `payload` (of `type`).
    static func copying(_ type: ServiceType, from payload: ValueAddress) -> Instance {
        let instance = Instance(type)
        type.copy(from: payload, to: instance.payload)
        instance.isInitialized = true
        return instance
    }

    /// Records that the factory has initialised the payload.
    func markInitialized() {
        isInitialized = true
    }

    /// A copy of the value as `Any`.
    var value: Any { type.load(payload) }

    /// Copies the value to `destination`.
    func copy(to destination: ValueAddress) {
        type.copy(from: payload, to: destination)
    }

    deinit {
        if isInitialized { type.destroy(payload) }
        if let allocation { RawMemory.deallocate(allocation) } else { address.deallocate() }
    }
}

/// An instance handed from one task to another (the main actor back to the task that asked).
struct InstanceTransfer: @unchecked Sendable {
    // @unchecked Sendable: the instance is complete and no longer written once it is handed over.
    let instance: Instance
}
