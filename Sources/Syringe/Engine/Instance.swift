/// One value of a registration's service type, in memory of its own: what a stored scope keeps, what a
/// `.graph` resolution shares, what an async build hands back. The engine is not generic; it reaches the
/// value through ``payload`` and the operations of its ``ServiceType``.
///
/// The value lives in the object's own allocation, after its header.
///
/// Not `Sendable` (a `ManagedBuffer` cannot be): it crosses threads inside engine types that guard it. Its
/// payload is written by the one build that owns it (factory, then hooks) before it is shared; after that it
/// is only copied out.
final class Instance: ManagedBuffer<Instance.Header, UInt8> {
    struct Header {
        /// Where the value lives: in this object, aligned for the service type.
        let payload: UnsafeMutableRawPointer
        let type: ServiceType
        /// Whether the payload holds a value (the factory returned).
        var isInitialized: Bool
        /// The order in which stored instances finished building, process-wide (0 until kept): disposal
        /// runs in reverse, so an instance goes before what it depends on.
        var sequence: UInt64
    }

    /// A new instance with room for one value of `type`, uninitialised.
    static func make(_ type: ServiceType) -> Instance {
        let buffer = create(minimumCapacity: max(type.size, 1) + type.alignment) { buffer in
            let elements = buffer.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
            let aligned = elements.alignedUp(toMultipleOf: max(type.alignment, 1))
            return Header(payload: aligned, type: type, isInitialized: false, sequence: 0)
        }
        return unsafeDowncast(buffer, to: Instance.self)
    }

    // The header is read through its pointer: `header` itself is a class property of another module, so each
    // access would be checked for exclusivity at run time (a thread-local access set per read).

    /// Where the value lives.
    var payload: UnsafeMutableRawPointer { withUnsafeMutablePointerToHeader { $0.pointee.payload } }
    var type: ServiceType { withUnsafeMutablePointerToHeader { $0.pointee.type } }

    var sequence: UInt64 {
        get { withUnsafeMutablePointerToHeader { $0.pointee.sequence } }
        set { withUnsafeMutablePointerToHeader { $0.pointee.sequence = newValue } }
    }

    /// Records that the factory has initialised the payload.
    func markInitialized() {
        withUnsafeMutablePointerToHeader { $0.pointee.isInitialized = true }
    }

    /// A copy of the value as `Any`.
    var value: Any { withUnsafeMutablePointerToHeader { $0.pointee.type.load($0.pointee.payload) } }

    /// Copies the value to `destination`.
    func copy(to destination: UnsafeMutableRawPointer) {
        withUnsafeMutablePointerToHeader { $0.pointee.type.copy(from: $0.pointee.payload, to: destination) }
    }

    deinit {
        withUnsafeMutablePointerToHeader { header in
            if header.pointee.isInitialized { header.pointee.type.destroy(header.pointee.payload) }
        }
    }
}

/// An instance handed from one task to another (the main actor back to the task that asked).
struct InstanceTransfer: @unchecked Sendable {
    // @unchecked Sendable: the instance is complete and no longer written once it is handed over.
    let instance: Instance
}
