import Foundation
import Testing

@testable import Syringe

/// Births and deaths of the key-path run's instances: all of them must die once the container goes.
private final class HKPTally: Sendable {
    private let counts = HostileBox((born: 0, died: 0))
    func born() -> Int {
        counts.withLock {
            $0.born += 1
            return $0.born
        }
    }
    func died() { counts.withLock { $0.died += 1 } }
    var summary: (born: Int, died: Int) { counts.current }
}

/// One tally for the run: the properties below are read by this file's one test only.
private let hkpTally = HKPTally()

/// An instance of the run. Its `id` is positive when the property's own factory built it, above `overrideBase` when
/// an override of the container made it, negative when a task's override made it.
private final class HKPPart: Sendable {
    static let overrideBase = 1_000_000
    let id: Int
    init(id: Int? = nil) {
        let born = hkpTally.born()
        self.id = id ?? born
    }
    deinit { hkpTally.died() }
}

private struct HKPService: Sendable {
    let clock: HKPPart
    let session: HKPPart
}

private protocol HKPPlugin: Sendable { var part: HKPPart { get } }
private struct HKPContribution: HKPPlugin { let part: HKPPart }

extension Container {
    fileprivate var hkpClock: HKPPart { provide(.singleton) { HKPPart() } }
    fileprivate var hkpSession: HKPPart {
        get { provide(.cached) { HKPPart() } }
        set { override(newValue) }
    }
    fileprivate var hkpWeak: HKPPart { provide(.shared) { HKPPart() } }
    fileprivate var hkpService: HKPService { provide { HKPService(clock: hkpClock, session: hkpSession) } }
}

/// A model as an app writes it, injected when it is made.
private struct HKPModel {
    @Injected(\.hkpService) var service
    @Injected(\.hkpSession) var session
}

/// Key-path properties of every scope, read directly, through `@Injected`, through a child container and under a
/// task's overrides, while other threads override and reset them, reset everything and contribute to a
/// multi-binding. Whatever the interleaving: a task's override is seen inside its task and nowhere else, a
/// singleton or a `.shared` instance held by a reader is the one the next read returns unless something was reset
/// between, a contribution is in every later `resolveAll`, and nothing outlives the container.
@Suite("Hostile: key paths, overrides and resets at once", .timeLimit(.minutes(2)))
struct HostileMixedKeyPathRaceTests {
    @Test func keyPathReadsOverridesAndResetsRacingOneAnother() throws {
        let unexpected = HostileBox<[String]>([])
        @Sendable func failure(_ message: String) { unexpected.withLock { if $0.count < 20 { $0.append(message) } } }
        // Odd while a reset runs: two reads that see the same even value before and after had no reset between.
        let resets = HostileBox(0)
        @Sendable func resetting(_ body: () -> Void) {
            resets.withLock { $0 += 1 }
            body()
            resets.withLock { $0 += 1 }
        }
        let contributed = HostileCounter()
        let overrides = HostileCounter()
        let gone = WeakBox<Container>()
        do {
            let base = Container()
            gone.value = base
            DispatchQueue.concurrentPerform(iterations: 4) { worker in
                var random = HostileRandom(state: 0xA076_1D64_78BD_642F &+ UInt64(worker) &* 0x1000_0001)
                for step in 0..<2_500 {
                    switch random.next(24) {
                    case 0..<5:
                        // Directly: never a task's override; the singleton and the `.shared` instance held stay.
                        let before = resets.current
                        let service = base.hkpService
                        let weak = base.hkpWeak
                        if service.session.id < 0 { failure("a task's override reached the container") }
                        if base.hkpClock !== service.clock || base.hkpWeak !== weak {
                            if before == resets.current, before % 2 == 0 {
                                failure("a singleton or a held .shared instance changed with no reset")
                            }
                        }
                    case 5..<10:
                        // A task's override, read through `@Injected` and `Container[…]` inside it.
                        let mine = HKPPart(id: -(worker * 10_000 + step + 1))
                        Container.binding(base) {
                            Container.withOverrides({ $0.hkpSession = mine }) {
                                let model = HKPModel()
                                if model.session !== mine || model.service.session !== mine
                                    || Container[\.hkpSession] !== mine
                                {
                                    failure("a task's override was not what its task read")
                                }
                                if model.service.clock.id < 0 { failure("the clock was a session's") }
                            }
                        }
                    case 10..<12:
                        // A child container reads through to the parent, never a task's override.
                        let child = Container(parent: base)
                        if child.hkpService.session.id < 0 || child.hkpSession.id < 0 {
                            failure("a task's override reached a child container")
                        }
                    case 12..<14:
                        base.hkpSession = HKPPart(id: HKPPart.overrideBase + overrides.increment())
                    case 14:
                        resetting { base.reset(\.hkpSession) }
                    case 15:
                        resetting { base.reset(\.hkpClock) }
                    case 16:
                        resetting { base.reset(\.hkpWeak) }
                    case 17:
                        resetting { base.resetAll() }
                    case 18:
                        resetting { base.resetAll(includingOverrides: true) }
                    case 19..<21:
                        base.contribute((any HKPPlugin).self) { HKPContribution(part: HKPPart()) }
                        _ = contributed.increment()
                    default:
                        // Every contribution made before is in the list, each once.
                        let atLeast = contributed.count
                        do {
                            let plugins = try base.resolveAll((any HKPPlugin).self)
                            if plugins.count < atLeast {
                                failure("resolveAll found \(plugins.count) of \(atLeast) contributions")
                            }
                            if Set(plugins.map { ObjectIdentifier($0.part) }).count != plugins.count {
                                failure("resolveAll returned one instance twice")
                            }
                        } catch {
                            failure("resolveAll failed: \(error)")
                        }
                    }
                }
            }
            #expect(try base.resolveAll((any HKPPlugin).self).count == contributed.count)
        }
        #expect(unexpected.current.isEmpty, "\(unexpected.current.prefix(3))")
        #expect(gone.value == nil, "the container outlived its last reference")
        let summary = hkpTally.summary
        #expect(
            summary.died == summary.born, "built \(summary.born), released \(summary.died) after the container went")
        #expect(contributed.count > 50 && overrides.count > 50)
    }
}
