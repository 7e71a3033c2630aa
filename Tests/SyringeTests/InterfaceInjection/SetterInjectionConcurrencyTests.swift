import Foundation
import Testing

@testable import Syringe

/// Setter and interface injection under races. CI runs suites named with "Concurrency" under TSan too.
@Suite("Setter injection Concurrency", .timeLimit(.minutes(1)))
struct SetterInjectionConcurrencyTests {
    @Test func aSingletonCycleClosedByOnCreatedIsBuiltOnceWhenThreadsRace() throws {
        // A singleton parent whose hook closes the cycle through a unique child. The race is on the parent,
        // the side with the hook: a child resolved before any parent exists would see its own registration
        // twice on one path, which is a cycle by design (see the Design decisions article).
        let container = Container()
        let runs = Counter()
        container.register(Parent.self, scope: .singleton) {
            runs.increment()
            usleep(2_000)  // keep the build open while the others arrive
            return Parent()
        }
        .onCreated { parent, r in parent.child = try r.resolve() }
        container.register(Child.self) { r in Child(parent: try r.resolve()) }
        let barrier = Barrier(parties: 16)
        let parents = Collector<ObjectIdentifier>()
        let broken = Counter()
        runOnThreads(16) { _ in
            barrier.arriveAndWait()
            guard let parent = try? container.resolve(Parent.self), parent.child?.parent === parent else {
                broken.increment()
                return
            }
            parents.append(ObjectIdentifier(parent))
            // Children built afterwards, on every thread at once, all point at the one parent.
            guard let child = try? container.resolve(Child.self), child.parent === parent else {
                broken.increment()
                return
            }
        }
        #expect(broken.count == 0)
        #expect(runs.count == 1)
        #expect(Set(parents.elements).count == 1)
    }

    @Test func graphCyclesClosedByOnCreatedHoldAcrossManyTasks() async throws {
        let container = Container()
        container.register(Parent.self, scope: .graph) { Parent() }
            .onCreated { parent, r in parent.child = try r.resolve() }
        container.register(Child.self, scope: .graph) { r in Child(parent: try r.resolve()) }
        let consistent = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<200 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        let parent = try container.resolve(Parent.self)
                        return parent.child?.parent === parent
                    }
                    let child = try container.resolve(Child.self)
                    return child.parent.child === child
                }
            }
            return try await group.reduce(true) { $0 && $1 }
        }
        #expect(consistent)
    }

    @Test func interfaceInjectionFromManyThreadsWhileInjectorsAreRegistered() throws {
        let container = Container()
        container.register((any Engine).self) { V8Engine() }
        container.register((any Transmission).self) { ManualTransmission() }
        container.registerInjector(for: (any EngineMountable).self) { target, r in
            target.mountEngine(engine: try r.resolve())
        }
        let failures = Counter()
        runOnThreads(8) { index in
            for round in 0..<200 {
                if index == 0, round.isMultiple(of: 10) {
                    container.registerInjector(for: (any TransmissionMountable).self) { target, r in
                        target.mountTransmission(transmission: try r.resolve())
                    }
                }
                let car = MountableCar()
                do {
                    try container.inject(into: car)
                    if car.engine == nil { failures.increment() }
                } catch {
                    failures.increment()
                }
            }
        }
        #expect(failures.count == 0)
    }
}
