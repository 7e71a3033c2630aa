import Testing

@testable import Syringe

final class CycleA: Sendable {
    let next: CycleB?
    init(_ next: CycleB?) { self.next = next }
}
final class CycleB: Sendable {
    let next: CycleC?
    init(_ next: CycleC?) { self.next = next }
}
final class CycleC: Sendable {
    let next: CycleA?
    init(_ next: CycleA?) { self.next = next }
}

// @unchecked Sendable: a base class without state, for the inheritance near misses.
private class Vehicle: @unchecked Sendable {}
private final class SportsCar: Vehicle, @unchecked Sendable {}

// @unchecked Sendable: test fixtures whose back-references are set once, by the hook that builds them.
private final class Employee: @unchecked Sendable {
    var employer: Employer?
    var lazyEmployer: Lazy<Employer>?
}
private final class Employer: Sendable {
    let employee: Employee
    init(employee: Employee) { self.employee = employee }
}

@Suite("ResolutionError: codes and messages")
struct ResolutionErrorTests {
    @Test func missingRegistrationNamesThePathSimilarTypesAndAFix() throws {
        let container = Container()
        container.register((any EngineProtocol).self) { V8Engine() }
        container.register(V8Engine.self) { V8Engine() }
        container.register((any Transmission).self) { ManualTransmission() }
        container.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        let registeredLine = #line - 1
        do {
            _ = try container.resolve(Car.self)
            Issue.record("expected an error")
        } catch let error as ResolutionError {
            #expect(error.code == .notRegistered)
            #expect(error.path == [Key(Car.self), Key((any Engine).self)])
            #expect(error.fileID == "SyringeTests/ResolutionErrorTests.swift")
            #expect(error.line == registeredLine)
            #expect(
                error.description == """
                    Syringe: cannot resolve `any Engine` (no registration).
                      while resolving  Car → any Engine
                      requested at  SyringeTests/ResolutionErrorTests.swift:\(registeredLine)
                      registered nearby: `V8Engine`, `any EngineProtocol`
                      fix: container.register((any Engine).self) { … }, or add .forwarding((any Engine).self) to the \
                    registration of `V8Engine`, which conforms.
                    """)
        }
    }

    @Test func missingNamedRegistrationSuggestsTheOtherNames() throws {
        let container = Container()
        container.register((any Token).self, name: "staging") { StagingToken() }
        let line = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.resolve((any Token).self, name: "prod") }
        #expect(error?.code == .notRegistered)
        #expect(
            error?.description == """
                Syringe: cannot resolve `any Token` named "prod" (no registration).
                  while resolving  any Token (name: "prod")
                  requested at  SyringeTests/ResolutionErrorTests.swift:\(line)
                  registered nearby: `any Token (name: "staging")`
                  fix: container.register((any Token).self, name: "prod") { … }, or resolve name: "staging".
                """)
    }

    @Test func aMistypedNameAsksDidYouMean() throws {
        let container = Container()
        container.register(Service.self) { Service() }
        container.register(Service.self, name: "primary") { Service(id: 1) }
        container.register(Service.self, name: "primary") { (_, id: Int) in Service(id: id) }
        let line = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self, name: "Primry") }
        #expect(error?.code == .notRegistered)
        #expect(
            error?.description == """
                Syringe: cannot resolve `Service` named "Primry" (no registration).
                  while resolving  Service (name: "Primry")
                  requested at  SyringeTests/ResolutionErrorTests.swift:\(line)
                  registered nearby: `Service`, `Service (name: "primary")`, `Service (name: "primary") (arguments: Int)`
                  fix: did you mean name: "primary"? Otherwise container.register(Service.self, name: "Primry") { … }.
                """)
        // A name that is not close gets no guess.
        let far = #expect(throws: ResolutionError.self) { try container.resolve(Service.self, name: "backup") }
        #expect(far?.fix.contains("did you mean") == false)
    }

    /// The most common reason a protocol finds nothing: its implementation is registered under its own type.
    @Test func aProtocolNamesTheRegisteredTypesThatConformToIt() throws {
        let container = Container()
        container.register(StagingToken.self) { StagingToken() }
        container.register(Service.self) { Service() }
        let line = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.resolve((any Token).self) }
        #expect(
            error?.description == """
                Syringe: cannot resolve `any Token` (no registration).
                  while resolving  any Token
                  requested at  SyringeTests/ResolutionErrorTests.swift:\(line)
                  registered nearby: `StagingToken`
                  fix: container.register((any Token).self) { … }, or add .forwarding((any Token).self) to the \
                registration of `StagingToken`, which conforms.
                """)
    }

    /// The mirror image: a concrete type asked for, registered only as a protocol it conforms to.
    @Test func aConcreteTypeNamesTheRegisteredProtocolsItConformsTo() throws {
        let container = Container()
        container.register((any Token).self) { StagingToken() }
        container.register(Service.self) { Service() }
        let line = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.resolve(StagingToken.self) }
        #expect(
            error?.description == """
                Syringe: cannot resolve `StagingToken` (no registration).
                  while resolving  StagingToken
                  requested at  SyringeTests/ResolutionErrorTests.swift:\(line)
                  registered nearby: `any Token`
                  fix: container.register(StagingToken.self) { … }, or resolve (any Token).self, which `StagingToken` \
                conforms to: a registration answers for the type it names, not for each type its factory may build.
                """)
        // A protocol the type does not conform to is no near miss.
        let unrelated = #expect(throws: ResolutionError.self) { try container.resolve(Service.self, name: "x") }
        #expect(unrelated?.nearMisses.contains("any Token") == false)
    }

    /// Classes the same way: a subclass registered and its base asked for, and the reverse.
    @Test func aClassNamesTheRegisteredSubclassesAndSuperclasses() throws {
        let container = Container()
        container.register(SportsCar.self) { SportsCar() }
        container.register(Vehicle.self, name: "fleet") { Vehicle() }
        let baseLine = #line + 1
        let base = #expect(throws: ResolutionError.self) { try container.resolve(Vehicle.self) }
        #expect(
            base?.description == """
                Syringe: cannot resolve `Vehicle` (no registration).
                  while resolving  Vehicle
                  requested at  SyringeTests/ResolutionErrorTests.swift:\(baseLine)
                  registered nearby: `SportsCar`, `Vehicle (name: "fleet")`
                  fix: container.register(Vehicle.self) { … }, or resolve name: "fleet".
                """)
        container.removeAll()
        container.register(SportsCar.self) { SportsCar() }
        let onlySub = #expect(throws: ResolutionError.self) { try container.resolve(Vehicle.self) }
        #expect(
            onlySub?.fix == "container.register(Vehicle.self) { … }, or add .forwarding(Vehicle.self) to the "
                + "registration of `SportsCar`, which inherits from it.")
        container.removeAll()
        container.register(Vehicle.self) { SportsCar() }
        let sub = #expect(throws: ResolutionError.self) { try container.resolve(SportsCar.self) }
        #expect(sub?.nearMisses == ["Vehicle"])
        #expect(
            sub?.fix == "container.register(SportsCar.self) { … }, or resolve Vehicle.self, which `SportsCar` "
                + "inherits from: a registration answers for the type it names, not for each type its factory may "
                + "build.")
        // A class is not its own subclass, and an unrelated class is no near miss.
        container.register(Service.self) { Service() }
        let unrelated = #expect(throws: ResolutionError.self) { try container.resolve(Vehicle.self, name: "x") }
        #expect(unrelated?.nearMisses.contains("Service") == false)
    }

    @Test func wrongArgumentTypesAreAnArgumentMismatch() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String, times: Int) in Greeter(name, times) }
        let line = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Greeter.self, arguments: "Ada") }
        #expect(error?.code == .argumentMismatch)
        #expect(
            error?.description == """
                Syringe: cannot resolve `Greeter` with arguments (String) (registered with other arguments).
                  while resolving  Greeter (arguments: String)
                  requested at  SyringeTests/ResolutionErrorTests.swift:\(line)
                  registered nearby: `Greeter (arguments: String, Int)`
                  fix: pass arguments of types (String, Int): resolve(Greeter.self, arguments: …), or register a \
                factory that takes (String).
                """)
        // Under a name, the fix's call keeps it.
        container.register(Greeter.self, name: "loud") { (_, name: String) in Greeter(name, 3) }
        let named = #expect(throws: ResolutionError.self) {
            try container.resolve(Greeter.self, name: "loud", arguments: 3)
        }
        #expect(
            named?.fix == "pass arguments of types (String): resolve(Greeter.self, name: \"loud\", arguments: …), or "
                + "register a factory that takes (Int).")
    }

    @Test func resolvingWithoutArgumentsWhatNeedsThemIsAnArgumentMismatch() throws {
        let container = Container()
        container.register(Greeter.self) { (_, name: String, times: Int) in Greeter(name, times) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Greeter.self) }
        #expect(error?.code == .argumentMismatch)
        #expect(error?.summary == "cannot resolve `Greeter` without arguments (registered with other arguments).")
    }

    @Test func aCycleNamesTheWholeChainAtItsFirstRepeat() throws {
        let container = Container()
        container.register(CycleA.self) { r in CycleA(try r.resolve()) }
        let aLine = #line - 1
        container.register(CycleB.self) { r in CycleB(try r.resolve()) }
        container.register(CycleC.self) { r in CycleC(try r.resolve()) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(CycleA.self) }
        #expect(error?.code == .cycle)
        #expect(error?.path.map(\.description) == ["CycleA", "CycleB", "CycleC", "CycleA"])
        #expect(
            error?.description == """
                Syringe: cannot resolve `CycleA`: dependency cycle CycleA → CycleB → CycleC → CycleA.
                  while resolving  CycleA → CycleB → CycleC → CycleA
                  registered at  SyringeTests/ResolutionErrorTests.swift:\(aLine)
                  fix: break the cycle: register one side with scope: .graph and set its back-reference in \
                .onCreated { instance, r in … } instead of in its factory.
                """)
    }

    /// Swinject's EmploymentAssembly with `.container` scope: the employee's hook asks for the employer, whose factory
    /// is building that employee. The error says that a hook closed the cycle too early, and each fix it names works.
    @Test func aCycleClosedByAHookBeforeTheOtherFactoryReturnedSaysSoAndEachFixWorks() throws {
        let container = Container()
        container.register(Employee.self, scope: .singleton) { Employee() }
            .onCreated { employee, r in employee.employer = try r.resolve(Employer.self) }
        container.register(Employer.self, scope: .singleton) { r in Employer(employee: try r.resolve()) }
        let employerLine = #line - 1
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Employer.self) }
        #expect(error?.code == .cycle)
        #expect(
            error?.description == """
                Syringe: cannot resolve `Employer`: dependency cycle Employer → Employee → Employer: the .onCreated \
                hook of `Employee` asks for `Employer`, whose factory has not returned yet.
                  while resolving  Employer → Employee → Employer
                  registered at  SyringeTests/ResolutionErrorTests.swift:\(employerLine)
                  fix: resolve `Employee` first (a hook closes a cycle back to an instance whose factory has \
                returned), register both with scope: .graph, or give `Employee` a Lazy<Employer> and read it once \
                both exist.
                """)
        // The failed resolve kept nothing half-built: resolving the side with the hook first closes the cycle.
        let employee = try container.resolve(Employee.self)
        let employer = try container.resolve(Employer.self)
        #expect(employee.employer === employer && employer.employee === employee)

        let graph = Container()
        graph.register(Employee.self, scope: .graph) { Employee() }
            .onCreated { employee, r in employee.employer = try r.resolve(Employer.self) }
        graph.register(Employer.self, scope: .graph) { r in Employer(employee: try r.resolve()) }
        let graphEmployer = try graph.resolve(Employer.self)
        #expect(graphEmployer.employee.employer === graphEmployer)

        let lazy = Container()
        lazy.register(Employee.self, scope: .singleton) { Employee() }
            .onCreated { employee, r in employee.lazyEmployer = try r.resolve(Lazy<Employer>.self) }
        lazy.register(Employer.self, scope: .singleton) { r in Employer(employee: try r.resolve()) }
        let lazyEmployer = try lazy.resolve(Employer.self)
        #expect(try lazyEmployer.employee.lazyEmployer?.value === lazyEmployer)
    }

    /// The same cycle through async factories and an async hook: the async engine names the hook as well.
    @Test func anAsyncCycleClosedByAHookTooEarlySaysSo() async throws {
        let container = Container()
        container.register(Employee.self, scope: .singleton) { () async -> Employee in Employee() }
            .onCreated { employee, r async throws in employee.employer = try await r.resolveAsync(Employer.self) }
        container.register(Employer.self, scope: .singleton) { r async throws in
            Employer(employee: try await r.resolveAsync())
        }
        let error = await #expect(throws: ResolutionError.self) { try await container.resolveAsync(Employer.self) }
        #expect(error?.code == .cycle)
        #expect(
            error?.summary == "cannot resolve `Employer`: dependency cycle Employer → Employee → Employer: the "
                + ".onCreated hook of `Employee` asks for `Employer`, whose factory has not returned yet.")
        let employee = try await container.resolveAsync(Employee.self)
        #expect(try await container.resolveAsync(Employer.self) === employee.employer)
    }

    @Test func aCycleInsideAPathShowsTheLeadAndTheLoop() throws {
        let container = Container()
        container.register(Service.self) { r in
            _ = try r.resolve(CycleB.self)
            return Service()
        }
        container.register(CycleB.self) { r in CycleB(try r.resolve()) }
        container.register(CycleC.self) { r in
            _ = try r.resolve(CycleB.self)
            return CycleC(nil)
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
        #expect(error?.summary == "cannot resolve `CycleB`: dependency cycle CycleB → CycleC → CycleB.")
        #expect(error?.path.map(\.description) == ["Service", "CycleB", "CycleC", "CycleB"])
    }

    @Test func aCycleThroughDefaultArgumentsIsReportedNotAStackOverflow() throws {
        final class Loop: Sendable {
            init(next: Loop = Container.shared.resolved(name: "ResolutionErrorTests.loop")) {}
        }
        let container = Container()
        container.register(Loop.self, name: "loop") { Loop(next: try container.resolve(name: "loop")) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Loop.self, name: "loop") }
        #expect(error?.code == .cycle)
        #expect(error?.path.count == 2)
    }

    @Test func aThrowingFactoryIsFactoryFailedWithTheUnderlyingError() throws {
        let container = Container()
        container.register((any Engine).self) { () throws -> any Engine in throw Failure(reason: "no fuel") }
        let line = #line - 1
        container.register(Car.self) { r in Car(engine: try r.resolve(), transmission: ManualTransmission()) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Car.self) }
        #expect(error?.code == .factoryFailed)
        #expect((error?.underlyingError as? Failure)?.reason == "no fuel")
        #expect(
            error?.description == """
                Syringe: cannot resolve `any Engine`: its factory threw Failure(no fuel).
                  while resolving  Car → any Engine
                  registered at  SyringeTests/ResolutionErrorTests.swift:\(line)
                  fix: make the factory registered at SyringeTests/ResolutionErrorTests.swift:\(line) succeed, or \
                catch the error where you resolve (the original is `underlyingError`).
                """)
    }

    @Test func aThrowingOnCreatedHookIsFactoryFailedAndNamesTheHook() throws {
        let container = Container()
        let line = #line + 1
        container.register(Service.self) { Service() }.onCreated { _, _ in throw Failure(reason: "hook") }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
        #expect(error?.code == .factoryFailed)
        #expect(
            error?.description == """
                Syringe: cannot resolve `Service`: its onCreated hook threw Failure(hook).
                  while resolving  Service
                  registered at  SyringeTests/ResolutionErrorTests.swift:\(line)
                  fix: make the onCreated hook at SyringeTests/ResolutionErrorTests.swift:\(line) succeed, or catch \
                the error where you resolve (the original is `underlyingError`); nothing it was building is kept.
                """)
    }

    /// A factory that stops because its task was cancelled is a cancellation, not a failure to fix: a server that
    /// ignores `.cancelled` does not log every dropped request's resolve as a broken factory.
    @Test func aFactoryThatStopsWithCancellationErrorIsCancelled() async throws {
        let container = Container()
        container.register((any Engine).self) { () async throws -> any Engine in
            try Task.checkCancellation()
            return V8Engine()
        }
        let line = #line - 4
        container.register(Car.self) { r async throws in
            Car(engine: try await r.resolveAsync(), transmission: ManualTransmission())
        }
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await container.resolveAsync(Car.self)
        }
        let error = await #expect(throws: ResolutionError.self) { try await task.value }
        #expect(error?.code == .cancelled)
        #expect(error?.underlyingError is CancellationError)
        #expect(
            error?.description == """
                Syringe: cannot resolve `any Engine`: its factory stopped with CancellationError().
                  while resolving  Car → any Engine
                  registered at  SyringeTests/ResolutionErrorTests.swift:\(line)
                  fix: nothing, if the task was cancelled on purpose: the instance is not kept, and the next resolve \
                builds it again; otherwise find who cancelled the task (`underlyingError` is the CancellationError).
                """)
        // Not cancelled, the same registrations build.
        #expect(try await container.resolveAsync(Car.self).engine.name == "V8")
    }

    @Test func aSynchronousFactoryOrHookThatThrowsCancellationErrorIsCancelled() throws {
        let container = Container()
        container.register(Service.self) { () throws -> Service in throw CancellationError() }
        container.register(Service.self, name: "hooked") { Service() }.onCreated { _, _ in throw CancellationError() }
        let line = #line - 1
        let factory = #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
        #expect(factory?.code == .cancelled)
        let hook = #expect(throws: ResolutionError.self) { try container.resolve(Service.self, name: "hooked") }
        #expect(hook?.code == .cancelled)
        #expect(hook?.underlyingError is CancellationError)
        #expect(hook?.summary.contains("its onCreated hook stopped with CancellationError()") == true)
        #expect(hook?.line == line)
    }

    @Test func codesAreDistinct() {
        let codes: [ResolutionError.Code] = [
            .notRegistered, .argumentMismatch, .cycle, .factoryFailed, .ambiguous, .asyncRequired, .typeMismatch,
            .mainActorRequired, .tooDeep, .captive, .shutDown, .cancelled, .disposeFailed, .unreachable, .multiple,
        ]
        #expect(Set(codes).count == codes.count)
        #expect(ResolutionError.Code.cycle.description == "cycle")
    }

    @Test func aFailedResolveLeavesTheContainerUsable() throws {
        let container = Container()
        let attempts = Counter()
        container.register(Service.self, scope: .singleton) {
            if attempts.increment() == 1 { throw Failure(reason: "first") }
            return Service(id: 7)
        }
        #expect(throws: ResolutionError.self) { try container.resolve(Service.self) }
        // No half-built singleton, no stuck build: the next resolve builds it.
        #expect(try container.resolve(Service.self).id == 7)
        #expect(try container.resolve(Service.self).id == 7)
        #expect(attempts.count == 2)
    }

    @Test func aCycleLeavesTheContainerUsable() throws {
        let container = Container()
        container.register(CycleA.self, scope: .singleton) { r in CycleA(try r.resolve()) }
        container.register(CycleB.self, scope: .singleton) { r in CycleB(try r.resolve()) }
        container.register(CycleC.self, scope: .singleton) { r in CycleC(try r.resolve()) }
        #expect(throws: ResolutionError.self) { try container.resolve(CycleA.self) }
        #expect(throws: ResolutionError.self) { try container.resolve(CycleB.self) }
        #expect(container.instances(of: Any.self).isEmpty)
        // Break the cycle: everything builds, and the singletons are kept.
        container.register(CycleC.self, scope: .singleton) { CycleC(nil) }
        let a = try container.resolve(CycleA.self)
        #expect(a.next === (try container.resolve(CycleB.self)))
        #expect(a.next?.next === (try container.resolve(CycleC.self)))
    }
}
