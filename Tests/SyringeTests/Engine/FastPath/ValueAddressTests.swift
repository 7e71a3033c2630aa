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
}
