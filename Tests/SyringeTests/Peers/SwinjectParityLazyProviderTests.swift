import Syringe
import Testing

/// Swinject's `Lazy` tests, ported to Syringe's `Lazy` (`try lazy.value` for `lazy.instance`).
@Suite("SwinjectParity: Lazy")
struct SwinjectParityLazyTests {
    /// A resolved `Lazy` hands out the registered instance.
    @Test func lazyHandsOutTheRegisteredInstance() throws {
        let container = Container()
        container.register((any SpAnimal).self) { SpDog() }
        let lazy = try container.resolve(Lazy<any SpAnimal>.self)
        #expect(try lazy.value is SpDog)
    }

    /// Resolving a `Lazy` builds nothing until its value is read.
    @Test func lazyBuildsNothingUntilRead() throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpAnimal).self) {
            runs.increment()
            return SpDog()
        }
        _ = try container.resolve(Lazy<any SpAnimal>.self)
        #expect(runs.count == 0)
    }

    /// A `Lazy` resolves its value once, however often it is read.
    @Test func lazyResolvesOnce() throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpAnimal).self) {
            runs.increment()
            return SpDog()
        }
        let lazy = try container.resolve(Lazy<any SpAnimal>.self)
        _ = try lazy.value
        _ = try lazy.value
        #expect(runs.count == 1)
    }

    /// A `Lazy` of an unregistered type fails when read (Swinject's resolve of the `Lazy` returns `nil`).
    @Test func lazyOfAnUnregisteredTypeFailsWhenRead() throws {
        let container = Container()
        #expect(throws: ResolutionError.self) {
            let lazy = try container.resolve(Lazy<any SpAnimal>.self)
            _ = try lazy.value
        }
    }

    /// With `.unique`, every `Lazy` of the employment graph reads a different customer.
    @Test func uniqueLazyValuesDiffer() throws {
        let container = Container { SpEmploymentModule(scope: .unique) }
        let employer = try container.resolve(SpEmployer.self)
        #expect(try employer.lazyCustomer.value !== employer.employee.lazyCustomer.value)
        #expect(try employer.lazyCustomer.value !== employer.customer)
    }

    /// With `.singleton`, every `Lazy` of the employment graph reads the one customer.
    @Test func singletonLazyValuesAreTheSame() throws {
        let container = Container()
        container.install(SpEmploymentModule(scope: .singleton))
        let employee = try container.resolve(SpEmployee.self)
        let employer = try container.resolve(SpEmployer.self)
        #expect(employee.employer === employer)
        #expect(try employer.lazyCustomer.value === employer.employee.lazyCustomer.value)
        #expect(try employer.lazyCustomer.value === employer.customer)
    }

    /// With `.graph`, a `Lazy` made in a resolution reads that graph's instance, even after the resolve returned.
    @Test func graphLazyValuesAreTheGraphsInstance() throws {
        let container = Container { SpEmploymentModule(scope: .graph) }
        let employer = try container.resolve(SpEmployer.self)
        #expect(try employer.lazyCustomer.value === employer.employee.lazyCustomer.value)
        #expect(try employer.lazyCustomer.value === employer.customer)
    }

    /// A `Lazy` is resolved with a name for its value.
    @Test func lazyWithAName() throws {
        let container = Container()
        container.register(SpDog.self, name: "Hachi") { SpDog(name: "Hachi") }
        let lazy = try container.resolve(Lazy<SpDog>.self, name: "Hachi")
        #expect(try lazy.value.name == "Hachi")
    }

    /// A `Lazy` asked under a name nothing is registered with fails (when resolved or read).
    @Test func lazyWithAWrongNameFails() throws {
        let container = Container()
        container.register(SpDog.self, name: "Hachi") { SpDog() }
        #expect(throws: ResolutionError.self) {
            let lazy = try container.resolve(Lazy<SpDog>.self, name: "Mimi")
            _ = try lazy.value
        }
    }

    /// A `Lazy` of a forwarded type reads the registration behind it.
    @Test func lazyOfAForwardedType() throws {
        let container = Container()
        container.register(SpDog.self) { SpDog() }.forwarding((any SpAnimal).self)
        let lazy = try container.resolve(Lazy<any SpAnimal>.self)
        #expect(try lazy.value is SpDog)
    }

    /// In a `.graph` cycle, the employee's employer and a `Lazy` employee's employer are the employer resolved.
    @Test func graphCycleThroughLazyIsConsistent() throws {
        let container = Container { SpEmploymentModule(scope: .graph) }
        let employer = try container.resolve(SpEmployer.self)
        #expect(employer.employee.employer === employer)
        #expect(try employer.lazyEmployee.value.employer === employer)
    }

    /// A top-level `Lazy` of one side of a `.graph` cycle reads an instance whose cycle is closed.
    @Test func topLevelLazyOfAGraphCycle() throws {
        let container = Container { SpEmploymentModule(scope: .graph) }
        let lazy = try container.resolve(Lazy<SpEmployee>.self)
        let employee = try lazy.value
        let employer = try #require(employee.employer)
        #expect(employer.employee === employee)
    }
}

/// Swinject's `Provider` tests, ported to Syringe's `Provider` (`try provider()` for `provider.instance`).
@Suite("SwinjectParity: Provider")
struct SwinjectParityProviderTests {
    /// A resolved `Provider` hands out the registered instance.
    @Test func providerHandsOutTheRegisteredInstance() throws {
        let container = Container()
        container.register((any SpAnimal).self) { SpDog() }
        let provider = try container.resolve(Provider<any SpAnimal>.self)
        #expect(try provider() is SpDog)
    }

    /// Resolving a `Provider` builds nothing until it is called.
    @Test func providerBuildsNothingUntilCalled() throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpAnimal).self) {
            runs.increment()
            return SpDog()
        }
        _ = try container.resolve(Provider<any SpAnimal>.self)
        #expect(runs.count == 0)
    }

    /// A `Provider` resolves anew on each call.
    @Test func providerResolvesOnEachCall() throws {
        let container = Container()
        let runs = Counter()
        container.register((any SpAnimal).self) {
            runs.increment()
            return SpDog()
        }
        let provider = try container.resolve(Provider<any SpAnimal>.self)
        _ = try provider()
        _ = try provider()
        #expect(runs.count == 2)
    }

    /// A `Provider` of an unregistered type fails when called (Swinject's resolve of the `Provider` is `nil`).
    @Test func providerOfAnUnregisteredTypeFailsWhenCalled() throws {
        let container = Container()
        #expect(throws: ResolutionError.self) {
            let provider = try container.resolve(Provider<any SpAnimal>.self)
            _ = try provider()
        }
    }

    /// With `.unique`, each call of a provider of the employment graph builds a new instance.
    @Test func uniqueProviderCallsDiffer() throws {
        let container = Container { SpEmploymentModule(scope: .unique) }
        let employer = try container.resolve(SpEmployer.self)
        #expect(try employer.providedEmployee() !== employer.providedEmployee())
        #expect(try employer.employee.providedCustomer() !== employer.providedCustomer())
    }

    /// With `.graph`, each call of a provider made outside a resolution is a graph of its own.
    @Test func graphProviderCallsDiffer() throws {
        let container = Container { SpEmploymentModule(scope: .graph) }
        let employer = try container.resolve(SpEmployer.self)
        #expect(try employer.providedEmployee() !== employer.providedEmployee())
        #expect(try employer.employee.providedCustomer() !== employer.providedCustomer())
    }

    /// With `.singleton`, every call of a provider hands out the one instance.
    @Test func singletonProviderCallsAreTheSame() throws {
        let container = Container { SpEmploymentModule(scope: .singleton) }
        _ = try container.resolve(SpEmployee.self)
        let employer = try container.resolve(SpEmployer.self)
        #expect(try employer.providedEmployee() === employer.providedEmployee())
        #expect(try employer.employee.providedCustomer() === employer.providedCustomer())
    }

    /// A `Provider` is resolved with a name for its values.
    @Test func providerWithAName() throws {
        let container = Container()
        container.register(SpDog.self, name: "Hachi") { SpDog(name: "Hachi") }
        let provider = try container.resolve(Provider<SpDog>.self, name: "Hachi")
        #expect(try provider().name == "Hachi")
    }

    /// A `Provider` asked under a name nothing is registered with fails (when resolved or called).
    @Test func providerWithAWrongNameFails() throws {
        let container = Container()
        container.register(SpDog.self, name: "Hachi") { SpDog() }
        #expect(throws: ResolutionError.self) {
            let provider = try container.resolve(Provider<SpDog>.self, name: "Mimi")
            _ = try provider()
        }
    }

    /// A `Provider` of a forwarded type calls the registration behind it.
    @Test func providerOfAForwardedType() throws {
        let container = Container()
        container.register(SpDog.self) { SpDog() }.forwarding((any SpAnimal).self)
        let provider = try container.resolve(Provider<any SpAnimal>.self)
        #expect(try provider() is SpDog)
    }

    /// A provided `.graph` employer has its cycle closed on itself.
    @Test func providedGraphRootIsConsistent() throws {
        let container = Container { SpEmploymentModule(scope: .graph) }
        let employer = try container.resolve(Provider<SpEmployer>.self)()
        #expect(employer.employee.employer === employer)
    }

    /// A `.graph` employee provided later belongs to a new graph, with a new employer.
    @Test func providedGraphInstancesAreNewGraphs() throws {
        let container = Container { SpEmploymentModule(scope: .graph) }
        let employer = try container.resolve(SpEmployer.self)
        let employee = try employer.providedEmployee()
        #expect(employee.employer != nil)
        #expect(employee.employer !== employer)
    }
}
