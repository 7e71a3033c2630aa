import Foundation
import Syringe
import Testing

// Hostile probes of `container.withCurrent { }`: a hand-built container as `Container.shared` for the task.

final class HnThing: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

extension Container {
    var hnLabel: String { provide { "default" } }
    var hnMockLabel: String { provide { "mapped" } }
    var hnSingletonThing: HnThing { provide(.singleton) { HnThing("singleton") } }
}

struct HnInjectedOwner {
    @Injected var thing: HnThing
}

/// A container with one `HnThing` labelled `label`.
private func hnContainer(_ label: String) -> Container {
    let container = Container()
    container.register(HnThing.self) { HnThing(label) }
    return container
}

@Suite("HostileNewAPI: withCurrent")
struct HostileNewAPICurrentTests {
    /// Inside `withOverrides`, a hand-built container's `withCurrent` drops the overrides; they come back after.
    @Test func dropsOverridesAroundIt() throws {
        try Container.withOverrides {
            $0.register(HnThing.self) { HnThing("override") }
            $0.override(\.hnLabel) { "overridden" }
        } operation: {
            let outer = Container.shared
            let clean = Container()
            clean.withCurrent {
                #expect(Container.shared === clean)
                #expect(throws: ResolutionError.self) { _ = try Container.shared.resolve(HnThing.self) }
                #expect(Container.shared.hnLabel == "default")
            }
            #expect(Container.shared === outer)
            let got1 = try Container.shared.resolve(HnThing.self).label
            #expect(got1 == "override")
        }
    }

    /// Remaps of `InjectionMapper.withMapping` are dropped inside, and back after.
    @Test func dropsRemaps() {
        InjectionMapper.withMapping(\.hnLabel, to: \.hnMockLabel) {
            #expect(Container[\.hnLabel] == "mapped")
            Container().withCurrent {
                #expect(Container[\.hnLabel] == "default")
            }
            #expect(Container[\.hnLabel] == "mapped")
        }
    }

    /// `withOverrides` nested inside `withCurrent` builds on the hand-built container.
    @Test func withOverridesNestedInside() throws {
        let container = hnContainer("hand")
        try container.withCurrent {
            try Container.withOverrides {
                $0.register(HnDerived.self) { HnDerived(tag: "o") }
            } operation: {
                let got2 = try Container.shared.resolve(HnThing.self).label
                #expect(got2 == "hand")
                let got3 = try Container.shared.resolve(HnDerived.self).tag
                #expect(got3 == "o")
                // And a hand-built one nested again drops both.
                _ = hnContainer("inner").withCurrent {
                    #expect(throws: ResolutionError.self) { _ = try Container.shared.resolve(HnDerived.self) }
                }
            }
        }
    }

    /// `Container.current` captured inside binds the hand-built container again later, elsewhere.
    @Test func currentCapturedInside() async throws {
        let container = hnContainer("captured")
        let binding = container.withCurrent { Container.current }
        #expect(binding.container === container)
        let outcome = await boundedOnThreadAsync(5) {
            try binding.withCurrent { try Container.shared.resolve(HnThing.self).label }
        }
        #expect(outcome.value == "captured")
        let layered = binding.withOverrides {
            $0.register(HnDerived.self) { HnDerived(tag: "l") }
        } operation: {
            (try? Container.shared.resolve(HnThing.self).label, try? Container.shared.resolve(HnDerived.self).tag)
        }
        #expect(layered.0 == "captured")
        #expect(layered.1 == "l")
    }

    /// Child tasks (async let, task groups, Task { }) see the hand-built container; Task.detached does not.
    @Test func childTasksAndDetached() async throws {
        let container = hnContainer("tasks")
        try await container.withCurrent {
            async let fromAsyncLet = Container.shared === container
            let fromGroup = await withTaskGroup(of: Bool.self) { group in
                for _ in 0..<4 { group.addTask { Container.shared === container } }
                return await group.reduce(true) { $0 && $1 }
            }
            let fromTask = await Task { Container.shared === container }.value
            let fromDetached = await Task.detached { Container.shared === container }.value
            #expect(await fromAsyncLet)
            #expect(fromGroup)
            #expect(fromTask)
            #expect(!fromDetached)
            let got4 = try Container.shared.resolve(HnThing.self).label
            #expect(got4 == "tasks")
        }
    }

    /// `@Injected` made inside resolves from the hand-built container.
    @Test func injectedInside() {
        let owner = hnContainer("injected").withCurrent { HnInjectedOwner() }
        #expect(owner.thing.label == "injected")
    }

    /// Another thread reading `Container.shared` meanwhile does not see the hand-built container.
    @Test func otherThreadsDoNotSeeIt() async {
        let container = hnContainer("mine")
        let binding = container.withCurrent { Container.current }
        let outcome = await boundedOnThreadAsync(5) { Container.shared === container }
        #expect(outcome.value == false)
        // Many threads, each bound to its own hand-built container, at once.
        let results = await boundedOnThreads(6, seconds: 5) { index -> Bool in
            let own = hnContainer("t\(index)")
            return own.withCurrent {
                (0..<200).allSatisfy { _ in
                    Container.shared === own && (try? Container.shared.resolve(HnThing.self).label) == "t\(index)"
                }
            }
        }
        #expect(results.allSatisfy { $0.value == true })
        _ = binding
    }

    /// The binding ends when the operation throws.
    @Test func restoredAfterThrow() {
        let before = Container.shared
        let container = Container()
        #expect(throws: HostileFailure.self) {
            try container.withCurrent { throw HostileFailure() }
        }
        #expect(Container.shared === before)
    }

    /// The async form, restored after it throws, on the caller's actor.
    @MainActor @Test func asyncFormOnTheMainActor() async {
        let container = hnContainer("main")
        let label = await container.withCurrent { () async -> String? in
            MainActor.preconditionIsolated()
            try? await Task.sleep(for: .milliseconds(1))
            MainActor.preconditionIsolated()
            return try? Container.shared.resolve(HnThing.self).label
        }
        #expect(label == "main")
        await #expect(throws: HostileFailure.self) {
            try await container.withCurrent { () async throws in throw HostileFailure() }
        }
        #expect(Container.shared !== container)
    }

    /// A nested `withCurrent` of the same container, and of another, restore in order.
    @Test func nestedSameAndOther() {
        let first = hnContainer("first")
        let second = hnContainer("second")
        first.withCurrent {
            first.withCurrent { #expect(Container.shared === first) }
            second.withCurrent {
                #expect(Container.shared === second)
                first.withCurrent { #expect(Container.shared === first) }
                #expect(Container.shared === second)
            }
            #expect(Container.shared === first)
        }
    }

    /// A `.singleton` key path resolved in a hand-built container is that container's, not the process's.
    @Test func singletonKeyPathIsPerContainer() {
        let first = Container().withCurrent { Container[\.hnSingletonThing] }
        let second = Container().withCurrent { Container[\.hnSingletonThing] }
        #expect(first !== second)
        let container = Container()
        let again1 = container.withCurrent { Container[\.hnSingletonThing] }
        let again2 = container.withCurrent { Container[\.hnSingletonThing] }
        #expect(again1 === again2)
    }

    /// `Container.withOverrides` outside, `withCurrent` of the *outer* test container inside a nested one: the
    /// outer container is shared, the inner overrides are gone.
    @Test func withCurrentOfAnOuterTestContainer() throws {
        try Container.withOverrides {
            $0.register(HnThing.self) { HnThing("outer") }
        } operation: {
            let outer = Container.shared
            try Container.withOverrides {
                $0.register(HnThing.self) { HnThing("inner") }
            } operation: {
                let got5 = try Container.shared.resolve(HnThing.self).label
                #expect(got5 == "inner")
                try outer.withCurrent {
                    let got6 = try Container.shared.resolve(HnThing.self).label
                    #expect(got6 == "outer")
                }
            }
        }
    }
}
