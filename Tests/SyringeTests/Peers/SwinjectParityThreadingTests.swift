import Syringe
import Testing

/// Swinject's synchronized-resolver tests: Syringe's containers are thread-safe without `synchronize()`.
@Suite("SwinjectParity: thread safety")
struct SwinjectParityThreadingTests {
    private let threads = 32

    /// Many threads resolving a `.graph` cycle closed by hooks each get a consistent pair.
    @Test func graphCycleOnManyThreads() {
        let container = Container()
        container.register((any SpParentProtocol).self, scope: .graph) { SpParent() }
            .onCreated { parent, r in (parent as? SpParent)?.child = try r.resolve() }
        container.register((any SpChildProtocol).self, scope: .graph) { SpChild() }
            .onCreated { child, r in (child as? SpChild)?.parent = try r.resolve() }
        let results = Collector<Bool>()
        runOnThreads(threads) { _ in
            let parent = try? container.resolve((any SpParentProtocol).self) as? SpParent
            let child = parent?.child as? SpChild
            results.append(parent != nil && child?.parent === parent)
        }
        #expect(results.elements.count == threads)
        #expect(results.elements.allSatisfy { $0 })
    }

    /// A parent and its child resolved at once from many threads do not deadlock, in every scope.
    @Test(arguments: [Scope.unique, .graph, .singleton])
    func parentAndChildAtOnce(scope: Scope) {
        let parent = Container()
        parent.register((any SpAnimal).self, scope: scope) { SpCat() }
        let child = Container(parent: parent)
        let results = Collector<Bool>()
        runOnThreads(threads) { index in
            let resolver = index.isMultiple(of: 2) ? parent : child
            results.append((try? resolver.resolve((any SpAnimal).self)) is SpCat)
        }
        #expect(results.elements.count == threads)
        #expect(results.elements.allSatisfy { $0 })
    }

    /// Concurrent resolves are separate graphs: a `.graph` instance is shared within each one only.
    @Test func concurrentResolvesAreSeparateGraphs() {
        let container = Container()
        let foods = Counter()
        spRegisterCatAndOwnerEatingFood(in: container)
        container.register((any SpFood).self, scope: .graph) {
            foods.increment()
            return SpSushi()
        }
        let results = Collector<Bool>()
        runOnThreads(threads) { _ in
            let owner = try? container.resolve((any SpPerson).self) as? SpPetOwner
            let catsFood = (owner?.pet as? SpCat)?.favoriteFood
            results.append(owner?.favoriteFood != nil && owner?.favoriteFood === catsFood)
        }
        #expect(results.elements.allSatisfy { $0 })
        #expect(foods.count == threads)
    }

    /// A factory that resolves through the container itself (not its resolution) does not deadlock.
    @Test func nestedResolveThroughTheContainerItself() {
        let container = Container()
        container.register((any SpChildProtocol).self) { SpChild() }
        container.register((any SpParentProtocol).self) { [container] in
            SpParent(child: try container.resolve((any SpChildProtocol).self))
        }
        let results = Collector<Bool>()
        runOnThreads(1) { _ in
            let parent = try? container.resolve((any SpParentProtocol).self) as? SpParent
            results.append(parent?.child != nil)
        }
        #expect(results.elements == [true])
    }

    /// Registering again and again while other threads resolve never crashes, and every resolve succeeds.
    @Test func registeringWhileResolving() throws {
        let container = Container()
        container.register((any SpAnimal).self) { SpCat(name: "initial") }
        let results = Collector<Bool>()
        runOnThreads(4) { index in
            if index == 0 {
                for round in 0..<1_000 {
                    container.register((any SpAnimal).self) { SpCat(name: "\(round)") }
                }
            } else {
                var succeeded = true
                for _ in 0..<1_000 where (try? container.resolve((any SpAnimal).self)) == nil {
                    succeeded = false
                }
                results.append(succeeded)
            }
        }
        #expect(results.elements == [true, true, true])
        #expect(try container.resolve((any SpAnimal).self).name == "999")
    }

    /// A provider called from many threads builds a new instance per call.
    @Test func providerOnManyThreads() throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpAnimal).self) {
            runs.increment()
            return SpDog()
        }
        let results = Collector<Bool>()
        runOnThreads(threads) { _ in
            let provider = try? container.resolve(Provider<any SpAnimal>.self)
            results.append((try? provider?()) is SpDog)
        }
        #expect(results.elements.allSatisfy { $0 })
        #expect(runs.count == threads)
    }

    /// `Lazy` handles of a singleton, made and read on many threads, read the one instance.
    @Test func lazySingletonOnManyThreads() throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpAnimal).self, scope: .singleton) {
            runs.increment()
            return SpDog()
        }
        let results = Collector<Bool>()
        for _ in 0..<20 {
            runOnThreads(8) { _ in
                let lazy = try? container.resolve(Lazy<any SpAnimal>.self)
                results.append((try? lazy?.value) is SpDog)
            }
        }
        #expect(results.elements.count == 160)
        #expect(results.elements.allSatisfy { $0 })
        #expect(runs.count == 1)
    }
}
