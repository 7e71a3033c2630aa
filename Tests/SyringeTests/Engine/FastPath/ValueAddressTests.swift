import Testing

@testable import Syringe

/// A value lent where it lies (`ValueAddress.withBorrowed`): the body sees the value itself, the memory still holds
/// it afterwards, and what the body keeps is its own reference. Run in debug and in release (`.ci/run`), where the
/// optimiser passes the memory itself rather than a copy.
@Suite("Engine: a value lent in place")
struct ValueAddressTests {
    private final class Object: Sendable {
        let name: String
        init(_ name: String) { self.name = name }
    }

    private protocol Named { var name: String { get } }
    private struct Tag: Named, Equatable {
        var name: String
        var parts: [String]
    }

    /// Memory holding `value`, for the duration of `body`; the value is destroyed afterwards.
    private func withStored<Value, Result>(
        _ value: Value, as type: Value.Type = Value.self, _ body: (ValueAddress) throws -> Result
    ) rethrows -> Result {
        let memory = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        memory.initialize(to: value)
        defer {
            memory.deinitialize(count: 1)
            memory.deallocate()
        }
        return try body(ValueAddress(UnsafeMutableRawPointer(memory)))
    }

    @Test func aClassInstanceIsLentAsItselfAndStaysInPlace() {
        let object = Object("db")
        withStored(object) { address in
            let lent = address.withBorrowed(Object.self) { $0 }
            #expect(lent === object)
            #expect(address.value(Object.self) === object)
        }
    }

    @Test func whatTheBodyKeepsOutlivesTheMemory() {
        weak var gone: Object?
        var kept: Object?
        withStored(Object("cache")) { address in
            gone = address.value(Object.self)
            address.withBorrowed(Object.self) { kept = $0 }
        }
        // The memory destroyed its reference; the body's own keeps the object alive, once.
        #expect(kept?.name == "cache")
        #expect(gone === kept)
        kept = nil
        #expect(gone == nil)
    }

    @Test func nothingTheBodyDoesNotKeepOutlivesTheMemory() {
        weak var gone: Object?
        withStored(Object("log")) { address in
            gone = address.value(Object.self)
            for _ in 0..<3 { address.withBorrowed(Object.self) { #expect($0.name == "log") } }
        }
        #expect(gone == nil)
    }

    @Test func valuesAndExistentialsAreLentUnchanged() {
        let tag = Tag(name: "request", parts: ["a", "b"])
        withStored(tag) { address in
            #expect(address.withBorrowed(Tag.self) { $0 } == tag)
            #expect(address.value(Tag.self) == tag)
        }
        let named: any Named = Tag(name: "existential", parts: [])
        // Named as the existential: passed plainly, the existential would be opened (`Value` would be `Tag`).
        withStored(named, as: (any Named).self) { address in
            let lent = address.withBorrowed((any Named).self) { $0.name }
            #expect(lent == "existential")
            #expect(address.value((any Named).self).name == "existential")
        }
    }

    @Test func anAsyncBodySeesTheValueAcrossSuspensionPoints() async {
        let object = Object("pool")
        let memory = UnsafeMutablePointer<Object>.allocate(capacity: 1)
        memory.initialize(to: object)
        let address = ValueAddress(UnsafeMutableRawPointer(memory))
        let name = await address.withBorrowed(Object.self) { lent in
            await Task.yield()
            return lent === object ? lent.name : "another object"
        }
        #expect(name == "pool")
        #expect(address.value(Object.self) === object)
        memory.deinitialize(count: 1)
        memory.deallocate()
    }

    @Test func anErrorOfTheBodyIsRethrownAndTheValueStays() {
        struct Refused: Error {}
        let object = Object("refused")
        withStored(object) { address in
            #expect(throws: Refused.self) { try address.withBorrowed(Object.self) { _ in throw Refused() } }
            #expect(address.value(Object.self) === object)
        }
    }
}
