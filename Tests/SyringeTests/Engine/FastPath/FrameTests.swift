import Testing

@testable import Syringe

@Suite("Fast path: frames held by reference")
struct FrameTests {
    final class Root {}
    final class Child {}

    private func entry<T>(_ type: T.Type, in container: Container) -> Entry {
        container.registry.entry(for: Key(T.self, name: nil))!
    }

    /// Fields read and written through a `FrameRef` are the frame's own, and a frame's children link to it: the
    /// path, the ancestor at a depth, and the frame building a registration are found along the links.
    @Test func framesLinkToTheirParentAndReadTheirFieldsInPlace() {
        let container = Container()
        container.register(Root.self) { Root() }
        container.register(Child.self) { Child() }
        let root = entry(Root.self, in: container)
        let child = entry(Child.self, in: container)
        Frame.push(Frame(entry: root, parent: nil, execution: nil)) { outer in
            #expect(outer.depth == 0 && outer.isRoot && outer.taint == .max)
            outer.taint = 3
            #expect(outer.taint == 3)
            Frame.push(Frame(entry: child, parent: outer, execution: nil)) { inner in
                #expect(inner.depth == 1 && !inner.isRoot && inner.parent == outer)
                #expect(Frame.path(to: inner) == [root.key, child.key])
                #expect(Frame.ancestor(at: 0, from: inner) == outer)
                #expect(Frame.building(root, from: inner) == outer)
                #expect(Frame.building(child, from: inner) == inner)
                #expect(inner.entry === child)
            }
        }
    }

    /// A root's context is retained by the frame and released when the root lets go of it (`Engine.endRoot`).
    @Test func aRootReleasesItsContext() {
        let container = Container()
        container.register(Root.self) { Root() }
        weak var released: ResolutionContext?
        Frame.push(Frame(entry: entry(Root.self, in: container), parent: nil, execution: nil)) { frame in
            do {
                let context = Syringe.Engine.context(of: frame)
                released = context
                #expect(Syringe.Engine.existingContext(of: frame) === context)
            }
            #expect(released != nil && frame.hasContext)
            frame.context = nil
        }
        #expect(released == nil)
    }
}
