/// One value of a registration's service type, in memory of its own: what a stored scope keeps, what a
/// `.graph` resolution shares, what an async build hands back. The engine is not generic; it reaches the
/// value through ``payload`` and the operations of ``type``.
// @unchecked Sendable: the payload is written by the one build that owns the instance (factory, then hooks)
// before the instance is shared; after that it is only copied out.
@usableFromInline
final class Instance: @unchecked Sendable {
    /// Where the value lives: memory of the size and alignment of the service type.
    @usableFromInline let payload: UnsafeMutableRawPointer
    let type: ServiceType
    /// Whether the payload holds a value (the factory returned).
    private var isInitialized = false
    /// The order in which stored instances finished building, process-wide (0 until kept): disposal
    /// runs in reverse, so an instance goes before what it depends on.
    var sequence: UInt64 = 0

    init(type: ServiceType) {
        self.type = type
        payload = .allocate(byteCount: max(type.size, 1), alignment: type.alignment)
    }

    /// Records that the factory has initialised the payload.
    func markInitialized() {
        isInitialized = true
    }

    /// A copy of the value as `Any`.
    var value: Any { type.load(payload) }

    /// Copies the value to `destination`.
    func copy(to destination: UnsafeMutableRawPointer) {
        type.copy(from: payload, to: destination)
    }

    deinit {
        if isInitialized { type.destroy(payload) }
        payload.deallocate()
    }
}
