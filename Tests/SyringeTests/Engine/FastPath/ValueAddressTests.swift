import Testing

@testable import Syringe

@Suite("Fast path: values passed by address")
struct ValueAddressTests {
    final class Tracked {
        let name: String
        init(_ name: String) { self.name = name }
    }

    /// Runs `body` with room for one `T`, as the engine's callers provide it.
    private func withRoom<T, Result>(for _: T.Type, _ body: (ValueAddress) throws -> Result) rethrows -> Result {
        let memory = UnsafeMutablePointer<T>.allocate(capacity: 1)
        defer { memory.deallocate() }
        return try body(ValueAddress(UnsafeMutableRawPointer(memory)))
    }

    @Test func aValueIsInitialisedReadUpdatedAndMovedOut() {
        let moved: [Int] = withRoom(for: [Int].self) { address in
            address.initialize(as: [Int].self, to: [1, 2])
            #expect(address.value([Int].self) == [1, 2])
            address.update(as: [Int].self, to: [3])
            #expect(address.value([Int].self) == [3])
            return address.move([Int].self)
        }
        #expect(moved == [3])
    }

    /// Each operation keeps an object's reference count right: what is moved out is the only reference left,
    /// what is replaced or destroyed is released.
    @Test func anObjectIsReleasedExactlyWhenTheMemoryLetsGoOfIt() {
        weak var replaced: Tracked?
        weak var destroyed: Tracked?
        var kept: Tracked?
        withRoom(for: Tracked.self) { address in
            do {
                let first = Tracked("first")
                replaced = first
                address.initialize(as: Tracked.self, to: first)
            }
            #expect(replaced != nil)
            address.update(as: Tracked.self, to: Tracked("second"))
            #expect(replaced == nil)
            kept = address.move(Tracked.self)
            address.initialize(as: Tracked.self, to: Tracked("third"))
            destroyed = address.value(Tracked.self)
            #expect(destroyed != nil)
            address.deinitialize(Tracked.self)
        }
        #expect(destroyed == nil)
        #expect(kept?.name == "second")
    }

    @Test func packedArgumentsComeBackAsTheirTuple() {
        let read = PackedArguments.with((7, "seven", Tracked("x"))) { packed in
            packed.values((Int, String, Tracked).self)
        }
        #expect(read.0 == 7 && read.1 == "seven" && read.2.name == "x")
    }

    /// The engine's own use: a registration's factory builds through the address the resolve provides, and a
    /// resolve with arguments hands them packed to it.
    @Test func aResolveWithArgumentsBuildsThroughTheAddress() throws {
        let container = Container()
        container.register(String.self) { (_, count: Int, word: String) in String(repeating: word, count: count) }
        #expect(try container.resolve(String.self, arguments: 3, "ab") == "ababab")
    }

    // MARK: A value lent in place (`withBorrowed`)
    //
    // The body sees the value itself, the memory still holds it afterwards, and what the body keeps is its own
    // reference. Run in debug and in release (`.ci/run`), where the optimiser passes the memory itself.

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
