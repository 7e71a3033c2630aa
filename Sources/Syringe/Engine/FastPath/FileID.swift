/// A `#fileID` passed as one pointer instead of the three words of a `StaticString`.
///
/// The public entry points that a large app calls in thousands of places (`resolve`, `register`, `r.resolve`)
/// are inlinable forwarders: each call site passes the pointer, which Syringe's own code carries (registrations,
/// frames, diagnostics) and turns into text only for a message. Two words less per call, in every call site.
// @unchecked Sendable: the pointer is to a string literal's immutable, immortal storage.
@frozen @usableFromInline
struct FileID: @unchecked Sendable, CustomStringConvertible {
    @usableFromInline let start: UnsafePointer<UInt8>

    @inlinable @inline(__always)
    init(_ fileID: StaticString) {
        // `#fileID` is always a string literal, never a single scalar, so it has a pointer.
        start = fileID.utf8Start
    }

    /// The text of the `#fileID`, for messages.
    @usableFromInline var description: String {
        String(decodingCString: start, as: UTF8.self)
    }
}
