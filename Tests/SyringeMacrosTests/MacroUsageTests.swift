#if Macros
import Observation
import SyringeMacros
import Testing

/// A container with what the fixtures need, as an app registers it.
func garage() -> Container {
    let container = Container()
    container.register((any Engine).self, using: V8.init)
    container.register((any Transmission).self, using: Manual.init)
    container.register((any Transmission).self, name: "rear", using: Automatic.init)
    container.register(Logger.self, scope: .singleton, using: Logger.init)
    container.register((any Clock).self, using: UTCClock.init)
    container.register((any Clock).self, name: "utc", using: UTCClock.init)
    container.register(Car.self)
    container.register(Greeter.self)
    return container
}

@Suite("Macros: @Injectable, @Inject and @InjectionConsumer in a plain module")
struct MacroUsageTests {
    @Test func anInjectableTypeIsADeclaredRegistrationWithItsScopeNamesAndPlace() throws {
        let container = garage()
        let line = #line + 1
        container.register(Car.self, name: "mine")
        let car = try #require(container.registrations.first { $0.key == Key(Car.self) })
        #expect(car.scope == .singleton)
        #expect(
            car.dependencies?.map(\.key)
                == [Key((any Engine).self), Key((any Transmission).self, name: "rear"), Key(Lazy<Logger>.self)])
        let mine = try #require(container.registrations.last)
        #expect(mine.key == Key(Car.self, name: "mine"))
        #expect(mine.fileID == "\(#fileID)" && mine.line == line)
        #expect(try container.verify().description.hasPrefix("verified 9 of 9 registrations"))
        let resolved = try container.resolve(Car.self)
        #expect(resolved.engine.name == "V8" && resolved.transmission.kind == "automatic")
        #expect(try container.resolve(Car.self) === resolved)
        #expect(try resolved.logger.value === (try container.resolve(Logger.self)))
    }

    @Test func verifyFindsAMissingNamedDependencyWithoutBuildingAnything() throws {
        let container = Container()
        container.register((any Engine).self, using: V8.init)
        container.register(Logger.self, using: Logger.init)
        container.register(Car.self)
        do {
            try container.verify()
            Issue.record("verify() passed without `any Transmission` named \"rear\"")
        } catch let error as ResolutionError {
            #expect(error.errors.map(\.description).contains { $0.contains("Car → any Transmission (name: \"rear\")") })
        }
    }

    @Test func runTimeArgumentsArePassedToTheInitializer() throws {
        let container = garage()
        let greeter = try container.resolve(Greeter.self, arguments: "Ada")
        #expect(greeter.greet() == "Hello, Ada (UTC)")
        #expect(container.registrations.first { $0.key.serviceType == Greeter.self }?.dependencies?.count == 1)
        #expect(throws: ResolutionError.self) { try container.resolve(Greeter.self) }
    }

    @Test func asyncOptionalDeferredGenericAndParameterlessInitializersRegister() async throws {
        let container = garage()
        container.register(Database.self)
        container.register(Report.self)
        container.register(Checkout.self)
        container.register(Receipt.self)
        container.register(Counter.self)
        container.register(Int.self) { 7 }
        container.register(Box<Int>.self)
        container.register(Ledger.self)
        let database = try await container.resolveAsync(Database.self)
        #expect(try await container.resolveAsync(Report.self, arguments: 2).database === database)
        let checkout = try container.resolve(Checkout.self)
        #expect(checkout.logger != nil)
        #expect(try checkout.receipts() !== (try checkout.receipts()))
        #expect(try container.resolve(Counter.self).start == 0)
        #expect(try container.resolve(Box<Int>.self).value == 7)
        #expect(try container.resolve(Ledger.self) === (try container.resolve(Ledger.self)))
        #expect(container.registrations.first { $0.key == Key(Database.self) }?.execution == .async)
        let checked = try container.verify()
        #expect(checked.opaque == [Key(Int.self)])
    }

    @MainActor @Test func aMainActorInitializerMakesAMainActorRegistration() throws {
        let container = garage()
        container.register((any APIClient).self, using: LiveAPI.init)
        container.register(ProfileScreen.self)
        #expect(container.registrations.last?.execution == .mainActor)
        #expect(try container.resolve(ProfileScreen.self).api.host == "api.example.com")
    }

    @Test func injectResolvesWhenTheOwnerIsInitialisedEvenWhereWrappersCannotGo() async throws {
        try await Container.withOverrides {
            $0.register((any Engine).self, using: V8.init)
            $0.register((any Transmission).self, name: "rear", using: Automatic.init)
            $0.register(Logger.self, using: Logger.init)
            $0.register((any Clock).self, name: "utc", using: UTCClock.init)
            $0.register(Car.self)
        } operation: {
            let dashboard = Dashboard()
            let car = try Container.shared.resolve(Car.self)
            #expect(dashboard.car === car)
            #expect(dashboard.clock.zone == "UTC")
            let mechanic = Mechanic()
            #expect(mechanic.car === dashboard.car)
            #expect(await mechanic.hostname() == "api.example.com")
            #expect(Trip(miles: 3).car === dashboard.car)
        }
    }

    @Test func anObservableModelKeepsObservingItsOtherProperties() async throws {
        await Container.withOverrides { container in
            container.register((any Engine).self, using: V8.init)
            container.register((any Transmission).self, name: "rear", using: Automatic.init)
            container.register(Logger.self, using: Logger.init)
            container.register(Car.self)
        } operation: {
            let model = GarageModel()
            #expect(model.car.engine.name == "V8" && model.api.host == "api.example.com")
            let (changes, change) = AsyncStream<String>.makeStream()
            withObservationTracking {
                _ = model.visits
                _ = model.car
            } onChange: {
                change.yield("visits")
            }
            model.visits += 1
            change.finish()
            var seen: [String] = []
            for await name in changes { seen.append(name) }
            #expect(seen == ["visits"])
            #expect(model.visits == 1)
        }
    }

    @Test func verifyConsumersChecksWhatUnregisteredTypesNeed() throws {
        let container = garage()
        let report = try container.verify(consumers: [GarageModel.self, Dashboard.self])
        #expect(report.registrations == 8)
        #expect(!container.isRegistered(GarageModel.self))
        #expect(GarageModel.injectedDependencies.dependencies.map(\.key) == [Key(Car.self)])
        #expect(
            Dashboard.injectedDependencies.dependencies.map(\.key)
                == [Key(Car.self), Key((any Clock).self, name: "utc")])
        let bare = Container()
        bare.register(Car.self)
        do {
            try bare.verify(consumers: [Dashboard.self])
            Issue.record("verify(consumers:) passed without a clock")
        } catch let error as ResolutionError {
            let problems = error.errors.map(\.description)
            #expect(problems.contains { $0.contains("Dashboard → any Clock (name: \"utc\")") })
            let module = "\(#fileID)".prefix { $0 != "/" }
            #expect(problems.contains { $0.contains("\(module)/Fixtures.swift:") })
        }
    }
}
#endif
