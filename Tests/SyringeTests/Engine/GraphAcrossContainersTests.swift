import Syringe
import Testing

final class Dial: Sendable {
    let owner: String
    init(owner: String) { self.owner = owner }
}

final class Gear: Sendable {
    let dial: Dial
    init(dial: Dial) { self.dial = dial }
}

final class Spindle: Sendable {
    let gear: Gear
    init(gear: Gear) { self.gear = gear }
}

final class Workbench: Sendable {
    let spindle: Spindle
    let gear: Gear
    init(spindle: Spindle, gear: Gear) {
        self.spindle = spindle
        self.gear = gear
    }
}

/// A `.graph` instance is shared per requesting container: a parent's singleton is built from what the parent
/// sees, a child's request sees the child's overrides, whichever is resolved first.
@Suite("Engine: .graph across containers")
struct GraphAcrossContainersTests {
    /// Parent: G (.graph, needs D), S (.singleton, needs G), D. Child: its own D, and W (.unique) needing S and G.
    private func containers() -> (parent: Container, child: Container) {
        let parent = Container()
        parent.register(Dial.self) { Dial(owner: "parent") }
        parent.register(Gear.self, scope: .graph) { r in Gear(dial: try r.resolve()) }
        parent.register(Spindle.self, scope: .singleton) { r in Spindle(gear: try r.resolve()) }
        let child = Container(parent: parent)
        child.register(Dial.self) { Dial(owner: "child") }
        return (parent, child)
    }

    @Test func theParentsSingletonUsesTheParentsDependencyWhenTheChildsGraphComesFirst() throws {
        let (_, child) = containers()
        child.register(Workbench.self) { r in
            let gear: Gear = try r.resolve()  // the child's graph first
            return Workbench(spindle: try r.resolve(), gear: gear)
        }
        let bench = try child.resolve(Workbench.self)
        #expect(bench.gear.dial.owner == "child")
        #expect(bench.spindle.gear.dial.owner == "parent")
    }

    @Test func theChildsOverrideAppliesWhenTheParentsSingletonComesFirst() throws {
        let (_, child) = containers()
        child.register(Workbench.self) { r in
            let spindle: Spindle = try r.resolve()  // the parent's singleton first
            return Workbench(spindle: spindle, gear: try r.resolve())
        }
        let bench = try child.resolve(Workbench.self)
        #expect(bench.gear.dial.owner == "child")
        #expect(bench.spindle.gear.dial.owner == "parent")
    }

    @Test func oneContainerStillSharesOneGraphInstance() throws {
        let (parent, _) = containers()
        parent.register(Workbench.self) { r in Workbench(spindle: try r.resolve(), gear: try r.resolve()) }
        let bench = try parent.resolve(Workbench.self)
        #expect(bench.gear === bench.spindle.gear)
    }
}
