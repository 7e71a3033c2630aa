/// A flag that is set once and read with acquire ordering, without a lock; it also reads as set while a call
/// holds it (``holding(_:)``), from any thread: bit 0 is the flag, each hold adds 2 for its length.
// @unchecked Sendable: every access to the word goes through WordAddress's atomics.
final class AtomicFlag: @unchecked Sendable {
    private let word = WordAddress.allocate(count: 1)

    deinit {
        word.deallocate()
    }

    @inline(__always)
    var isSet: Bool { word.load() != 0 }

    func set() {
        var found = word.load()
        while found & 1 == 0 {
            let seen = word.compareExchange(found, found | 1)
            if seen == found { return }
            found = seen
        }
    }

    /// Runs `body` with the flag reading as set, then takes the hold back (the flag stays set if ``set()`` ran).
    func holding<Result>(_ body: () throws -> Result) rethrows -> Result {
        _ = word.fetchAdd(2)
        defer { _ = word.fetchAdd(0 &- 2) }
        return try body()
    }
}

/// A counter shared by all threads: each call returns a number no other call returned.
// @unchecked Sendable: every access to the word goes through WordAddress's atomics.
final class AtomicCounter: @unchecked Sendable {
    private let word = WordAddress.allocate(count: 1)

    deinit {
        word.deallocate()
    }

    /// The next number, from 1 on.
    func next() -> UInt64 { UInt64(word.fetchAdd(1) &+ 1) }
}

/// A word read with acquire and written with release ordering, for a value one writer updates under its own lock
/// and readers take without one (an address as its bit pattern: the published table of a registry).
// @unchecked Sendable: every access to the word goes through WordAddress's atomics.
final class AtomicUInt: @unchecked Sendable {
    /// The word, for readers that reach it by address (a container's fast-path links).
    let word = WordAddress.allocate(count: 1)

    init(_ value: UInt = 0) {
        word[0] = value
    }

    deinit {
        word.deallocate()
    }

    @inline(__always)
    func load() -> UInt { word.load() }

    func store(_ value: UInt) { word.store(value) }
}
