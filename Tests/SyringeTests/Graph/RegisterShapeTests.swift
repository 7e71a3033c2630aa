import Syringe
import Testing

/// Every existing shape of `register` still compiles, means what it meant, and lives beside `using:`.
@Suite("Graph: register shapes")
struct RegisterShapeTests {
    @Test func closureShapesStayOpaque() throws {
        let container = Container()
        container.register((any Engine).self) { V8Engine() }
        container.register((any Transmission).self, scope: .singleton) { ManualTransmission() }
        container.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        container.register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }
        container.register(Token.self, name: "staging") { StagingToken() }
        container.register(Pond.self) { _ in Pond() }
        container.register(Duck.self) { (r: Resolution) in Duck(pond: try r.resolve()) }
        container.register(Swan.self) { (r: Resolution, pond: Pond) in Swan(pond: pond, duck: try r.resolve()) }
        container.register(Heron.self) { (_: Resolution) throws in Heron() }
        #expect(try container.resolve(Car.self).engine.name == "V8")
        #expect(try container.resolve(Swan.self, arguments: Pond()).pond.depth == 3)
        #expect(try container.resolve(Greeter.self, arguments: "Ada", 2).times == 2)
        #expect(container.registrations.allSatisfy { $0.dependencies == nil })
    }

    @Test func asyncAndMainActorClosuresStayOpaque() async throws {
        let container = Container()
        container.register(Pond.self) { Pond() }
        container.register(Reeds.self) { await Task { Reeds() }.value }
        container.register(Duck.self) { r async throws in Duck(pond: try await r.resolveAsync()) }
        container.register(Heron.self) { (r, _: Int) async throws in Heron() }
        container.register(Kingfisher.self) { @MainActor r in Kingfisher(pond: try r.resolve()) }
        container.register(Swan.self) { @MainActor in Swan() }
        container.register(Swan.self, name: "typed") { @MainActor (r: Resolution) in
            Swan(pond: try r.resolve(), duck: Duck(pond: Pond()))
        }
        container.register(Heron.self, name: "typed") { (r: Resolution) async throws in Heron() }
        container.register(Heron.self, name: "args") { (r: Resolution, depth: Int) async throws in Heron() }
        #expect(try await container.resolveAsync(Duck.self).pond.depth == 3)
        #expect(try await container.resolveAsync(Kingfisher.self).pond.depth == 3)
        #expect(container.registrations.allSatisfy { $0.dependencies == nil })
    }

    @Test func componentsAreDeclaredWithoutDependencies() throws {
        let container = Container()
        container.register(Reeds.self)
        container.register(Reeds.self, name: "north", scope: .singleton)
        #expect(container.registrations.map { $0.dependencies?.count } == [0, 0])
    }

    @Test func usingTakesInitsStaticFactoriesAndTypedClosures() throws {
        let container = Container()
        container.register(Pond.self, using: Pond.init)
        container.register(Duck.self, scope: .singleton, using: Duck.init)
        container.register(Heron.self, using: Heron.make)
        container.register(Swan.self, name: "mute", using: { (pond: Pond, duck: Duck) in Swan(pond: pond, duck: duck) })
        container.register(Flock.self, using: Flock.init)
        #expect(try container.resolve(Swan.self, name: "mute").pond.depth == 3)
        #expect(try container.resolve(Flock.self).members == 5)
        #expect(
            container.registrations.map { $0.dependencies?.map(\.description) } == [
                [], ["Pond"], ["Pond"], ["Pond", "Duck"], ["Pond", "Duck", "Heron", "Lazy<Swan>", "Provider<Pond>"],
            ])
    }

    /// A `.singleton` or `.cached` declared registration is built by one shared copy of the build (see
    /// `registerDeclaredOnce`), the other scopes by a copy specialised at the call site: both the same way.
    @Test func declaredRegistrationsBuildAlikeInEveryScope() throws {
        for scope in [Scope.unique, .graph, .cached, .singleton, .shared] {
            let container = Container()
            let built = Counter()
            container.register(Pond.self, scope: .singleton) { _ in
                built.increment()
                return Pond()
            }
            container.register(Duck.self, scope: scope, using: Duck.init)
            container.register(Heron.self, scope: scope, using: Heron.make)
            container.register(
                Swan.self, scope: scope, using: { (pond: Pond, duck: Duck) in Swan(pond: pond, duck: duck) })
            container.register(Flock.self, scope: scope, using: Flock.init)
            #expect(try container.resolve(Flock.self).members == 5, "\(scope)")
            #expect(try container.resolve(Swan.self).pond.depth == 3, "\(scope)")
            #expect(built.count == 1, "\(scope)")
            #expect(container.registrations.last?.dependencies?.count == 5, "\(scope)")
        }
    }

    @Test func aDeclaredSingletonsMissingDependencyNamesThePath() {
        let container = Container()
        container.register(Duck.self, scope: .singleton, using: Duck.init)
        #expect {
            try container.resolve(Duck.self)
        } throws: { error in
            let error = error as? ResolutionError
            return error?.code == .notRegistered && error?.description.contains("Duck → Pond") == true
        }
        container.register(Pond.self) { Pond() }
        #expect(throws: Never.self) { try container.resolve(Duck.self) }
    }

    @Test func usingConvertsToAProtocol() throws {
        let container = Container()
        container.register((any Engine).self, using: V8Engine.init)
        container.register((any Transmission).self, using: ManualTransmission.init)
        container.register(Car.self, using: Car.init)
        #expect(try container.resolve(Car.self).transmission.kind == "manual")
    }

    @Test func usingTakesAsyncAndMainActorFunctions() async throws {
        let container = Container()
        container.register(Pond.self, using: Pond.init)
        container.register(Duck.self, using: Duck.arrive)
        container.register(Kingfisher.self, using: Kingfisher.init)
        #expect(try await container.resolveAsync(Duck.self).pond.depth == 3)
        #expect(try await container.resolveAsync(Kingfisher.self).pond.depth == 3)
        let kinds = container.registrations.map(\.execution)
        #expect(kinds == [.synchronous, .async, .mainActor])
    }

    @Test func theBuilderTakesUsingToo() throws {
        let container = Container {
            Register(Pond.self, using: Pond.init)
            Register(Duck.self, scope: .singleton, using: Duck.init)
            Register(Heron.self) { Heron() }
            Register(Reeds.self)
        }
        #expect(try container.resolve(Duck.self).pond.depth == 3)
        #expect(container.registrations.map { $0.dependencies?.count } == [0, 1, nil, 0])
    }
}

struct Pond: Sendable {
    var depth = 3
    init() {}
}

struct Duck: Sendable {
    let pond: Pond
    init(pond: Pond) { self.pond = pond }
    static func arrive(at pond: Pond) async -> Duck { Duck(pond: pond) }
}

struct Heron: Sendable {
    init() {}
    static func make(pond: Pond) -> Heron { Heron() }
}

struct Swan: Sendable {
    let pond: Pond
    init() { pond = Pond() }
    init(pond: Pond, duck: Duck) { self.pond = pond }
}

struct Reeds: Component, Sendable {
    init() {}
}

@MainActor final class Kingfisher: Sendable {
    let pond: Pond
    init(pond: Pond) { self.pond = pond }
}

struct Flock: Sendable {
    let members: Int
    init(pond: Pond, duck: Duck, heron: Heron, swan: Lazy<Swan>, ponds: Provider<Pond>) { members = 5 }
}
