import Foundation
import Syringe
import Testing

private final class R2Rate: Sendable {
    let value: Int
    let deaths: HostileCounter?
    init(_ value: Int, deaths: HostileCounter? = nil) {
        self.value = value
        self.deaths = deaths
    }
    deinit { deaths?.increment() }
}

private final class R2Quote: Sendable {
    static let built = HostileCounter()
    let rate: R2Rate
    let id: Int
    init(rate: R2Rate) {
        self.rate = rate
        id = R2Quote.built.increment()
    }
}

private struct R2RateKey: InjectionKey {
    static var defaultValue: R2Rate { R2Rate(0) }
}

/// A key whose default reads another key, through the current container (as the article's `Rates` example).
private struct R2QuoteKey: InjectionKey {
    static var defaultValue: R2Quote {
        sched_yield()
        return R2Quote(rate: Container[\.race2Rate])
    }
}

extension Container {
    fileprivate var race2Rate: R2Rate {
        get { self[R2RateKey.self] }
        set { self[R2RateKey.self] = newValue }
    }
    fileprivate var race2Quote: R2Quote {
        get { self[R2QuoteKey.self] }
        set { self[R2QuoteKey.self] = newValue }
    }
    /// A `provide` property that reads the key too, kept as a singleton.
    fileprivate var race2ProvidedQuote: R2Quote {
        provide(.cached) { R2Quote(rate: self.race2Rate) }
    }
    /// The same, reading the key through the current container rather than `self`.
    fileprivate var race2SharedQuote: R2Quote {
        provide(.cached) { R2Quote(rate: Container[\.race2Rate]) }
    }
}

@Suite("HostileRace2: key paths whose default reads another key", .timeLimit(.minutes(2)))
struct HostileRace2KeyPathTests {
    /// One thread overrides the rate and resets the quote, then reads the quote; others read the quote all along.
    /// The quote read after the reset was built from the rate assigned before it: a build that read the old rate and
    /// finished after the reset is not kept.
    @Test func aResetDependentIsRebuiltFromTheNewOverride() async throws {
        let problems = HostileBox<[String]>([])
        let container = Container()
        let finished = await r2OnThreads(4) { worker in
            for step in 1...600 {
                if worker == 0 {
                    container.race2Rate = R2Rate(step)
                    container.reset(\.race2Quote)
                    container.reset(\.race2ProvidedQuote)
                    let quote = container.race2Quote.rate.value
                    let provided = container.race2ProvidedQuote.rate.value
                    if quote != step || provided != step {
                        problems.withLock { $0.append("rate \(step): quote \(quote), provided \(provided)") }
                    }
                } else {
                    let quote = (try? container.resolve(\.race2Quote)) ?? container.race2Quote
                    if quote.rate.value < 0 { problems.withLock { $0.append("a negative rate") } }
                    _ = container.race2ProvidedQuote
                }
            }
        }
        #expect(finished)
        #expect(problems.current.isEmpty, "\(problems.current.count) stale: \(problems.current.prefix(5))")
    }

    /// Overrides, resets of both keys and `resetAll(includingOverrides:)` racing reads; then, once the threads are
    /// done, a last override is read through, and every rate that was replaced is released (memory stays flat).
    @Test func overridesAndResetsRacingReadsLeaveNothingBehind() async throws {
        let deaths = HostileCounter()
        let made = HostileCounter()
        let problems = HostileBox<[String]>([])
        do {
            let container = Container()
            let finished = await r2OnThreads(5) { worker in
                for step in 1...400 {
                    switch worker {
                    case 0:
                        made.increment()
                        container.race2Rate = R2Rate(step, deaths: deaths)
                    case 1:
                        if step % 3 == 0 {
                            container.reset(\.race2Rate)
                        } else if step % 3 == 1 {
                            container.reset(\.race2Quote)
                        } else {
                            container.resetAll(includingOverrides: step % 2 == 0)
                        }
                    default:
                        let rate = container.race2Quote.rate.value
                        if rate < 0 || rate > 400 { problems.withLock { $0.append("rate \(rate)") } }
                        _ = container.race2ProvidedQuote.rate.value
                    }
                }
            }
            #expect(finished)
            made.increment()
            container.race2Rate = R2Rate(1_000, deaths: deaths)
            container.reset(\.race2Quote)
            container.reset(\.race2ProvidedQuote)
            #expect(container.race2Quote.rate.value == 1_000)
            #expect(container.race2ProvidedQuote.rate.value == 1_000)
            // Everything but the last override (kept by the container and the quotes) is gone.
            #expect(deaths.count == made.count - 1, "made \(made.count) rates, \(deaths.count) released")
        }
        #expect(deaths.count == made.count, "made \(made.count) rates, \(deaths.count) released")
        #expect(problems.current.isEmpty, "\(problems.current.prefix(5))")
    }

    /// `withOverrides` in a task group: each task overrides the rate and reads the quote (whose default reads the
    /// rate) through `Container[…]`, in child tasks too, while the test's container resets the quote and overrides
    /// the rate under them. Each task sees a quote built from its own rate.
    @Test func withOverridesInTaskGroupsSeeTheirOwnDependents() async throws {
        await Container.withOverrides { _ in
        } operation: {
            let outer = Container.shared
            let wrong = await withTaskGroup(of: [String].self) { group in
                group.addTask {
                    for step in 0..<300 {
                        outer.race2Rate = R2Rate(-step - 1)
                        outer.reset(\.race2Quote)
                        _ = outer.race2Quote
                        await Task.yield()
                    }
                    return []
                }
                for index in 1...60 {
                    group.addTask {
                        var wrong: [String] = []
                        for round in 0..<5 {
                            let value = index * 100 + round
                            await Container.withOverrides {
                                $0.race2Rate = R2Rate(value)
                            } operation: {
                                let quote = Container[\.race2Quote]
                                let provided = Container[\.race2ProvidedQuote]
                                let child = await Task { Container[\.race2Quote] }.value
                                if quote.rate.value != value || provided.rate.value != value {
                                    wrong.append("\(value): \(quote.rate.value), \(provided.rate.value)")
                                }
                                if child !== quote { wrong.append("\(value): a child task saw another quote") }
                            }
                        }
                        return wrong
                    }
                }
                var all: [String] = []
                for await wrong in group { all += wrong }
                return all
            }
            #expect(wrong.isEmpty, "\(wrong.count) wrong: \(wrong.prefix(5))")
        }
    }
}

@Suite("HostileRace2: key-path defaults kept by a parent, read through children", .timeLimit(.minutes(1)))
struct HostileRace2ChildKeyPathTests {
    /// A child container overrides the rate; the quote's default (which reads the rate) is first read through the
    /// child. The quote is kept in the root ("kept per scope in the root container"), and "kept instances are built
    /// from what their own container sees" (Scopes, Parents and children): the root's quote must not carry the
    /// child's override.
    @Test func aDefaultKeptByTheRootIsNotBuiltFromAChildsOverride() {
        let root = Container()
        let child = Container(parent: root)
        child.race2Rate = R2Rate(7)
        let throughChild = child.race2Quote
        let throughRoot = root.race2Quote
        #expect(root.race2Rate.value == 0)
        #expect(throughRoot.rate.value == root.race2Rate.value, "the root's quote carries the child's rate")
        _ = throughChild
    }

    /// The same for a `provide` property whose factory reads the rate through the current container. (Through
    /// `self` it reads the container the property was read on: documented in "Container properties".)
    @Test func aProvidedValueKeptByTheRootIsNotBuiltFromAChildsOverride() {
        let root = Container()
        let child = Container(parent: root)
        child.race2Rate = R2Rate(7)
        _ = child.race2SharedQuote
        #expect(root.race2SharedQuote.rate.value == 0, "the root's provided quote carries the child's rate")
        #expect(child.race2SharedQuote === root.race2SharedQuote)
    }

    /// Eight sibling children, each with its own rate, read the quote from threads at once: whichever child reads
    /// first decides what every other child and the root get.
    @Test func siblingsRacingToBuildAParentsDefault() async {
        let seen = HostileBox<Set<Int>>([])
        for _ in 0..<20 {
            let root = Container()
            let children = (1...8).map { index in
                let child = Container(parent: root)
                child.race2Rate = R2Rate(index)
                return child
            }
            let values = HostileBox<[Int: Int]>([:])
            _ = await r2OnThreads(8) { index in
                let value = children[index].race2Quote.rate.value
                values.withLock { $0[index + 1] = value }
            }
            seen.withLock { $0.formUnion(values.current.values) }
            let mine = values.current.filter { $0.key == $0.value }.count
            let others = values.current.filter { $0.key != $0.value }.count
            // Either each child sees its own rate (none does here: one quote is kept for all), or all see the root's.
            #expect(
                others == 0 || mine == 0 && Set(values.current.values) == [0],
                "\(values.current.sorted { $0.key < $1.key })")
        }
    }
}

@Suite("HostileRace2: a test container's own instance of its parent's cached default", .timeLimit(.minutes(1)))
struct HostileRace2TestContainerDefaultTests {
    /// Children made by `withOverrides` each override the rate and read the quote (whose default reads the rate),
    /// while their parent builds and resets its own quote: a child "builds its own instances of the parent's
    /// singletons and cached values" (Testing), so it never gets the parent's quote.
    @Test func aChildNeverGetsItsParentsQuoteWhileTheParentBuildsIt() async throws {
        let parentQuotes = HostileBox<Set<ObjectIdentifier>>([])
        let wrong = await Container.withOverrides { _ in
        } operation: { () async -> [String] in
            let parent = Container.shared
            return await withTaskGroup(of: [String].self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        for _ in 0..<2_000 {
                            parent.reset(\.race2Quote)
                            let quote = parent.race2Quote
                            let provided = parent.race2ProvidedQuote
                            parentQuotes.withLock {
                                $0.insert(ObjectIdentifier(quote))
                                $0.insert(ObjectIdentifier(provided))
                            }
                            parent.reset(\.race2ProvidedQuote)
                        }
                        return []
                    }
                }
                for index in 1...8 {
                    group.addTask {
                        var wrong: [String] = []
                        for round in 0..<400 {
                            let value = index * 1_000 + round
                            Container.withOverrides {
                                $0.race2Rate = R2Rate(value)
                            } operation: {
                                let quote = Container[\.race2Quote]
                                let provided = Container[\.race2ProvidedQuote]
                                if quote.rate.value != value || provided.rate.value != value {
                                    let parents = parentQuotes.current
                                    wrong.append(
                                        "\(value): quote \(quote.rate.value) (the parent's: "
                                            + "\(parents.contains(ObjectIdentifier(quote)))), provided "
                                            + "\(provided.rate.value) (the parent's: "
                                            + "\(parents.contains(ObjectIdentifier(provided)))))")
                                }
                            }
                        }
                        return wrong
                    }
                }
                var all: [String] = []
                for await wrong in group { all += wrong }
                return all
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong: \(wrong.prefix(5))")
    }
}

/// A class whose instances are counted alive.
private final class R2Counted: Sendable {
    static let made = HostileCounter()
    let generation: Int
    let deaths: HostileCounter
    init(_ generation: Int, deaths: HostileCounter) {
        self.generation = generation
        self.deaths = deaths
        R2Counted.made.increment()
    }
    deinit { deaths.increment() }
}

private let r2CountedDeaths = HostileCounter()

extension Container {
    fileprivate var race2Kept: R2Counted {
        provide(.singleton) { R2Counted(0, deaths: r2CountedDeaths) }
    }
}

@Suite("HostileRace2: factory overrides of a kept key path racing reads", .timeLimit(.minutes(1)))
struct HostileRace2KeyPathOverrideTests {
    /// `override(\.x) { … }` (which keeps the property's `.singleton` scope) and `reset(\.x)` racing reads: a read
    /// gets a whole instance; once the threads are done and the key path reset, a read gets the default, and every
    /// instance but the one kept is released.
    @Test func factoryOverridesAndResetsRacingReads() async throws {
        let problems = HostileBox<[String]>([])
        let made = HostileCounter()
        do {
            let container = Container()
            let finished = await r2OnThreads(4) { worker in
                for step in 1...500 {
                    switch worker {
                    case 0:
                        container.override(\.race2Kept) {
                            made.increment()
                            return R2Counted(step, deaths: r2CountedDeaths)
                        }
                    case 1:
                        if step % 2 == 0 { container.reset(\.race2Kept) } else { container.resetAll() }
                    default:
                        let generation = container.race2Kept.generation
                        if generation < 0 || generation > 500 { problems.withLock { $0.append("\(generation)") } }
                    }
                }
            }
            #expect(finished)
            container.reset(\.race2Kept)
            #expect(container.race2Kept.generation == 0)
        }
        #expect(problems.current.isEmpty, "\(problems.current.prefix(5))")
        // Every instance made (defaults too) is released once the container is gone.
        #expect(
            r2CountedDeaths.count == R2Counted.made.count,
            "made \(R2Counted.made.count), released \(r2CountedDeaths.count)")
    }
}
