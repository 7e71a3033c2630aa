import Foundation
import Testing

@testable import Syringe

final class Nest: Sendable {
    let chick: Lazy<Chick>
    init(chick: Lazy<Chick>) { self.chick = chick }
}

final class Chick: Sendable {
    let nest: Nest
    init(nest: Nest) { self.nest = nest }
}

final class Hatchery: Sendable {
    let chicks: Provider<Chick>
    init(chicks: Provider<Chick>) { self.chicks = chicks }
}

@Suite("Graph: Lazy and Provider")
struct LazyProviderTests {
    @Test func aLazyResolvesOnFirstUseOnce() throws {
        let runs = FactoryRuns()
        let container = Container()
        container.register(Lamp.self) { runs.lamp() }
        container.register(Drawer.self, using: Drawer.init)
        let drawer = try container.resolve(Drawer.self)
        #expect(runs.count == 0)
        let first = try drawer.lamp.value
        let copy = drawer.lamp
        #expect(try copy.value === first)
        #expect(runs.count == 1)
    }

    @Test func aLazyInsideAGraphReturnsThatGraphsInstance() throws {
        let container = Container()
        container.register(Nest.self, scope: .graph, using: Nest.init)
        container.register(Chick.self, scope: .graph, using: Chick.init)
        #expect(try container.verify().description == "verified 2 of 2 registrations; 0 opaque")
        let nest = try container.resolve(Nest.self)
        #expect(try nest.chick.value.nest === nest)
        let other = try container.resolve(Nest.self)
        #expect(try other.chick.value.nest === other)
        #expect(try other.chick.value !== nest.chick.value)
    }

    @Test func aLazyOrAProviderIsResolvedDirectly() throws {
        let container = Container()
        container.register(Lamp.self, name: "desk", scope: .singleton) { Lamp() }
        container.register(Chick.self, scope: .graph, using: Chick.init)
        container.register(Nest.self, scope: .graph) { r in Nest(chick: try r.resolve(Lazy<Chick>.self)) }
        let lazy = try container.resolve(Lazy<Lamp>.self, name: "desk")
        let provider = try container.resolve(Provider<Lamp>.self, name: "desk")
        #expect(try lazy.value === provider())
        let nest = try container.resolve(Nest.self)
        #expect(try nest.chick.value.nest === nest)
        #expect(container.isRegistered(Lazy<Lamp>.self, name: "desk"))
        #expect(!container.isRegistered(Lazy<Lamp>.self))
        #expect(container.resolveIfRegistered(Provider<Bell>.self) == nil)
    }

    @Test func aFailureIsThrownByTheValueAndKept() throws {
        let container = Container()
        let lazy = try container.resolve(Lazy<Bell>.self)
        let first = #expect(throws: ResolutionError.self) { try lazy.value }
        #expect(first?.code == .notRegistered)
        #expect(first?.path == [Key(Bell.self)])
        container.register(Bell.self, using: Bell.init)
        #expect(throws: ResolutionError.self) { try lazy.value }
        _ = try container.resolve(Lazy<Bell>.self).value  // a new handle resolves the new registration
    }

    @Test func aProviderResolvesAnewOnEachCall() throws {
        let runs = FactoryRuns()
        let container = Container()
        container.register(Lamp.self) { runs.lamp() }
        container.register(Shelf.self, scope: .singleton, using: Shelf.init)
        let shelf = try container.resolve(Shelf.self)
        #expect(try shelf.lamps() !== shelf.lamps())
        #expect(runs.count == 2)
    }

    @Test func aProviderReachesTheCurrentRequestFromAKeptInstance() async throws {
        let container = Container()
        container.register(Lamp.self, scope: .request, using: Lamp.init)
        container.register(Shelf.self, scope: .singleton, using: Shelf.init)
        #expect(try container.verify().verified == 2)
        let shelf = try container.resolve(Shelf.self)
        let (first, second) = try await container.withScope(.request) { () async throws in
            (try shelf.lamps(), try shelf.lamps())
        }
        let third = try await container.withScope(.request) { () async throws in try shelf.lamps() }
        #expect(first === second)
        #expect(third !== first)
    }

    @Test func aProviderInAGraphBuildsAFreshGraphEachCall() throws {
        let container = Container()
        container.register(Nest.self, scope: .graph, using: Nest.init)
        container.register(Chick.self, scope: .graph, using: Chick.init)
        container.register(Hatchery.self, scope: .singleton, using: Hatchery.init)
        let hatchery = try container.resolve(Hatchery.self)
        let one = try hatchery.chicks()
        let two = try hatchery.chicks()
        #expect(one !== two && one.nest !== two.nest)
        #expect(try one.nest.chick.value === one)
    }

    @Test func handlesMadeByHandForTests() throws {
        let lamp = Lamp()
        let drawer = Drawer(lamp: Lazy { lamp })
        #expect(try drawer.lamp.value === lamp)
        let shelf = Shelf(lamps: Provider { Lamp() })
        #expect(try shelf.lamps() !== shelf.lamps())
    }

    @Test func manyThreadsReadingFirstResolveOnce() throws {
        let runs = FactoryRuns()
        let container = Container()
        container.register(Lamp.self) {
            usleep(2000)
            return runs.lamp()
        }
        let lazy = try container.resolve(Lazy<Lamp>.self)
        let seen = Collector<ObjectIdentifier>()
        runOnThreads(8) { _ in seen.append(ObjectIdentifier(try! lazy.value)) }
        #expect(Set(seen.elements).count == 1)
        #expect(runs.count == 1)
    }
}
