/// Whether a type is `Optional`, read from its metadata: the first word of a type's metadata is its kind, and the
/// Swift ABI's MetadataKind of `Optional<Wrapped>` is 0x202 (an enum, 0x201, of the one kind the runtime special-
/// cases). One load: asking the runtime whether the type conforms to a protocol of ours would scan every
/// conformance record the first time per type, and a cast of the value costs a hundred nanoseconds per build.
enum OptionalMetadata {
    static func isOptional(_ type: any Any.Type) -> Bool {
        unsafeBitCast(type, to: UnsafePointer<UInt>.self).pointee == 0x202
    }
}
