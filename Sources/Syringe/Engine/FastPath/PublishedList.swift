/// A list that one writer at a time appends to (under its owner's lock) and any thread reads without a lock or a
/// reference count: a registration's hooks, read on every build and every disposal that has any.
///
/// Nodes are immutable but for the word that links the next one, which is written once, with release ordering,
/// and read with acquire ordering; no node goes before ``destroy()``, which the owner calls when nothing can read
/// the list any more (its `deinit`). A walk visits the elements appended before it started: an element appended
/// meanwhile (a hook that adds a hook) waits for the next walk. A plain word for its owner to store: reading touches
/// no reference count.
struct PublishedList<Element> {
    /// `[count][first node][last node]`: the count (published after its node is linked) and the first node, retained
    /// (0 while empty), read by anyone; the last for the writer only.
    private let words: WordAddress
    private static var count: Int { 0 }
    private static var first: Int { 1 }
    private static var last: Int { 2 }

    private final class Node {
        let element: Element
        /// The next node, retained (0 at the end); released by ``PublishedList/destroy()``, not by `deinit`, so that
        /// a long list is not freed by recursion.
        let next = WordAddress.allocate(count: 1)

        init(_ element: Element) {
            self.element = element
        }

        deinit { next.deallocate() }
    }

    /// An empty list.
    init() {
        words = .allocate(count: 3)
    }

    /// A list of `elements`, in order.
    init(_ elements: [Element]) {
        self.init()
        for element in elements { append(element) }
    }

    /// Runs `body` on each element appended before the call, in order, borrowed: no lock, no retain.
    @inline(__always)
    func forEach(_ body: (Element) throws -> Void) rethrows {
        var remaining = (words + PublishedList.count).load()
        var bits = (words + PublishedList.first).load()
        while remaining > 0 {
            bits = try ObjectWord.with(bits, as: Node.self) { node in
                try body(node.element)
                return node.next.load()
            }
            remaining -= 1
        }
    }

    /// A walk over the elements appended before it started, one at a time, for code that awaits between them
    /// (``forEach(_:)`` takes a synchronous body): no lock, no array. Valid while the list's owner is alive.
    struct Cursor {
        private var remaining: UInt
        private var bits: UInt

        fileprivate init(remaining: UInt, bits: UInt) {
            self.remaining = remaining
            self.bits = bits
        }

        /// The next element, or nil after the last.
        mutating func next() -> Element? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            return ObjectWord.with(bits, as: Node.self) { node in
                bits = node.next.load()
                return node.element
            }
        }
    }

    /// A walk over the elements appended so far (see ``Cursor``).
    var cursor: Cursor {
        Cursor(remaining: (words + PublishedList.count).load(), bits: (words + PublishedList.first).load())
    }

    /// The elements, in order.
    var elements: [Element] {
        var elements: [Element] = []
        forEach { elements.append($0) }
        return elements
    }

    /// Adds `element` at the end. One writer at a time: call it under the owner's lock.
    func append(_ element: Element) {
        let bits = ObjectWord.retaining(Node(element))
        let last = words[PublishedList.last]
        if last == 0 {
            (words + PublishedList.first).store(bits)
        } else {
            ObjectWord.with(last, as: Node.self) { $0.next.store(bits) }
        }
        words[PublishedList.last] = bits
        (words + PublishedList.count).store(words[PublishedList.count] + 1)
    }

    /// Releases the nodes, first to last. Once nothing can read the list any more.
    func destroy() {
        var bits = words[PublishedList.first]
        while bits != 0 {
            let node = bits
            bits = ObjectWord.with(node, as: Node.self) { $0.next[0] }
            ObjectWord.release(node, as: Node.self)
        }
        words.deallocate()
    }
}
