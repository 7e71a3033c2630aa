import Testing

@testable import Syringe

@Suite("WordAddress")
struct WordAddressTests {
    @Test func newWordsAreZeroAndEachOperationReturnsWhatItSays() {
        let words = WordAddress.allocate(count: 4)
        defer { words.deallocate() }
        #expect((0..<4).allSatisfy { words[$0] == 0 })
        let second = words + 1
        second.store(7)
        #expect(words[1] == 7 && second.load() == 7 && words[0] == 0 && words[2] == 0)
        #expect(second.exchange(9) == 7 && second.load() == 9)
        #expect(second.compareExchange(1, 2) == 9 && second.load() == 9)  // not 1: nothing replaced
        #expect(second.compareExchange(9, 2) == 9 && second.load() == 2)
        #expect(second.fetchAdd(0 &- 3) == 2 && second.load() == UInt.max)  // wraps
        #expect((words + 2).exchangeInTotalOrder(5) == 0 && (words + 2).loadInTotalOrder() == 5)
        #expect((words + 2).compareExchangeInTotalOrder(5, 6) == 5 && words[2] == 6)
        #expect(words.advanced(byBytes: 3 * WordAddress.wordSize) == words + 3)
    }

    @Test func anAddressKeptInAWordComesBackAsTheSameAddress() {
        let words = WordAddress.allocate(count: 2)
        defer { words.deallocate() }
        words[0] = (words + 1).bitPattern
        #expect(WordAddress(bitPattern: words[0]) == words + 1)
        #expect(WordAddress(bitPattern: 0) == nil)
        #expect(ValueAddress(bitPattern: words.bitPattern)?.raw == words.raw)
        #expect(ValueAddress(bitPattern: 0) == nil)
    }

    @Test func fetchAddFromManyThreadsLosesNoAddition() async {
        let words = WordAddress.allocate(count: 1)
        defer { words.deallocate() }
        let address = words.bitPattern
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let word = WordAddress(bitPattern: address).unsafelyUnwrapped
                    for _ in 0..<10_000 { _ = word.fetchAdd(1) }
                }
            }
        }
        #expect(words.load() == 40_000)
    }
}
