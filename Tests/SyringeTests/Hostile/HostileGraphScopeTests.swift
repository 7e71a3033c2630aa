import Foundation
import Syringe
import Testing

final class HDial: Sendable {
    let owner: String
    init(owner: String) { self.owner = owner }
}

final class HGear: Sendable {
    let dial: HDial
    init(dial: HDial) { self.dial = dial }
}

final class HSpindle: Sendable {
    let gear: HGear
    init(gear: HGear) { self.gear = gear }
}

final class HBench: Sendable {
    let spindle: HSpindle
    let gear: HGear
    init(spindle: HSpindle, gear: HGear) {
        self.spindle = spindle
        self.gear = gear
    }
}

protocol HSelfAware: AnyObject { func meet(_ plugins: [any HPlugin]) }
final class HTarget: HSelfAware, @unchecked Sendable {  // `met` is set by its injector
    var met: [String] = []
    func meet(_ plugins: [any HPlugin]) { met = plugins.map(\.name) }
}

/// Issue 10, bug 5 (the graph cache across containers) in async code and with `.cached`; multi-bindings and
/// interface injection that loop back on themselves.
@Suite("Hostile: .graph across containers, multi-bindings, injectors", .timeLimit(.minutes(1)))
struct HostileGraphScopeTests {
    private func containers(keptScope: Scope) -> (parent: Container, child: Container) {
        let parent = Container()
        parent.register(HDial.self) { HDial(owner: "parent") }
        parent.register(HGear.self, scope: .graph) { r in HGear(dial: try r.resolve()) }
        parent.register(HSpindle.self, scope: keptScope) { r in HSpindle(gear: try r.resolve()) }
        let child = Container(parent: parent)
        child.register(HDial.self) { HDial(owner: "child") }
        return (parent, child)
    }

    @Test(arguments: [Scope.cached, .singleton, Scope("hostile-graph-session")])
    func bothRulesHoldInEveryOrder(keptScope: Scope) throws {
        for graphFirst in [true, false] {
            let (_, child) = containers(keptScope: keptScope)
            child.register(HBench.self) { r in
                if graphFirst {
                    let gear: HGear = try r.resolve()
                    return HBench(spindle: try r.resolve(), gear: gear)
                }
                let spindle: HSpindle = try r.resolve()
                return HBench(spindle: spindle, gear: try r.resolve())
            }
            let bench = try child.resolve(HBench.self)
            #expect(bench.gear.dial.owner == "child")
            #expect(bench.spindle.gear.dial.owner == "parent")
        }
    }

    @Test func bothRulesHoldInAsyncCode() async throws {
        for graphFirst in [true, false] {
            let parent = Container()
            parent.register(HDial.self) { () async in HDial(owner: "parent") }
            parent.register(HGear.self, scope: .graph) { r async throws in HGear(dial: try await r.resolveAsync()) }
            parent.register(HSpindle.self, scope: .singleton) { r async throws in
                HSpindle(gear: try await r.resolveAsync())
            }
            let child = Container(parent: parent)
            child.register(HDial.self) { () async in HDial(owner: "child") }
            child.register(HBench.self) { r async throws in
                if graphFirst {
                    let gear: HGear = try await r.resolveAsync()
                    return HBench(spindle: try await r.resolveAsync(), gear: gear)
                }
                let spindle: HSpindle = try await r.resolveAsync()
                return HBench(spindle: spindle, gear: try await r.resolveAsync())
            }
            let bench = try await child.resolveAsync(HBench.self)
            #expect(bench.gear.dial.owner == "child")
            #expect(bench.spindle.gear.dial.owner == "parent")
        }
    }

    /// A contribution whose factory asks for the whole set it belongs to: a cycle, not a hang or a crash.
    @Test func aContributionThatAsksForItsOwnSet() async {
        let container = Container()
        container.contribute(HPlugin.self) { HNamedPlugin(name: "a") }
        container.contribute(HPlugin.self) { r in
            HNamedPlugin(name: "b\(try r.resolveAll(HPlugin.self).count)")
        }
        let outcome = await boundedOnThreadAsync(5) { try container.resolveAll(HPlugin.self).count }
        #expect(outcome.code == .cycle)
    }

    /// `.graph` contributions share one instance per `resolveAll`.
    @Test func graphContributionsShareOneInstancePerCall() throws {
        final class Shared: Sendable {}
        struct Using: HPlugin {
            let shared: Shared
            var name: String { "\(ObjectIdentifier(shared).hashValue)" }
        }
        let container = Container()
        container.register(Shared.self, scope: .graph) { Shared() }
        container.contribute(HPlugin.self) { r in Using(shared: try r.resolve()) }
        container.contribute(HPlugin.self) { r in Using(shared: try r.resolve()) }
        let first = try container.resolveAll(HPlugin.self).map(\.name)
        let second = try container.resolveAll(HPlugin.self).map(\.name)
        #expect(Set(first).count == 1)
        #expect(first != second)
    }

    /// An injector that resolves a set whose contribution injects into a target of the same protocol: the
    /// loop ends in an error, not a stack overflow.
    @Test func anInjectorThatLoopsThroughAContribution() async {
        let container = Container()
        container.registerInjector(for: (any HSelfAware).self) { target, r in
            target.meet(try r.resolveAll(HPlugin.self))
        }
        container.contribute(HPlugin.self) { r in
            try r.inject(into: HTarget())
            return HNamedPlugin(name: "looping")
        }
        let outcome = await boundedOnThreadAsync(5, stackSize: 512 * 1024) { () -> [String] in
            let target = HTarget()
            try container.inject(into: target)
            return target.met
        }
        #expect(!outcome.isHang)
        #expect(outcome.code == .cycle || outcome.code == .tooDeep)
    }
}
