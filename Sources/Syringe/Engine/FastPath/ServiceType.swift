/// The type of a registration's instances, with the operations the engine needs on values of it: the
/// engine is not generic, so it moves, copies and destroys instances through these.
///
/// Each operation opens the metatype and runs the value witness of the type: a few nanoseconds, paid on
/// the paths that build or convert an instance, never on the inlined fast path of a kept instance.
struct ServiceType: @unchecked Sendable {
    // @unchecked Sendable: a metatype and two integers, all immutable.
    let type: any Any.Type
    let size: Int
    let alignment: Int
    /// Whether a value is one strong reference to a class instance (a class): then it is copied,
    /// moved and destroyed as a pointer and a reference count, without opening the metatype (a class service's
    /// instance in a scope's slot, copied out on every resolve and destroyed with the scope).
    let isObject: Bool

    init(_ type: any Any.Type) {
        self.type = type
        func layout<T>(_: T.Type) -> (Int, Int, Bool) {
            (MemoryLayout<T>.size, MemoryLayout<T>.alignment, T.self is AnyClass)
        }
        (size, alignment, isObject) = _openExistential(type, do: layout)
    }

    init<T>(of type: T.Type) {
        self.type = type
        size = MemoryLayout<T>.size
        alignment = MemoryLayout<T>.alignment
        isObject = T.self is AnyClass
    }

    var identity: ObjectIdentifier { ObjectIdentifier(type) }

    /// Initialises `destination` with a copy of the value at `source`.
    func copy(from source: ValueAddress, to destination: ValueAddress) {
        let (source, destination) = (source.raw, destination.raw)
        if isObject {
            let object = source.load(as: UnsafeRawPointer.self)
            _ = Unmanaged<AnyObject>.fromOpaque(object).retain()
            destination.storeBytes(of: object, as: UnsafeRawPointer.self)
            return
        }
        func copy<T>(_: T.Type) {
            destination.initializeMemory(as: T.self, to: source.assumingMemoryBound(to: T.self).pointee)
        }
        _openExistential(type, do: copy)
    }

    /// Moves the value at `source` to the uninitialised `destination`.
    func move(from source: ValueAddress, to destination: ValueAddress) {
        let (source, destination) = (source.raw, destination.raw)
        if isObject {
            destination.storeBytes(of: source.load(as: UnsafeRawPointer.self), as: UnsafeRawPointer.self)
            return
        }
        func move<T>(_: T.Type) {
            destination.initializeMemory(as: T.self, to: source.assumingMemoryBound(to: T.self).move())
        }
        _openExistential(type, do: move)
    }

    /// Destroys the value at `address`, leaving the memory uninitialised.
    func destroy(_ address: ValueAddress) {
        let address = address.raw
        if isObject {
            Unmanaged<AnyObject>.fromOpaque(address.load(as: UnsafeRawPointer.self)).release()
            return
        }
        func destroy<T>(_: T.Type) { address.assumingMemoryBound(to: T.self).deinitialize(count: 1) }
        _openExistential(type, do: destroy)
    }

    /// A copy of the value at `address`, as `Any` (for casts and type-erased tools).
    func load(_ address: ValueAddress) -> Any {
        let address = address.raw
        func load<T>(_: T.Type) -> Any { address.assumingMemoryBound(to: T.self).pointee }
        return _openExistential(type, do: load)
    }

    /// Initialises `destination` with `value` cast to this type; returns `false` when it is not one.
    func store(_ value: Any, to destination: ValueAddress) -> Bool {
        let destination = destination.raw
        func store<T>(_: T.Type) -> Bool {
            guard let typed = value as? T else { return false }
            destination.initializeMemory(as: T.self, to: typed)
            return true
        }
        return _openExistential(type, do: store)
    }

    /// The class instance at `address`, when the value is one or an optional holding one (`.shared` keeps those
    /// weakly).
    func object(at address: ValueAddress) -> AnyObject? {
        let value = load(address)
        if Swift.type(of: value) is AnyClass { return value as AnyObject }
        // Matching against `Optional<Any>` casts the value: `.some` holds what the optional wraps.
        guard Metadata.isOptional(type), case Optional<Any>.some(let wrapped) = value,
            Swift.type(of: wrapped) is AnyClass
        else { return nil }
        return wrapped as AnyObject
    }

    /// Whether the value at `address` is `nil` (an optional's `.none`), which a stored scope does not keep.
    func isNil(at address: ValueAddress) -> Bool {
        let address = address.raw
        guard Metadata.isOptional(type) else { return false }
        func isNone<T>(_: T.Type) -> Bool {
            if case Optional<Any>.none = address.assumingMemoryBound(to: T.self).pointee as Any { return true }
            return false
        }
        return _openExistential(type, do: isNone)
    }
}
