import Foundation
import Syringe
import Testing

/// A `.graph` dependency whose hook can fail, and records whether it ran.
final class Wiring: @unchecked Sendable {
    var hooked = false
}

final class Hub: Sendable {
    let wiring: Wiring
    init(wiring: Wiring) { self.wiring = wiring }
}

final class Top: Sendable {
    let hub: Hub
    init(hub: Hub) { self.hub = hub }
}

final class Anchor: @unchecked Sendable {
    var buoy: Buoy?
}

final class Buoy: Sendable {
    let anchor: Anchor
    init(anchor: Anchor) { self.anchor = anchor }
}

/// A resolve that fails keeps nothing it built on the failed path, and nothing reaches another thread before
/// every hook on its path has run.
@Suite("Engine: what a resolution keeps", .timeLimit(.minutes(1)))
struct CommitTests {
    /// W (.graph, hook throws once) ← H (.singleton) ← Top (.unique): the failed resolve must not keep an H
    /// whose W never finished.
    @Test func aSingletonBuiltOnAFailedPathIsNotKept() throws {
        let container = Container()
        let failures = Counter()
        let hubs = Counter()
        container.register(Wiring.self, scope: .graph) { Wiring() }
            .onCreated { wiring, _ in
                if failures.increment() == 1 { throw Failure(reason: "first time") }
                wiring.hooked = true
            }
        container.register(Hub.self, scope: .singleton) { r in
            hubs.increment()
            return Hub(wiring: try r.resolve())
        }
        container.register(Top.self) { r in Top(hub: try r.resolve()) }
        #expect(throws: ResolutionError.self) { try container.resolve(Top.self) }
        let hub = try container.resolve(Hub.self)
        #expect(hub.wiring.hooked)
        #expect(hubs.count == 2)
        #expect(try container.resolve(Top.self).hub === hub)
    }

    /// The same shape with a hook that succeeds: a thread that asks for H while Top's factory still runs gets
    /// an H whose W is hooked.
    @Test func nothingReachesAnotherThreadBeforeItsHooksRan() throws {
        let container = Container()
        let hubBuilt = Barrier(parties: 2)
        let otherAsked = Barrier(parties: 2)
        container.register(Wiring.self, scope: .graph) { Wiring() }
            .onCreated { wiring, _ in
                Thread.sleep(forTimeInterval: 0.01)
                wiring.hooked = true
            }
        container.register(Hub.self, scope: .singleton) { r in Hub(wiring: try r.resolve()) }
        container.register(Top.self) { r in
            let hub: Hub = try r.resolve()
            hubBuilt.arriveAndWait()
            otherAsked.arriveAndWait()
            return Top(hub: hub)
        }
        let seen = Collector<Bool>()
        runOnThreads(2) { index in
            if index == 0 {
                _ = try? container.resolve(Top.self)
            } else {
                hubBuilt.arriveAndWait()
                if let hub = try? container.resolve(Hub.self) { seen.append(hub.wiring.hooked) }
                otherAsked.arriveAndWait()
            }
        }
        #expect(seen.elements == [true])
    }

    /// A's hook resolves B, which captures A, then throws: B must not stay kept pointing at the A that was
    /// thrown away.
    @Test func anInstanceThatCapturedAFailedOneIsNotKept() throws {
        let container = Container()
        let failures = Counter()
        container.register(Anchor.self, scope: .singleton) { Anchor() }
            .onCreated { anchor, r in
                anchor.buoy = try r.resolve(Buoy.self)
                if failures.increment() == 1 { throw Failure(reason: "first time") }
            }
        container.register(Buoy.self, scope: .singleton) { r in Buoy(anchor: try r.resolve()) }
        #expect(throws: ResolutionError.self) { try container.resolve(Anchor.self) }
        let anchor = try container.resolve(Anchor.self)
        #expect(anchor.buoy?.anchor === anchor)
        #expect(try container.resolve(Buoy.self).anchor === anchor)
    }

    /// A cycle closed through two singletons keeps both, each pointing at the other.
    @Test func aClosedCycleOfSingletonsIsKeptWhole() throws {
        let container = Container()
        container.register(Anchor.self, scope: .singleton) { Anchor() }
            .onCreated { anchor, r in anchor.buoy = try r.resolve(Buoy.self) }
        container.register(Buoy.self, scope: .singleton) { r in Buoy(anchor: try r.resolve()) }
        let anchor = try container.resolve(Anchor.self)
        let buoy = try container.resolve(Buoy.self)
        #expect(buoy.anchor === anchor)
        #expect(anchor.buoy === buoy)
    }

    /// Asked again inside the resolution that built it, a singleton that waits for an outer frame is that instance.
    @Test func aWaitingSingletonIsTheOneItsResolutionGetsAgain() throws {
        let container = Container()
        let same = Collector<Bool>()
        container.register(Anchor.self, scope: .singleton) { Anchor() }
            .onCreated { anchor, r in
                let buoy = try r.resolve(Buoy.self)
                same.append(try r.resolve(Buoy.self) === buoy)
                anchor.buoy = buoy
            }
        container.register(Buoy.self, scope: .singleton) { r in Buoy(anchor: try r.resolve()) }
        let anchor = try container.resolve(Anchor.self)
        #expect(same.elements == [true])
        #expect(try container.resolve(Buoy.self) === anchor.buoy)
    }

    /// Threads that ask for a singleton while another thread's resolution has built it but not yet committed
    /// it (its hook captured an unfinished singleton) wait, then get the committed one, complete.
    @Test func waitersOfAPendingSingletonGetTheCommittedOne() throws {
        for _ in 0..<10 {
            let container = Container()
            let pending = Protected(false)
            container.register(Anchor.self, scope: .singleton) { Anchor() }
                .onCreated { anchor, r in
                    anchor.buoy = try r.resolve(Buoy.self)
                    pending.withLock { $0 = true }
                    Thread.sleep(forTimeInterval: 0.005)
                }
            container.register(Buoy.self, scope: .singleton) { r in Buoy(anchor: try r.resolve()) }
            let complete = Collector<Bool>()
            runOnThreads(4) { index in
                if index == 0 {
                    _ = try? container.resolve(Anchor.self)
                } else {
                    while !pending.withLock({ $0 }) { usleep(50) }
                    if let buoy = try? container.resolve(Buoy.self) { complete.append(buoy.anchor.buoy === buoy) }
                }
            }
            #expect(complete.elements == [true, true, true])
        }
    }
}
