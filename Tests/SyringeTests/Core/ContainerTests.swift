import Testing

@testable import Syringe

@Suite("Container: registering and resolving")
struct ContainerTests {
    /// The usage of the core issue, end to end.
    func carContainer() -> Container {
        let container = Container()
        container.register((any Engine).self) { V8Engine() }
        container.register((any Transmission).self, scope: .singleton) { ManualTransmission() }
        container.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        container.register((any Token).self, name: "staging") { StagingToken() }
        container.register(Greeter.self) { (r, name: String, times: Int) in Greeter(name, times) }
        return container
    }

    @Test func resolvesAGraphThroughConstructorInjection() throws {
        let container = carContainer()
        let car = try container.resolve(Car.self)
        #expect(car.engine.name == "V8")
        #expect(car.transmission.kind == "manual")
    }

    @Test func resolvesByInferredType() throws {
        let engine: any Engine = try carContainer().resolve()
        #expect(engine.name == "V8")
    }

    @Test func resolvesANamedRegistration() throws {
        let container = carContainer()
        let staging = try container.resolve((any Token).self, name: "staging")
        #expect(staging.value == "staging")
        // The unnamed key is a different key.
        #expect(throws: ResolutionError.self) { try container.resolve((any Token).self) }
    }

    @Test func passesArgumentsToTheFactory() throws {
        let greeter = try carContainer().resolve(Greeter.self, arguments: "Ada", 3)
        #expect(greeter.name == "Ada")
        #expect(greeter.times == 3)
        #expect(greeter.greeting == "Hello, Ada! Hello, Ada! Hello, Ada!")
    }

    @Test func singleArgumentAndPlainFactoriesCoexist() throws {
        let container = Container()
        container.register(Greeter.self) { Greeter("nobody", 1) }
        container.register(Greeter.self) { (_, name: String) in Greeter(name, 1) }
        #expect(try container.resolve(Greeter.self).name == "nobody")
        #expect(try container.resolve(Greeter.self, arguments: "Ada").name == "Ada")
    }

    @Test func resolveIfRegisteredIsNilOnlyWhenNothingIsRegistered() throws {
        let container = carContainer()
        #expect(container.resolveIfRegistered(Service.self) == nil)
        #expect(container.resolveIfRegistered(Car.self)?.engine.name == "V8")
        #expect(container.isRegistered(Car.self))
        #expect(!container.isRegistered(Service.self))
    }

    @Test func reRegisteringAKeyReplacesIt() throws {
        let container = Container()
        container.register((any Engine).self) { V8Engine() }
        container.register((any Engine).self) { TestEngine() }
        #expect(try container.resolve((any Engine).self).name == "Test")
    }

    @Test func reRegisteringDropsTheCachedInstance() throws {
        let container = Container()
        container.register(Service.self, scope: .singleton) { Service(id: 1) }
        let first = try container.resolve(Service.self)
        container.register(Service.self, scope: .singleton) { Service(id: 2) }
        let second = try container.resolve(Service.self)
        #expect(first.id == 1)
        #expect(second.id == 2)
        #expect(first !== second)
    }

    @Test func registrationOrderDoesNotMatter() throws {
        let container = Container()
        // The dependent is registered before what it depends on.
        container.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        container.register((any Transmission).self) { ManualTransmission() }
        container.register((any Engine).self) { V8Engine() }
        #expect(try container.resolve(Car.self).engine.name == "V8")
    }

    @Test func resolvedReturnsTheInstanceForDefaultArguments() {
        let container = carContainer()
        let engine: any Engine = container.resolved()
        #expect(engine.name == "V8")
    }

    @Test func sharedIsOneProcessWideContainer() throws {
        #expect(Container.shared === Container.shared)
        Container.shared.register(Service.self, name: "ContainerTests.shared") { Service(id: 42) }
        #expect(try Container.shared.resolve(Service.self, name: "ContainerTests.shared").id == 42)
    }

    @Test func theRegistrationHandleNamesItsKey() {
        let key = Container().register(Service.self, name: "x") { Service() }.key
        #expect(key == Key(Service.self, name: "x"))
        #expect(key.description == "Service (name: \"x\")")
    }
}

@Suite("Container: parent and child")
struct ContainerHierarchyTests {
    @Test func childSeesParentRegistrations() throws {
        let parent = Container()
        parent.register((any Engine).self) { V8Engine() }
        let child = Container(parent: parent)
        #expect(try child.resolve((any Engine).self).name == "V8")
        #expect(child.parent === parent)
    }

    @Test func childResolvesParentSingletonsToTheSameInstance() throws {
        let parent = Container()
        parent.register(Service.self, scope: .singleton) { Service() }
        let child = Container(parent: parent)
        let other = Container(parent: parent)
        let fromParent = try parent.resolve(Service.self)
        #expect(try child.resolve(Service.self) === fromParent)
        #expect(try other.resolve(Service.self) === fromParent)
    }

    @Test func childKeepsItsOwnRegistrationsAndInstances() throws {
        let parent = Container()
        parent.register(Service.self, scope: .singleton) { Service(id: 1) }
        let child = Container(parent: parent)
        child.register(Service.self, scope: .singleton) { Service(id: 2) }
        #expect(try parent.resolve(Service.self).id == 1)
        #expect(try child.resolve(Service.self).id == 2)
        #expect(!parent.isRegistered(Greeter.self))
    }

    @Test func childOverridesApplyToAParentsUniqueFactories() throws {
        let parent = Container()
        parent.register((any Engine).self) { V8Engine() }
        parent.register((any Transmission).self) { ManualTransmission() }
        parent.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        let child = Container(parent: parent)
        child.register((any Engine).self) { TestEngine() }
        #expect(try child.resolve(Car.self).engine.name == "Test")
        #expect(try parent.resolve(Car.self).engine.name == "V8")
    }

    @Test func aParentSingletonIsBuiltFromTheParentsRegistrations() throws {
        let parent = Container()
        parent.register((any Engine).self) { V8Engine() }
        parent.register((any Transmission).self) { ManualTransmission() }
        parent.register(Car.self, scope: .singleton) { r in
            Car(engine: try r.resolve(), transmission: try r.resolve())
        }
        let child = Container(parent: parent)
        child.register((any Engine).self) { TestEngine() }
        // The first request comes from the child, but the singleton belongs to the parent.
        #expect(try child.resolve(Car.self).engine.name == "V8")
    }
}
