import Testing

@testable import Syringe

/// A view model that resolves its dependencies when initialised, and that nobody registers.
final class ConsumerModel {}

extension ConsumerModel: InjectionConsumer {
    static var injectedDependencies: InjectedDependencies {
        InjectedDependencies(
            [DeclaredDependency(InjCar.self), DeclaredDependency(InjClock.self, name: "utc")],
            fileID: "App/ConsumerModel.swift", line: 7)
    }
}

final class AsyncConsumer {}

extension AsyncConsumer: InjectionConsumer {
    static var injectedDependencies: InjectedDependencies {
        InjectedDependencies([DeclaredDependency(InjDatabase.self), DeclaredDependency(Lazy<InjClock>.self)])
    }
}

@Suite("Graph: verify(consumers:) checks what unregistered types need")
struct VerifyConsumersTests {
    @Test func declaredDependenciesOfAConsumerCarryNamesAndKinds() {
        let needs = ConsumerModel.injectedDependencies
        #expect(needs.dependencies.map(\.description) == ["InjCar", "InjClock (name: \"utc\")"])
        #expect(needs.fileID == "App/ConsumerModel.swift" && needs.line == 7)
        #expect(DeclaredDependency(Lazy<InjReport>.self).kind == .lazy)
        #expect(DeclaredDependency(Provider<InjReport>.self, name: "x").key == Key(InjReport.self, name: "x"))
    }

    @Test func theNeedsTellWhereTheConsumerIsDeclared() {
        let needs = InjectedDependencies([DeclaredDependency(Int.self)], fileID: "App/Garage.swift", line: 12)
        #expect("\(needs.fileID):\(needs.line)" == "App/Garage.swift:12")
        let here = InjectedDependencies([])
        #expect(here.fileID == "SyringeTests/VerifyConsumersTests.swift" && here.line == #line - 1)
    }

    @Test func aConsumerWhoseNeedsAreRegisteredPassesAndIsNotRegistered() throws {
        let container = Container()
        container.register((any InjEngine).self, using: InjV8.init)
        container.register(InjWheel.self, using: InjWheel.init)
        container.register(InjCar.self)
        container.register(InjClock.self, name: "utc") { InjClock() }
        let report = try container.verify(consumers: [ConsumerModel.self, ConsumerModel.self])
        #expect(report.description == "verified 3 of 4 registrations; 1 opaque: `InjClock (name: \"utc\")`")
        #expect(!container.isRegistered(ConsumerModel.self))
        #expect(container.registrations.count == 4)
    }

    @Test func missingNeedsAreReportedFromTheConsumerWithItsPlaceAndTheGraphsOwnProblemsToo() throws {
        let container = Container()
        container.register(InjWheel.self, using: InjWheel.init)
        container.register(InjCar.self)
        do {
            try container.verify(consumers: [ConsumerModel.self])
            Issue.record("verify(consumers:) found no problem")
        } catch let error as ResolutionError {
            let problems = error.errors.map(\.description)
            // InjCar's missing engine once, whoever reaches it; the consumer's own need with its place.
            #expect(problems.count == 2)
            #expect(problems.contains { $0.contains("InjCar → any InjEngine") && !$0.contains("ConsumerModel") })
            #expect(
                problems.contains {
                    $0.contains("cannot resolve `InjClock` named \"utc\" (no registration)")
                        && $0.contains("ConsumerModel → InjClock") && $0.contains("App/ConsumerModel.swift:7")
                })
        }
    }

    @Test func anAsyncNeedIsReportedAndASatisfiedLazyOneIsNot() throws {
        let container = Container()
        container.register(InjClock.self, using: InjClock.init)
        container.register(InjDatabase.self)
        do {
            try container.verify(consumers: [AsyncConsumer.self])
            Issue.record("verify(consumers:) found no problem")
        } catch let error as ResolutionError {
            let problems = error.errors.map(\.description)
            #expect(problems.count == 1)
            #expect(problems.first?.contains("AsyncConsumer → InjDatabase") == true)
        }
    }
}
