import Syringe
import Testing

/// Swinject's container tests (registering, names, hierarchy, hooks, injection styles, value types), ported.
@Suite("SwinjectParity: container basics")
struct SwinjectParityContainerTests {
    /// An unregistered service is an error from `resolve`, and `nil` from `resolveIfRegistered`.
    @Test func unregisteredServiceIsNotResolved() {
        let container = Container()
        #expect(throws: ResolutionError.self) { try container.resolve((any SpAnimal).self) }
        #expect(container.resolveIfRegistered((any SpAnimal).self) == nil)
    }

    /// Registrations of one type that differ by their arguments are resolved by the arguments given.
    @Test func resolvesByArguments() throws {
        let container = Container()
        container.register((any SpAnimal).self) { SpCat() }
        container.register((any SpAnimal).self) { (_, name: String) in SpCat(name: name) }
        container.register((any SpAnimal).self) { (_, name: String, sleeping: Bool) in
            SpCat(name: name, sleeping: sleeping)
        }
        let noName = try #require(try container.resolve((any SpAnimal).self) as? SpCat)
        let mimi = try #require(try container.resolve((any SpAnimal).self, arguments: "Mimi") as? SpCat)
        let mew = try #require(try container.resolve((any SpAnimal).self, arguments: "Mew", true) as? SpCat)
        #expect(noName.name == nil)
        #expect(mimi.name == "Mimi")
        #expect(mew.name == "Mew")
        #expect(mew.sleeping)
    }

    /// Registrations of one type that differ by name are resolved by the name given; no name is its own key.
    @Test func resolvesByRegisteredName() throws {
        let container = Container()
        container.register((any SpAnimal).self, name: "RegMimi") { SpCat(name: "Mimi") }
        container.register((any SpAnimal).self, name: "RegMew") { SpCat(name: "Mew") }
        container.register((any SpAnimal).self) { SpCat() }
        #expect(try container.resolve((any SpAnimal).self, name: "RegMimi").name == "Mimi")
        #expect(try container.resolve((any SpAnimal).self, name: "RegMew").name == "Mew")
        #expect(try container.resolve((any SpAnimal).self).name == nil)
    }

    /// `removeAll()` removes every registration.
    @Test func removeAllRemovesEveryRegistration() {
        let container = Container()
        container.register((any SpAnimal).self, name: "RegMimi") { SpCat(name: "Mimi") }
        container.register((any SpAnimal).self, name: "RegMew") { SpCat(name: "Mew") }
        container.removeAll()
        #expect(throws: ResolutionError.self) { try container.resolve((any SpAnimal).self, name: "RegMimi") }
        #expect(throws: ResolutionError.self) { try container.resolve((any SpAnimal).self, name: "RegMew") }
    }

    /// A child container resolves what its parent registers.
    @Test func childResolvesParentsRegistration() throws {
        let parent = Container()
        let child = Container(parent: parent)
        parent.register((any SpAnimal).self) { SpCat() }
        #expect(try child.resolve((any SpAnimal).self) is SpCat)
    }

    /// A parent container does not resolve what its child registers.
    @Test func parentDoesNotResolveChildsRegistration() {
        let parent = Container()
        let child = Container(parent: parent)
        child.register((any SpAnimal).self) { SpCat() }
        #expect(throws: ResolutionError.self) { try parent.resolve((any SpAnimal).self) }
    }

    /// A `.unique` instance resolved through a child is not kept alive by either container.
    @Test func childDoesNotKeepZombies() throws {
        let parent = Container()
        let child = Container(parent: parent)
        parent.register(SpCat.self) { SpCat() }
        weak let cat = try child.resolve(SpCat.self)
        #expect(cat == nil)
    }

    /// A parent's factory may resolve from a child container inside its own resolution without breaking it.
    @Test func factoryResolvingFromAnotherContainerKeepsTheGraph() throws {
        let parent = Container()
        let child = Container(parent: parent)
        child.register((any SpAnimal).self) { SpCat() }
        parent.register((any SpFood).self) { SpSushi() }
        parent.register((any SpPerson).self) { [child] r in
            let owner = SpPetOwner(pet: try child.resolve((any SpAnimal).self))
            owner.favoriteFood = try r.resolve()
            return owner
        }
        let owner = try #require(try parent.resolve((any SpPerson).self) as? SpPetOwner)
        #expect(owner.pet is SpCat)
        #expect(owner.favoriteFood is SpSushi)
    }

    /// `onCreated` runs when a new instance is created.
    @Test func onCreatedRunsForANewInstance() throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpAnimal).self) { SpCat() }
            .onCreated { _, _ in runs.increment() }
        _ = try container.resolve((any SpAnimal).self)
        #expect(runs.count == 1)
    }

    /// Every `onCreated` hook chained on a registration runs.
    @Test func everyOnCreatedHookRuns() throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpAnimal).self) { SpCat() }
            .onCreated { _, _ in runs.increment() }
            .onCreated { _, _ in runs.increment() }
            .onCreated { _, _ in runs.increment() }
            .onCreated { _, _ in runs.increment() }
        _ = try container.resolve((any SpAnimal).self)
        #expect(runs.count == 4)
    }

    /// Initializer injection: the factory passes a resolved dependency to `init`.
    @Test func initializerInjection() throws {
        let container = Container()
        container.register((any SpAnimal).self) { SpCat() }
        container.register((any SpPerson).self) { r in SpPetOwner(pet: try r.resolve()) }
        let owner = try #require(try container.resolve((any SpPerson).self) as? SpPetOwner)
        #expect(owner.pet != nil)
    }

    /// Property injection in the factory.
    @Test func propertyInjectionInFactory() throws {
        let container = Container()
        container.register((any SpAnimal).self) { SpCat() }
        container.register((any SpPerson).self) { r in
            let owner = SpPetOwner()
            owner.pet = try r.resolve()
            return owner
        }
        let owner = try #require(try container.resolve((any SpPerson).self) as? SpPetOwner)
        #expect(owner.pet != nil)
    }

    /// Property injection in an `onCreated` hook.
    @Test func propertyInjectionInOnCreated() throws {
        let container = Container()
        container.register((any SpAnimal).self) { SpCat() }
        container.register((any SpPerson).self) { SpPetOwner() }
            .onCreated { person, r in (person as? SpPetOwner)?.pet = try r.resolve() }
        let owner = try #require(try container.resolve((any SpPerson).self) as? SpPetOwner)
        #expect(owner.pet != nil)
    }

    /// Method injection in the factory.
    @Test func methodInjectionInFactory() throws {
        let container = Container()
        container.register((any SpAnimal).self) { SpCat() }
        container.register((any SpPerson).self) { r in
            let owner = SpPetOwner()
            owner.inject(try r.resolve())
            return owner
        }
        let owner = try #require(try container.resolve((any SpPerson).self) as? SpPetOwner)
        #expect(owner.pet != nil)
    }

    /// Method injection in an `onCreated` hook.
    @Test func methodInjectionInOnCreated() throws {
        let container = Container()
        container.register((any SpAnimal).self) { SpCat() }
        container.register((any SpPerson).self) { SpPetOwner() }
            .onCreated { person, r in (person as? SpPetOwner)?.inject(try r.resolve()) }
        let owner = try #require(try container.resolve((any SpPerson).self) as? SpPetOwner)
        #expect(owner.pet != nil)
    }

    /// A value type is handed out as independent copies in every scope.
    @Test(arguments: [Scope.unique, .graph, .singleton, .cached, .shared])
    func valueTypesAreIndependentCopies(scope: Scope) throws {
        let container = Container()
        container.register((any SpShell).self, scope: scope) { SpTurtle(name: "Ninja") }
        var first = try container.resolve((any SpShell).self)
        let second = try container.resolve((any SpShell).self)
        first.name = "Samurai"
        #expect(first.name == "Samurai")
        #expect(second.name == "Ninja")
    }

    /// A value type registered in a parent is handed out as independent copies through a child, in every scope.
    @Test(arguments: [Scope.unique, .graph, .singleton, .cached, .shared])
    func valueTypesFromParentAreIndependentCopies(scope: Scope) throws {
        let parent = Container()
        parent.register((any SpShell).self, scope: scope) { SpTurtle(name: "Ninja") }
        let child = Container(parent: parent)
        var first = try child.resolve((any SpShell).self)
        let second = try child.resolve((any SpShell).self)
        first.name = "Samurai"
        #expect(first.name == "Samurai")
        #expect(second.name == "Ninja")
    }

    /// A value type's factory runs once for `.singleton`, and on every resolve for `.unique` and `.graph`.
    @Test(arguments: [(Scope.unique, 2), (.graph, 2), (.singleton, 1)])
    func valueTypeFactoryRunsPerScope(scope: Scope, expectedRuns: Int) throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpShell).self, scope: scope) {
            runs.increment()
            return SpTurtle(name: "Ninja")
        }
        _ = try container.resolve((any SpShell).self)
        _ = try container.resolve((any SpShell).self)
        #expect(runs.count == expectedRuns)
    }

    /// A class service type may be registered with a factory that returns a subclass.
    @Test func resolvesASubclassOfAClassService() throws {
        let container = Container()
        container.register(SpCat.self) { SpSiamese(name: "Siam") }
        let siam = try #require(try container.resolve(SpCat.self) as? SpSiamese)
        #expect(siam.name == "Siam")
    }

    /// A concrete type registered as itself gets its dependency, even when that is registered after it.
    @Test func selfBindingGetsItsDependencyInjected() throws {
        let container = Container()
        container.register(SpPetOwner.self) { r in SpPetOwner(pet: try r.resolve()) }
        container.register((any SpAnimal).self) { SpSiamese(name: "Siam") }
        let owner = try container.resolve(SpPetOwner.self)
        #expect((owner.pet as? SpSiamese)?.name == "Siam")
    }

    /// A container can be made with its registrations in one expression.
    @Test func containerInitializerTakesRegistrations() throws {
        let container = Container {
            Register((any SpAnimal).self) { SpCat() }
        }
        #expect(try container.resolve((any SpAnimal).self) is SpCat)
    }

    /// `isRegistered` tells whether a type is registered under a name (no name is the unnamed registration).
    @Test func isRegisteredAnswersPerTypeAndName() {
        let container = Container {
            Register((any SpAnimal).self) { SpCat() }
            Register((any SpFood).self, name: "Sushi") { SpSushi() }
        }
        #expect(container.isRegistered((any SpAnimal).self))
        #expect(!container.isRegistered(SpPetOwner.self))
        #expect(container.isRegistered((any SpFood).self, name: "Sushi"))
        #expect(!container.isRegistered((any SpFood).self, name: "Pizza"))
        #expect(!container.isRegistered((any SpFood).self))
    }

    /// A failed resolve names the requested type and name (Swinject reports them to its debug helper).
    @Test func failedResolveNamesTheTypeAndName() {
        let container = Container()
        container.register(Int.self) { 0 }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Double.self, name: "name") }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("Double"))
        #expect(text.contains("name"))
    }
}

/// Swinject's object-scope tests (transient, graph, container, weak), ported to Syringe's scopes.
@Suite("SwinjectParity: object scopes")
struct SwinjectParityScopeTests {
    /// `.unique` (Swinject's `.transient`) builds a new instance per resolve.
    @Test func uniqueBuildsANewInstancePerResolve() throws {
        let container = Container()
        container.register((any SpAnimal).self, scope: .unique) { SpCat() }
        #expect(try container.resolve((any SpAnimal).self) !== container.resolve((any SpAnimal).self))
    }

    /// `.unique` builds a new instance for each place in one graph.
    @Test func uniqueBuildsANewInstancePerPlaceInAGraph() throws {
        let container = Container()
        spRegisterCatAndOwnerEatingFood(in: container)
        container.register((any SpFood).self, scope: .unique) { SpSushi() }
        let owner = try #require(try container.resolve((any SpPerson).self) as? SpPetOwner)
        let catsFood = try #require((owner.pet as? SpCat)?.favoriteFood)
        #expect(owner.favoriteFood !== catsFood)
    }

    /// `.graph` builds a new instance per top-level resolve.
    @Test func graphBuildsANewInstancePerResolve() throws {
        let container = Container()
        container.register((any SpAnimal).self, scope: .graph) { SpCat() }
        #expect(try container.resolve((any SpAnimal).self) !== container.resolve((any SpAnimal).self))
    }

    /// `.graph` shares one instance within one graph.
    @Test func graphSharesAnInstanceWithinAGraph() throws {
        let container = Container()
        spRegisterCatAndOwnerEatingFood(in: container)
        container.register((any SpFood).self, scope: .graph) { SpSushi() }
        let owner = try #require(try container.resolve((any SpPerson).self) as? SpPetOwner)
        let catsFood = try #require((owner.pet as? SpCat)?.favoriteFood)
        #expect(owner.favoriteFood === catsFood)
    }

    /// `.singleton` (Swinject's `.container`) keeps one instance.
    @Test func singletonKeepsOneInstance() throws {
        let container = Container()
        container.register((any SpAnimal).self, scope: .singleton) { SpCat() }
        #expect(try container.resolve((any SpAnimal).self) === container.resolve((any SpAnimal).self))
    }

    /// A parent's singleton is shared with its child, whichever resolves it first.
    @Test func parentsSingletonIsSharedWithChild() throws {
        let parent = Container()
        parent.register((any SpAnimal).self, scope: .singleton) { SpCat() }
        parent.register((any SpAnimal).self, name: "dog", scope: .singleton) { SpDog() }
        let child = Container(parent: parent)
        let cat = try parent.resolve((any SpAnimal).self)
        #expect(try child.resolve((any SpAnimal).self) === cat)
        let dog = try child.resolve((any SpAnimal).self, name: "dog")
        #expect(try parent.resolve((any SpAnimal).self, name: "dog") === dog)
    }

    /// A parent's singleton is one instance throughout a graph resolved from a child.
    @Test func parentsSingletonIsOneInstanceInAChildsGraph() throws {
        let parent = Container()
        parent.register((any SpFood).self, scope: .singleton) { SpSushi() }
        let child = Container(parent: parent)
        spRegisterCatAndOwnerEatingFood(in: child)
        let owner = try #require(try child.resolve((any SpPerson).self) as? SpPetOwner)
        let catsFood = try #require((owner.pet as? SpCat)?.favoriteFood)
        #expect(owner.favoriteFood === catsFood)
    }

    /// `.shared` (Swinject's `.weak`) hands out the same instance while someone holds it.
    @Test func sharedHandsOutTheHeldInstance() throws {
        let container = Container()
        container.register((any SpAnimal).self, scope: .shared) { SpCat() }
        let first = try container.resolve((any SpAnimal).self)
        let second = try container.resolve((any SpAnimal).self)
        #expect(first === second)
    }

    /// `.shared` does not keep an instance nobody else holds.
    @Test func sharedDoesNotKeepAnInstanceAlive() throws {
        let container = Container()
        container.register((any SpAnimal).self, scope: .shared) { SpCat() }
        weak let cat = try container.resolve((any SpAnimal).self)
        #expect(cat == nil)
    }

    /// `.shared` drops its instance once the last holder lets go: the next resolve builds a new one.
    @Test func sharedBuildsAnewAfterTheLastHolderLetsGo() throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpAnimal).self, scope: .shared) {
            runs.increment()
            return SpCat()
        }
        var held: (any SpAnimal)? = try container.resolve((any SpAnimal).self)
        weak let weakHeld = held
        #expect(weakHeld != nil)
        held = nil
        #expect(weakHeld == nil)
        _ = try container.resolve((any SpAnimal).self)
        #expect(runs.count == 2)
    }

    /// `.shared` keeps no value type: its factory runs on every resolve.
    @Test func sharedKeepsNoValueType() throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpShell).self, scope: .shared) {
            runs.increment()
            return SpTurtle(name: "Ninja")
        }
        _ = try container.resolve((any SpShell).self)
        _ = try container.resolve((any SpShell).self)
        #expect(runs.count == 2)
    }
}

/// Swinject's service-key tests, ported to ``Key``: a registration's key is its type, name and argument types.
@Suite("SwinjectParity: keys")
struct SwinjectParityKeyTests {
    /// The key of an unnamed registration with no arguments, made twice.
    private func plainKey() -> Key {
        Container().register((any SpAnimal).self) { SpCat() }.key
    }

    /// The key of a registration taking `(String, Bool)`, optionally named.
    private func keyWithArguments(name: String? = nil) -> Key {
        Container().register((any SpAnimal).self, name: name) { (_, a: String, b: Bool) in
            SpCat(name: a, sleeping: b)
        }.key
    }

    /// Keys of the same type and factory shape are equal and hash alike.
    @Test func sameTypeAndShapeGiveEqualKeys() {
        #expect(plainKey() == plainKey())
        #expect(plainKey().hashValue == plainKey().hashValue)
        #expect(keyWithArguments() == keyWithArguments())
        #expect(keyWithArguments().hashValue == keyWithArguments().hashValue)
    }

    /// Keys of different service types differ.
    @Test func differentServiceTypesGiveDifferentKeys() {
        let person = Container().register((any SpPerson).self) { SpPetOwner() }.key
        #expect(person != plainKey())
    }

    /// Keys of different argument types differ.
    @Test func differentArgumentTypesGiveDifferentKeys() {
        let oneArgument = Container().register((any SpAnimal).self) { (_, a: String) in SpCat(name: a) }.key
        let otherSecond = Container().register((any SpAnimal).self) { (_, a: String, _: Int) in SpCat(name: a) }.key
        #expect(oneArgument != keyWithArguments())
        #expect(otherSecond != keyWithArguments())
        #expect(oneArgument != plainKey())
    }

    /// Keys with the same name are equal; keys with different names differ.
    @Test func namesTellKeysApart() {
        let named = Container().register((any SpAnimal).self, name: "my factory") { SpCat() }.key
        let sameName = Key((any SpAnimal).self, name: "my factory")
        let otherName = Key((any SpAnimal).self, name: "your factory")
        #expect(named == sameName)
        #expect(named.hashValue == sameName.hashValue)
        #expect(named != otherName)
        #expect(keyWithArguments(name: "my factory") == keyWithArguments(name: "my factory"))
        #expect(keyWithArguments(name: "my factory") != keyWithArguments(name: "your factory"))
    }
}
