/// A `#fileID` passed as one pointer instead of the three words of a `StaticString`.
///
/// The public entry points that a large app calls in thousands of places (`resolve`, `register`, `r.resolve`)
/// are inlinable forwarders: each call site passes the pointer, and the shared code turns it back into the
/// `StaticString` that diagnostics carry. Two words less per call, in every call site.
// @unchecked Sendable: the pointer is to a string literal's immutable, immortal storage.
@frozen @usableFromInline
struct FileID: @unchecked Sendable {
    @usableFromInline let start: UnsafePointer<UInt8>

    @inlinable @inline(__always)
    init(_ fileID: StaticString) {
        // `#fileID` is always a string literal, never a single scalar, so it has a pointer.
        start = fileID.utf8Start
    }

    /// The `StaticString` again. `StaticString` is `@frozen` (its layout is part of the standard library's
    /// ABI): a pointer, a byte count and flags (bit 1: ASCII); this rebuilds exactly what the literal made.
    var staticString: StaticString {
        var count = 0
        var isASCII = true
        while start[count] != 0 {
            if start[count] >= 0x80 { isASCII = false }
            count += 1
        }
        let layout = (UInt(bitPattern: start), UInt(count), UInt8(isASCII ? 0b10 : 0))
        return unsafeBitCast(layout, to: StaticString.self)
    }
}
