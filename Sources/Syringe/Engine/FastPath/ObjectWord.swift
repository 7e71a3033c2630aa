/// A word of raw memory that holds a reference to an object: how the fast path keeps one where the engine reads it
/// without touching a reference count (a scope's layout and overflow store, the registration of a scope's slot, the
/// nodes of a ``PublishedList``). Whether a word owns a reference is for the memory that holds it to say; these only
/// convert, in one place.
enum ObjectWord {
    /// The word for `object`, owning a reference of its own (give it back with ``release(_:as:)``).
    @inline(__always)
    static func retaining<Object: AnyObject>(_ object: Object) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
    }

    /// The word for `object`, owning no reference.
    @inline(__always)
    static func borrowing<Object: AnyObject>(_ object: Object) -> UInt {
        UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque())
    }

    /// The object whose word is `word` (not 0), without a reference of the caller's own.
    @inline(__always)
    static func object<Object: AnyObject>(_ word: UInt, as _: Object.Type) -> Object {
        reference(word, as: Object.self).takeUnretainedValue()
    }

    /// Runs `body` with the object whose word is `word` (not 0), borrowed: no reference count is touched.
    @inline(__always)
    static func with<Object: AnyObject, Result>(
        _ word: UInt, as _: Object.Type, _ body: (Object) throws -> Result
    ) rethrows -> Result {
        try reference(word, as: Object.self)._withUnsafeGuaranteedRef(body)
    }

    /// Takes a reference of the caller's own to the object whose word is `word` (not 0), to hand on as it is.
    @inline(__always)
    static func retained<Object: AnyObject>(_ word: UInt, as _: Object.Type) -> Unmanaged<Object> {
        reference(word, as: Object.self).retain()
    }

    /// Gives back the reference that `word` owns.
    @inline(__always)
    static func release<Object: AnyObject>(_ word: UInt, as _: Object.Type) {
        reference(word, as: Object.self).release()
    }

    @inline(__always)
    private static func reference<Object: AnyObject>(_ word: UInt, as _: Object.Type) -> Unmanaged<Object> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }
}

/// A reference to an object that a writer replaces under its owner's lock and anyone takes, retained, without it (a
/// scope layout's current snapshot): taken inside a read section, and what a replacement unpublishes is released
/// through ``Reclamation/retire(_:)`` once no section can see it.
// @unchecked Sendable: the word is read and written through the C11 atomics of SyringeShims only.
final class PublishedReference<Object: AnyObject>: @unchecked Sendable {
    private let word = AtomicUInt()

    deinit {
        let owned = word.load()
        if owned != 0 { ObjectWord.release(owned, as: Object.self) }
    }

    /// The object published now, retained, or nil.
    func value() -> Object? {
        let section = ReadSection.begin()
        defer { section.end() }
        let current = word.load()
        return current == 0 ? nil : ObjectWord.object(current, as: Object.self)
    }

    /// Publishes `object` (or nothing) and hands back what was published, for the caller to retire after its lock.
    /// Under the owner's lock.
    func exchange(_ object: Object?) -> Object? {
        let old = word.load()
        word.store(object.map { ObjectWord.retaining($0) } ?? 0)
        guard old != 0 else { return nil }
        let previous = ObjectWord.object(old, as: Object.self)
        ObjectWord.release(old, as: Object.self)
        return previous
    }
}
