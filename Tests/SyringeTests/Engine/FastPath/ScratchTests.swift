import Syringe
import Testing

/// A value aligned to 16 bytes, the most a Swift type asks for.
struct WideAligned: Equatable {
    var lanes: SIMD4<Int32>
    var first: Int32 { lanes[0] }
    var second: Int32 { lanes[1] }

    init(first: Int32, second: Int32) { lanes = SIMD4(first, second, 0, 0) }
}

/// 8 KiB of value: a few of them in one resolution outgrow the 64 KiB scratch region.
struct Bulky {
    var payload:
        (
            SIMD64<Int>, SIMD64<Int>, SIMD64<Int>, SIMD64<Int>, SIMD64<Int>, SIMD64<Int>, SIMD64<Int>,
            SIMD64<Int>, SIMD64<Int>, SIMD64<Int>, SIMD64<Int>, SIMD64<Int>, SIMD64<Int>, SIMD64<Int>, SIMD64<Int>,
            SIMD64<Int>
        )
    var depth: Int

    init(depth: Int) {
        let lane = SIMD64<Int>(repeating: depth)
        payload = (lane, lane, lane, lane, lane, lane, lane, lane, lane, lane, lane, lane, lane, lane, lane, lane)
        self.depth = depth
    }
}

/// A `Bulky` under a type of its own, resolved without a name.
struct BulkyLeaf {
    var bulky: Bulky
}

struct ScratchFailure: Error, Equatable {}

/// A resolve builds a missing instance in scratch memory and the call site moves it out: values of any
/// size and alignment, errors and deep resolutions come out intact.
@Suite("Engine: values built in scratch memory")
struct ScratchTests {
    @Test func anAlignedValueResolvesIntactBothWays() throws {
        let container = Container()
        container.register(WideAligned.self) { WideAligned(first: 1, second: 2) }
        container.register(WideAligned.self, name: "kept", scope: .singleton) { WideAligned(first: 3, second: 4) }
        container.register(Int32.self) { r in
            let wide: WideAligned = try r.resolve()
            return wide.first + wide.second
        }
        #expect(try container.resolve(WideAligned.self) == WideAligned(first: 1, second: 2))
        #expect(try container.resolve(WideAligned.self, name: "kept") == WideAligned(first: 3, second: 4))
        #expect(try container.resolve(WideAligned.self, name: "kept") == WideAligned(first: 3, second: 4))
        #expect(try container.resolve(Int32.self) == 3)
    }

    @Test func aResolutionDeeperThanTheScratchRegionUsesTheHeap() throws {
        let container = Container()
        let depth = 12  // 12 × 8 KiB: past the 64 KiB region
        for level in 0..<depth {
            container.register(Bulky.self, name: "\(level)") { r in
                if level + 1 < depth { _ = try r.resolve(Bulky.self, name: "\(level + 1)") }
                return Bulky(depth: level)
            }
        }
        container.register(Bulky.self) { r in try r.resolve(Bulky.self, name: "0") }
        for _ in 0..<3 {
            let bulky = try container.resolve(Bulky.self)
            #expect(bulky.depth == 0)
            #expect(bulky.payload.15[63] == 0)
        }
    }

    @Test func anErrorOfTheBuildIsThrownAtTheCallSite() throws {
        let container = Container()
        container.register(WideAligned.self) { throw ScratchFailure() }
        for _ in 0..<3 {
            #expect(throws: ResolutionError.self) { try container.resolve(WideAligned.self) }
            #expect(throws: ResolutionError.self) { try container.resolve(Bulky.self) }
        }
        // The scratch memory given back on each error: a value resolves intact afterwards.
        container.register(WideAligned.self) { WideAligned(first: 5, second: 6) }
        #expect(try container.resolve(WideAligned.self) == WideAligned(first: 5, second: 6))
    }

    @Test func aValueBuiltOnTheHeapComesOutIntactThroughTheContainersResolve() throws {
        // Deep in a resolution that has outgrown the region, a factory resolves through the container itself
        // (not `r`): the value is built on the heap, handed back by the call and moved out at the call site,
        // again and again, while the heap memory of the previous one is freed.
        let container = Container()
        let depth = 10
        for level in 0..<depth {
            container.register(Bulky.self, name: "\(level)") { [unowned container] r in
                if level + 1 < depth { _ = try r.resolve(Bulky.self, name: "\(level + 1)") }
                if level + 1 == depth {
                    for round in 0..<4 {
                        let wide = try container.resolve(WideAligned.self)
                        #expect(wide == WideAligned(first: 7, second: 8), "round \(round)")
                        let leaf = try container.resolve(BulkyLeaf.self)
                        #expect(leaf.bulky.depth == 42 && leaf.bulky.payload.15[63] == 42, "round \(round)")
                    }
                }
                return Bulky(depth: level)
            }
        }
        container.register(WideAligned.self) { WideAligned(first: 7, second: 8) }
        container.register(BulkyLeaf.self) { BulkyLeaf(bulky: Bulky(depth: 42)) }
        container.register(Bulky.self) { Bulky(depth: 99) }
        for _ in 0..<3 {
            #expect(try container.resolve(Bulky.self, name: "0").depth == 0)
            #expect(try container.resolve(Bulky.self).depth == 99)
        }
    }
}
