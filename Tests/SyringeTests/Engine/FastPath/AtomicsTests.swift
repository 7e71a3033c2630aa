import Testing

@testable import Syringe

@Suite("Atomics")
struct AtomicsTests {
    @Test func aFlagReadsAsSetWhileHeldAndOnlySetForGoodBySet() {
        let flag = AtomicFlag()
        #expect(!flag.isSet)
        flag.holding {
            #expect(flag.isSet)
            flag.holding { #expect(flag.isSet) }
            #expect(flag.isSet)
        }
        #expect(!flag.isSet)  // the holds ended: the flag was never set
        flag.holding { flag.set() }
        #expect(flag.isSet)  // set while held: set for good
        flag.holding {}
        #expect(flag.isSet)
    }

    @Test func holdsFromManyThreadsEndUnset() async {
        let flag = AtomicFlag()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    for _ in 0..<2_000 { flag.holding { precondition(flag.isSet) } }
                }
            }
        }
        #expect(!flag.isSet)
    }
}
