import Syringe
import Testing

/// Swinject's circular-dependency tests: cycles closed through properties set in `onCreated`.
@Suite("SwinjectParity: circular dependencies")
struct SwinjectParityCircularityTests {
    /// Registers a parent and a child that each set the other in a hook.
    private func registerHookedPair(in container: Container, scope: Scope) {
        container.register((any SpParentProtocol).self, scope: scope) { SpParent() }
            .onCreated { parent, r in (parent as? SpParent)?.child = try r.resolve() }
        container.register((any SpChildProtocol).self, scope: scope) { SpChild() }
            .onCreated { child, r in (child as? SpChild)?.parent = try r.resolve() }
    }

    /// A parent and a child that set each other in hooks resolve to one consistent pair.
    @Test(arguments: [Scope.graph, .singleton])
    func cycleOfTwoHooks(scope: Scope) throws {
        let container = Container()
        registerHookedPair(in: container, scope: scope)
        let parent = try #require(try container.resolve((any SpParentProtocol).self) as? SpParent)
        let child = try #require(parent.child as? SpChild)
        #expect(child.parent === parent)
    }

    /// A parent that takes its child in `init`, and a child that sets its parent in a hook, with `.graph`.
    @Test func cycleOfInitializerAndHookInGraph() throws {
        let container = Container()
        container.register((any SpParentProtocol).self, scope: .graph) { r in SpParent(child: try r.resolve()) }
        container.register((any SpChildProtocol).self, scope: .graph) { SpChild() }
            .onCreated { child, r in (child as? SpChild)?.parent = try r.resolve() }
        let parent = try #require(try container.resolve((any SpParentProtocol).self) as? SpParent)
        let child = try #require(parent.child as? SpChild)
        #expect(child.parent === parent)
    }

    /// The same cycle with `.singleton`, resolved from the side whose hook closes it (the migration guide's rule).
    @Test func cycleOfInitializerAndHookAsSingletonFromTheHookSide() throws {
        let container = Container()
        container.register((any SpParentProtocol).self, scope: .singleton) { r in SpParent(child: try r.resolve()) }
        container.register((any SpChildProtocol).self, scope: .singleton) { SpChild() }
            .onCreated { child, r in (child as? SpChild)?.parent = try r.resolve() }
        let child = try #require(try container.resolve((any SpChildProtocol).self) as? SpChild)
        let parent = try #require(try container.resolve((any SpParentProtocol).self) as? SpParent)
        #expect(child.parent === parent)
        #expect(parent.child === child)
    }

    /// Four objects whose cycles are all closed by hooks (A → B → C → A, C → D → B, D → C), with `.graph`.
    @Test func cycleOfFourThroughProperties() throws {
        let container = Container()
        container.register(SpA.self, scope: .graph) { SpA() }
            .onCreated { a, r in a.b = try r.resolve() }
        container.register(SpB.self, scope: .graph) { SpB() }
            .onCreated { b, r in b.c = try r.resolve() }
        container.register(SpC.self, scope: .graph) { SpC() }
            .onCreated { c, r in
                c.a = try r.resolve()
                c.d = try r.resolve()
            }
        container.register(SpD.self, scope: .graph) { SpD() }
            .onCreated { d, r in
                d.b = try r.resolve()
                d.c = try r.resolve()
            }
        let a = try container.resolve(SpA.self)
        let b = try #require(a.b)
        let c = try #require(b.c)
        let d = try #require(c.d)
        #expect(c.a === a)
        #expect(d.b === b)
        #expect(d.c === c)
    }

    /// Four objects with initializers along the chain and hooks closing the cycles, with `.graph`.
    @Test func cycleOfFourThroughInitializersAndProperties() throws {
        let container = Container()
        container.register(SpA.self, scope: .graph) { r in SpA(b: try r.resolve()) }
        container.register(SpB.self, scope: .graph) { r in SpB(c: try r.resolve()) }
        container.register(SpC.self, scope: .graph) { r in SpC(d: try r.resolve()) }
            .onCreated { c, r in c.a = try r.resolve() }
        container.register(SpD.self, scope: .graph) { SpD() }
            .onCreated { d, r in
                d.b = try r.resolve()
                d.c = try r.resolve()
            }
        let a = try container.resolve(SpA.self)
        let b = try #require(a.b)
        let c = try #require(b.c)
        let d = try #require(c.d)
        #expect(c.a === a)
        #expect(d.b === b)
        #expect(d.c === c)
    }

    /// A `.shared` root is not released while its graph, which points back to it weakly, is being built.
    @Test func sharedRootSurvivesItsOwnGraph() throws {
        let container = Container()
        container.register(SpBHoldingC.self, scope: .shared) { r in SpBHoldingC(c: try r.resolve()) }
        container.register(SpCHoldingWeakB.self, scope: .graph) { SpCHoldingWeakB() }
            .onCreated { c, r in c.b = try r.resolve() }
        let b = try container.resolve(SpBHoldingC.self)
        #expect(b.c.b === b)
    }
}
