/// Memory for one value whose type the code at hand knows but the engine does not: where a factory builds what it
/// returns (the caller's memory, a scope's slot, an instance's payload), where a kept instance lives. The engine is
/// not generic; it passes addresses, and the generic code on each side (a registration's factory, a resolve's call
/// site) reads and writes the value with the type it knows, through these few operations.
@usableFromInline @frozen
struct ValueAddress {
    @usableFromInline let raw: UnsafeMutableRawPointer

    @inlinable @inline(__always)
    init(_ raw: UnsafeMutableRawPointer) { self.raw = raw }

    /// The value at the address whose bit pattern is `bits` (a word of the fast path's memory that holds it); `nil`
    /// for 0.
    @inline(__always)
    init?(bitPattern bits: UInt) {
        guard let raw = UnsafeMutableRawPointer(bitPattern: bits) else { return nil }
        self.raw = raw
    }

    /// The address as a word, to be stored in one of the fast path's words.
    @inline(__always)
    var bitPattern: UInt { UInt(bitPattern: raw) }

    /// Initialises the uninitialised memory with `value`.
    @inlinable @inline(__always)
    func initialize<Value>(as type: Value.Type, to value: consuming Value) {
        // In place, not through `initializeMemory(as:to:)`: one generic call less per build.
        raw.assumingMemoryBound(to: Value.self).initialize(to: value)
    }

    /// Replaces the value with `value`.
    @inlinable @inline(__always)
    func update<Value>(as type: Value.Type, to value: consuming Value) {
        raw.assumingMemoryBound(to: Value.self).pointee = value
    }

    /// Takes the value out, leaving the memory uninitialised.
    @inlinable @inline(__always)
    func move<Value>(_ type: Value.Type) -> Value {
        raw.assumingMemoryBound(to: Value.self).move()
    }

    /// A copy of the value.
    @inlinable @inline(__always)
    func value<Value>(_ type: Value.Type) -> Value {
        raw.assumingMemoryBound(to: Value.self).pointee
    }

    /// Destroys the value, leaving the memory uninitialised.
    @inlinable @inline(__always)
    func deinitialize<Value>(_ type: Value.Type) {
        raw.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
    }
}

/// The run-time arguments of a resolve (`resolve(T.self, arguments: …)`), packed as one tuple on the resolving
/// call's stack; the registration that the key names knows the tuple's type.
@usableFromInline @frozen
struct PackedArguments {
    @usableFromInline let raw: UnsafeRawPointer

    @inlinable @inline(__always)
    init(_ raw: UnsafeRawPointer) { self.raw = raw }

    /// A copy of the packed values, as the tuple type `Values`.
    @inlinable @inline(__always)
    func values<Values>(_ type: Values.Type) -> Values {
        raw.assumingMemoryBound(to: Values.self).pointee
    }

    /// Runs `body` with `values` packed at a fixed place for as long as it runs.
    @inline(__always)
    static func with<Values, Result>(
        _ values: Values, _ body: (PackedArguments) throws -> Result
    ) rethrows -> Result {
        var values = values
        return try withUnsafePointer(to: &values) { try body(PackedArguments(UnsafeRawPointer($0))) }
    }
}
