import Foundation
import Testing

@testable import Syringe

@Suite("Fast path: a list read without a lock")
struct PublishedListTests {
    /// Counts the elements that were freed.
    final class Tracked: Sendable {
        let freed: Counter
        init(_ freed: Counter) { self.freed = freed }
        deinit { freed.increment() }
    }

    // @unchecked Sendable: the list's own contract is under test (one writer, readers without a lock).
    struct Shared<Element>: @unchecked Sendable {
        let list: PublishedList<Element>
    }

    @Test func elementsComeBackInTheOrderTheyWereAdded() {
        let list = PublishedList<String>()
        defer { list.destroy() }
        #expect(list.elements.isEmpty)
        for name in ["first", "second", "third"] { list.append(name) }
        var read: [String] = []
        list.forEach { read.append($0) }
        #expect(read == ["first", "second", "third"])
        #expect(PublishedList(read).elements == read)
    }

    /// A walk visits what was appended before it started: an element appended by the walk's own body (a hook that
    /// adds a hook) waits for the next walk, so that such a body cannot keep a walk going for ever.
    @Test func anElementAppendedDuringAWalkWaitsForTheNextWalk() {
        let list = PublishedList<Int>()
        defer { list.destroy() }
        list.append(0)
        var visited: [Int] = []
        list.forEach { value in
            visited.append(value)
            list.append(value + 1)
        }
        #expect(visited == [0])
        visited = []
        list.forEach { visited.append($0) }
        #expect(visited == [0, 1])
    }

    /// A cursor (for code that awaits between elements) walks the elements in order, one `next()` at a time, and,
    /// like `forEach`, only those appended before it was made.
    @Test func aCursorWalksWhatWasAppendedBeforeIt() {
        let list = PublishedList<String>()
        defer { list.destroy() }
        var empty = list.cursor
        #expect(empty.next() == nil)
        list.append("first")
        list.append("second")
        var cursor = list.cursor
        #expect(cursor.next() == "first")
        list.append("third")
        #expect(cursor.next() == "second")
        #expect(cursor.next() == nil)
        #expect(cursor.next() == nil)
        var again = list.cursor
        #expect([again.next(), again.next(), again.next(), again.next()] == ["first", "second", "third", nil])
    }

    /// While one thread appends, readers on other threads see what was appended before they read, in order, and
    /// never a torn or freed node.
    @Test func readersOnOtherThreadsSeeAPrefixWhileOneWriterAppends() {
        let count = 5_000
        let shared = Shared(list: PublishedList<Int>())
        let mistakes = Counter()
        let start = Barrier(parties: 3)
        runOnThreads(3) { thread in
            start.arriveAndWait()
            if thread == 0 {
                for value in 0..<count { shared.list.append(value) }
                return
            }
            var seen = 0
            while seen < count {
                var expected = 0
                shared.list.forEach { value in
                    if value != expected { mistakes.increment() }
                    expected += 1
                }
                if expected < seen { mistakes.increment() }
                seen = expected
            }
        }
        #expect(mistakes.count == 0)
        #expect(shared.list.elements == Array(0..<count))
        shared.list.destroy()
    }

    /// `destroy()` frees every element, and a long list is freed node after node (a recursive release of 200,000
    /// nodes would overflow the stack).
    @Test func destroyFreesEveryElementOfALongList() {
        let freed = Counter()
        let count = 200_000
        let list = PublishedList<Tracked>()
        for _ in 0..<count { list.append(Tracked(freed)) }
        #expect(freed.count == 0)
        list.destroy()
        #expect(freed.count == count)
    }
}
