/// What the runtime's metadata says about a type, read from the metadata itself: its first word is the type's kind
/// (the Swift ABI's MetadataKind, include/swift/ABI/MetadataKind.def).
enum Metadata {
    /// The kind word of `type`'s metadata.
    @inline(__always)
    private static func kind(of type: any Any.Type) -> UInt {
        unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee
    }

    /// Whether `type` is a protocol (existential) type: Existential = 0x303, ExtendedExistential = 0x307.
    static func isExistential(_ type: any Any.Type) -> Bool {
        let kind = kind(of: type)
        return kind == 0x303 || kind == 0x307
    }

    /// Whether `type` is `Optional`: its kind is 0x202 (an enum, 0x201, of the one kind the runtime special-cases).
    /// One load: asking the runtime whether the type conforms to a protocol of ours would scan every conformance
    /// record the first time per type, and a cast of the value costs a hundred nanoseconds per build.
    static func isOptional(_ type: any Any.Type) -> Bool { kind(of: type) == 0x202 }
}
