import Testing

@testable import Syringe

@Suite("Modules: the builder, install and Register")
struct ModuleTests {
    /// The issue's example, end to end.
    func appContainer(useMocks: Bool, regions: [String] = ["eu", "us"]) -> Container {
        Container {
            LocationModule()
            Register(AppClock.self) { SystemClock() }
            if useMocks { Register(Network.self) { MockNetwork() } } else { Register(Network.self) { URLNetwork() } }
            for region in regions { Register(RegionMap.self, name: region) { RegionMap(region) } }
        }
    }

    @Test func theIssueExampleResolvesEveryPart() throws {
        let container = appContainer(useMocks: true)
        let journey = try container.resolve(JourneyService.self)
        #expect(journey.location.source == "gps")
        // LocationService is a singleton: the journey got the one the container keeps.
        let location = try container.resolve(LocationService.self)
        #expect(ObjectIdentifier(journey.location as AnyObject) == ObjectIdentifier(location as AnyObject))
        #expect(try container.resolve(AppClock.self).name == "system")
        #expect(try container.resolve(Network.self).kind == "mock")
        #expect(try container.resolve(RegionMap.self, name: "eu").region == "eu")
        #expect(try container.resolve(RegionMap.self, name: "us").region == "us")
    }

    @Test func anAvailabilityCheckKeepsItsBranch() throws {
        let container = Container {
            if #available(macOS 13, iOS 16, *) {
                Register(AppClock.self) { SystemClock() }
            }
        }
        #expect(try container.resolve(AppClock.self).name == "system")
    }

    @Test func ifElseTakesTheElseBranchWhenFalse() throws {
        #expect(try appContainer(useMocks: false).resolve(Network.self).kind == "url")
        #expect(try NetworkModuleContainer(useMocks: false).resolve(Network.self).kind == "url")
        #expect(try NetworkModuleContainer(useMocks: true).resolve(Network.self).kind == "mock")
    }

    private func NetworkModuleContainer(useMocks: Bool) -> Container {
        Container { NetworkModule(useMocks: useMocks) }
    }

    @Test(arguments: [false, true])
    func ifWithoutElseRegistersOnlyWhenTrue(condition: Bool) throws {
        let container = Container {
            Register(AppClock.self) { SystemClock() }
            if condition { Register(Network.self) { MockNetwork() } }
        }
        #expect(container.isRegistered(Network.self) == condition)
        #expect(container.isRegistered(AppClock.self))
    }

    @Test func forInRegistersEveryIterationAndNothingForAnEmptyLoop() throws {
        let container = appContainer(useMocks: true, regions: ["eu", "us", "apac"])
        for region in ["eu", "us", "apac"] {
            #expect(try container.resolve(RegionMap.self, name: region).region == region)
        }
        let empty = appContainer(useMocks: true, regions: [])
        #expect(!empty.isRegistered(RegionMap.self, name: "eu"))
    }

    @Test func switchSelectsOneCase() throws {
        enum Environment { case production, staging, test }
        func container(_ environment: Environment) -> Container {
            Container {
                switch environment {
                case .production: Register(Network.self) { URLNetwork() }
                case .staging: Register(Network.self, name: "staging") { URLNetwork() }
                case .test: Register(Network.self) { MockNetwork() }
                }
            }
        }
        #expect(try container(.production).resolve(Network.self).kind == "url")
        #expect(container(.staging).isRegistered(Network.self, name: "staging"))
        #expect(!container(.staging).isRegistered(Network.self))
        #expect(try container(.test).resolve(Network.self).kind == "mock")
    }

    @Test func anOptionalModuleRegistersNothingWhenNil() throws {
        func container(_ module: LocationModule?) -> Container {
            Container {
                Register(AppClock.self) { SystemClock() }
                module
            }
        }
        #expect(!container(nil).isRegistered(LocationService.self))
        #expect(container(nil).isRegistered(AppClock.self))
        #expect(try container(LocationModule()).resolve(LocationService.self).source == "gps")
    }

    @Test func nestedModulesApplyTheirInnerModules() throws {
        let container = Container { AppModule(useMocks: true) }
        #expect(try container.resolve(JourneyService.self).location.source == "gps")
        #expect(try container.resolve(Network.self).kind == "mock")
        #expect(try container.resolve(AppClock.self).name == "system")
    }

    @Test func arraysOfModulesAndMixedPartsApplyInOrder() throws {
        let modules: [any Module] = [LocationModule(), NetworkModule(useMocks: false)]
        let container = Container {
            modules
            [Register(AppClock.self) { SystemClock() }, Register(AppClock.self) { TestClock() }]
            [NetworkModule(useMocks: true)]
        }
        #expect(try container.resolve(LocationService.self).source == "gps")
        // Later parts replace earlier ones: the array's second clock, the last network module.
        #expect(try container.resolve(AppClock.self).name == "test")
        #expect(try container.resolve(Network.self).kind == "mock")
    }

    @Test func registrationsApplyInSourceOrder() throws {
        let container = Container {
            Register(AppClock.self) { SystemClock() }
            LocationModule()
            Register(Network.self) { URLNetwork() }
            Register(AppClock.self) { TestClock() }  // replaces the first clock, keeps its place
        }
        let order = container.registry.allKeys
        #expect(
            order == [
                Key(AppClock.self), Key(LocationService.self), Key(JourneyService.self), Key(Network.self),
            ])
        #expect(try container.resolve(AppClock.self).name == "test")
    }

    @Test func installAddsAModuleToAnExistingContainer() throws {
        let container = Container()
        container.register(AppClock.self) { SystemClock() }
        #expect(!container.isRegistered(LocationService.self))
        container.install(LocationModule())
        #expect(try container.resolve(JourneyService.self).location.source == "gps")
        container.install {
            NetworkModule(useMocks: true)
            Register(AppClock.self) { TestClock() }
        }
        #expect(try container.resolve(Network.self).kind == "mock")
        #expect(try container.resolve(AppClock.self).name == "test")
    }

    @Test func installReplacesAKeyAndDropsItsInstance() throws {
        let container = Container { LocationModule() }
        // Hold the instances, so that an address cannot be reused between the reads.
        let first = try container.resolve(LocationService.self) as AnyObject
        let again = try container.resolve(LocationService.self) as AnyObject
        container.install(LocationModule())
        let second = try container.resolve(LocationService.self) as AnyObject
        #expect(ObjectIdentifier(first) == ObjectIdentifier(again))
        #expect(ObjectIdentifier(first) != ObjectIdentifier(second))
    }

    @Test func aChildContainerWithABuilderSeesItsParent() throws {
        let parent = Container { LocationModule() }
        let child = Container(parent: parent) {
            Register(Network.self) { MockNetwork() }
        }
        #expect(child.parent === parent)
        #expect(try child.resolve(Network.self).kind == "mock")
        #expect(!parent.isRegistered(Network.self))
        let fromChild = try child.resolve(LocationService.self)
        let fromParent = try parent.resolve(LocationService.self)
        #expect(ObjectIdentifier(fromChild as AnyObject) == ObjectIdentifier(fromParent as AnyObject))
    }

    @Test func anEmptyBuilderMakesAnEmptyContainer() throws {
        let container = Container {}
        #expect(container.registry.allKeys.isEmpty)
    }

    @Test func registrationGroupsAndCustomConformancesArePartsToo() throws {
        struct Flags: Registrations {
            let network: String
            func apply(to container: Container) {
                let kind = network
                container.register(Network.self) { kind == "mock" ? MockNetwork() as any Network : URLNetwork() }
            }
        }
        let group = RegistrationGroup {
            Register(AppClock.self) { SystemClock() }
            Flags(network: "mock")
        }
        let container = Container { group }
        #expect(try container.resolve(AppClock.self).name == "system")
        #expect(try container.resolve(Network.self).kind == "mock")
        let other = Container()
        LocationModule().apply(to: other)
        #expect(other.isRegistered(JourneyService.self))
    }
}

@Suite("Modules: the shapes of Register")
struct RegisterTests {
    final class Parent: @unchecked Sendable {
        // @unchecked Sendable: set once by the onCreated hook, before the instance is handed out.
        var child: Child?
    }
    final class Child: Sendable {
        let parent: Parent
        init(parent: Parent) { self.parent = parent }
    }

    @Test func plainResolverAndArgumentFactories() throws {
        let container = Container {
            Register(AppClock.self) { SystemClock() }
            Register(JourneyService.self) { r in JourneyTracker(location: try r.resolve()) }
            Register(LocationService.self) { GPSLocationService() }
            Register(Greeter.self) { (_, name: String, times: Int) in Greeter(name, times) }
            Register(Greeter.self) { (_, name: String) in Greeter(name, 1) }
        }
        #expect(try container.resolve(AppClock.self).name == "system")
        #expect(try container.resolve(JourneyService.self).location.source == "gps")
        #expect(try container.resolve(Greeter.self, arguments: "Ada", 2).greeting == "Hello, Ada! Hello, Ada!")
        #expect(try container.resolve(Greeter.self, arguments: "Bob").greeting == "Hello, Bob!")
    }

    @Test func namesAndScopes() throws {
        let counter = Counter()
        let container = Container {
            Register(Service.self, scope: .singleton) { Service(id: counter.increment()) }
            Register(Service.self, name: "fresh") { Service(id: counter.increment()) }
            Register(Token.self, name: "staging", scope: .cached) { StagingToken() }
        }
        #expect(try container.resolve(Service.self) === container.resolve(Service.self))
        #expect(try container.resolve(Service.self, name: "fresh") !== container.resolve(Service.self, name: "fresh"))
        #expect(try container.resolve(Token.self, name: "staging").value == "staging")
        #expect(counter.count == 3)
    }

    @Test func onCreatedHooksChainAndCloseACycleInGraphScope() throws {
        let container = Container {
            Register(Parent.self, scope: .graph) { Parent() }
                .onCreated { parent, r in parent.child = try r.resolve() }
            Register(Child.self, scope: .graph) { r in Child(parent: try r.resolve()) }
            Register(Greeter.self) { Greeter("Ada", 1) }
                .onCreated { greeter, _ in greeter = Greeter(greeter.name, greeter.times + 1) }
                .onCreated { greeter, _ in greeter = Greeter(greeter.name + "!", greeter.times * 10) }
        }
        let parent = try container.resolve(Parent.self)
        #expect(parent.child?.parent === parent)
        let greeter = try container.resolve(Greeter.self)
        #expect(greeter.name == "Ada!")
        #expect(greeter.times == 20)
    }

    @Test func aRegisterValueCanBeAppliedTwiceAndOnCreatedDoesNotChangeTheOriginal() throws {
        let counter = Counter()
        let plain = Register(Service.self) { Service() }
        let hooked = plain.onCreated { _, _ in counter.increment() }
        let first = Container { plain }
        let second = Container {
            hooked; hooked
        }
        _ = try first.resolve(Service.self)
        #expect(counter.count == 0)
        _ = try second.resolve(Service.self)
        #expect(counter.count == 1)
    }

    @Test func errorsPointAtTheLineOfTheRegisterInTheModule() throws {
        let line = #line + 2
        let container = Container {
            Register((any Engine).self) { () throws -> any Engine in throw Failure(reason: "no fuel") }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve((any Engine).self) }
        #expect(error?.code == .factoryFailed)
        #expect(error?.fileID == "SyringeTests/ModuleTests.swift")
        #expect(error?.line == line)
        let registered = container.registry.entry(for: Key((any Engine).self))
        #expect(registered.map { "\($0.fileID):\($0.line)" } == "SyringeTests/ModuleTests.swift:\(line)")
    }

    @Test func aModuleRegistrationRemembersTheModulesFile() throws {
        let container = Container { LocationModule() }
        let entry = container.registry.entry(for: Key(LocationService.self))
        #expect(entry.map { "\($0.fileID)" } == "SyringeTests/ModuleDoubles.swift")
    }
}
