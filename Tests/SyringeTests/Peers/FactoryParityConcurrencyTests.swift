import Foundation
import Syringe
import Testing

final class FPThreadA: Sendable {
    let b: FPThreadB
    init(b: FPThreadB) { self.b = b }
}

final class FPThreadB: Sendable {
    let c: FPThreadC
    init(c: FPThreadC) { self.c = c }
}

final class FPThreadC: Sendable {
    let d: FPThreadD
    init(d: FPThreadD) { self.d = d }
}

final class FPThreadD: Sendable {}

final class FPCountedService: Sendable {
    init(_ counter: Counter) { counter.increment() }
}

final class FPGraphParent: Sendable {
    let child1: FPThreadD
    let child2: FPThreadD
    init(child1: FPThreadD, child2: FPThreadD) {
        self.child1 = child1
        self.child2 = child2
    }
}

extension Container {
    var fpThreadA: FPThreadA { provide { FPThreadA(b: self.fpThreadB) } }
    var fpThreadB: FPThreadB { provide { FPThreadB(c: self.fpThreadC) } }
    var fpThreadC: FPThreadC { provide { FPThreadC(d: self.fpThreadD) } }
    var fpThreadD: FPThreadD { provide(.cached) { FPThreadD() } }
    var fpStressSingleton: FPThreadD { provide(.singleton) { FPThreadD() } }
    var fpGraphChild: FPThreadD { provide(.graph) { FPThreadD() } }
    var fpGraphParent: FPGraphParent { provide { FPGraphParent(child1: self.fpGraphChild, child2: self.fpGraphChild) } }
}

final class FPLazyHolder: @unchecked Sendable {
    @LazyInjected(\.fpThreadA) var unique
    @LazyInjected(\.fpStressSingleton) var singleton
    @WeakLazyInjected(\.fpThreadD) var weak: FPThreadD?
}

@Suite("FactoryParity: threads")
struct FactoryParityConcurrencyTests {
    /// Overrides and reads of key paths racing on many threads neither crash nor lose a read.
    @Test func overridesAndResolutionsRace() {
        let container = Container()
        let reads = Counter()
        runOnThreads(8) { index in
            for _ in 0..<300 {
                switch index % 4 {
                case 0: container.override(\.fpThreadB) { FPThreadB(c: container.fpThreadC) }
                case 1: container.override(\.fpThreadA) { FPThreadA(b: container.fpThreadB) }
                default:
                    _ = container.fpThreadA.b.c.d
                    reads.increment()
                }
            }
        }
        #expect(reads.count == 4 * 300)
        #expect(container.fpThreadA.b.c.d === container.fpThreadD)
    }

    /// Registrations and resolves of the type registry racing on many threads neither crash nor lose a resolve.
    @Test func registrationsAndResolutionsRace() throws {
        let container = Container()
        container.register(FPThreadD.self, scope: .cached) { FPThreadD() }
        container.register(FPThreadC.self) { r in FPThreadC(d: try r.resolve()) }
        container.register(FPThreadB.self) { r in FPThreadB(c: try r.resolve()) }
        let reads = Counter()
        runOnThreads(8) { index in
            for _ in 0..<300 {
                if index % 4 == 0 {
                    container.register(FPThreadB.self) { r in FPThreadB(c: try r.resolve()) }
                } else if (try? container.resolve(FPThreadB.self)) != nil {
                    reads.increment()
                }
            }
        }
        #expect(reads.count == 6 * 300)
    }

    /// A singleton read by many threads at once is one instance, built once.
    @Test func singletonUnderContention() {
        let container = Container()
        let built = Counter()
        container.register(FPCountedService.self, scope: .singleton) { FPCountedService(built) }
        let seen = Collector<ObjectIdentifier>()
        runOnThreads(32) { _ in
            if let service = try? container.resolve(FPCountedService.self) { seen.append(ObjectIdentifier(service)) }
            seen.append(ObjectIdentifier(container.fpStressSingleton))
        }
        #expect(built.count == 1)
        #expect(Set(seen.elements).count == 2)
        #expect(seen.elements.count == 64)
    }

    /// A cached instance is stable while many threads read it.
    @Test func cachedScopeStability() {
        let container = Container()
        let expected = ObjectIdentifier(container.fpThreadD)
        let failures = Counter()
        runOnThreads(8) { _ in
            for _ in 0..<200 where ObjectIdentifier(container.fpThreadD) != expected { failures.increment() }
        }
        #expect(failures.count == 0)
    }

    /// `.graph` is shared inside each resolution on every thread, never across resolutions.
    @Test func graphScopeIsolation() {
        let container = Container()
        let other = Container()
        let failures = Counter()
        let children = Collector<ObjectIdentifier>()
        runOnThreads(8) { index in
            for _ in 0..<100 {
                if index % 2 == 0 {
                    _ = other.fpMyService
                } else {
                    let parent = container.fpGraphParent
                    if parent.child1 !== parent.child2 { failures.increment() }
                    children.append(ObjectIdentifier(parent.child1))
                }
            }
        }
        #expect(failures.count == 0)
        #expect(children.elements.count == 400)
    }

    /// A `@LazyInjected` property read first by many threads at once resolves once.
    @Test func lazyInjectedConcurrentFirstAccess() {
        Container.withOverrides { _ in
        } operation: {
            let binding = Container.current
            for _ in 0..<20 {
                let holder = binding.withCurrent { FPLazyHolder() }
                let seen = Collector<ObjectIdentifier>()
                let singletons = Collector<ObjectIdentifier>()
                runOnThreads(8) { _ in
                    binding.withCurrent {
                        seen.append(ObjectIdentifier(holder.unique))
                        singletons.append(ObjectIdentifier(holder.singleton))
                        _ = holder.weak
                    }
                }
                #expect(Set(seen.elements).count == 1)
                #expect(Set(singletons.elements).count == 1)
            }
        }
    }
}
