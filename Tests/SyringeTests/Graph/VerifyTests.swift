import Testing

@testable import Syringe

/// The problems `verify()` throws, by rule.
func verifyProblems(
    _ container: Container, roots: [any Any.Type]? = nil, fileID: StaticString = #fileID, line: UInt = #line,
    sourceLocation: SourceLocation = #_sourceLocation
) -> [String] {
    do {
        if let roots {
            try container.verify(roots: roots, fileID: fileID, line: line)
        } else {
            try container.verify(fileID: fileID, line: line)
        }
        Issue.record("verify() found no problem", sourceLocation: sourceLocation)
        return []
    } catch let error as ResolutionError {
        #expect(error.code == .multiple, sourceLocation: sourceLocation)
        return error.errors.map(\.description)
    } catch {
        Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
        return []
    }
}

@Suite("Graph: verify() finds what is missing, cyclic or unused")
struct VerifyTests {
    let file = "SyringeTests/VerifyTests.swift"

    @Test func aSoundGraphReturnsTheCoverageLineAndRunsNoFactory() throws {
        let runs = FactoryRuns()
        let container = Container()
        container.register((any Engine).self, using: V8Engine.init)
        container.register((any Transmission).self, scope: .singleton, using: ManualTransmission.init)
        container.register(Car.self, scope: .singleton, using: Car.init)
        container.register(Lamp.self) { runs.lamp() }
        container.register(
            Desk.self,
            using: { (lamp: Lamp) in
                _ = runs.lamp(); return Desk(lamp: lamp)
            })
        let report = try container.verify()
        #expect(report.description == "verified 4 of 5 registrations; 1 opaque: `Lamp`")
        #expect(report.verified == 4 && report.registrations == 5 && report.opaque == [Key(Lamp.self)])
        #expect(runs.count == 0)
        #expect(try container.verify(roots: [Car.self, Desk.self]).description == report.description)
        #expect(runs.count == 0)
    }

    @Test func theCoverageLineNamesTenOpaqueRegistrationsAtMost() throws {
        let container = Container()
        for index in 0..<12 { container.register(Lamp.self, name: "lamp \(index)") { Lamp() } }
        container.register(Desk.self, using: Desk.init)
        container.register(Lamp.self, using: Lamp.init)
        let names = (0..<10).map { "`Lamp (name: \"lamp \($0)\")`" }.joined(separator: ", ")
        #expect(try container.verify().description == "verified 2 of 14 registrations; 12 opaque: \(names), and 2 more")
    }

    @Test func aCarMissingTwoDependenciesReportsBothWithNearMisses() throws {
        let container = Container()
        container.register((any EngineProtocol).self) { V8Engine() }
        container.register(Car.self, using: Car.init)
        let line = #line - 1
        let error = #expect(throws: ResolutionError.self) { try container.verify() }
        #expect(
            error?.errors.map(\.path) == [
                [Key(Car.self), Key((any Engine).self)], [Key(Car.self), Key((any Transmission).self)],
            ])
        #expect(
            error?.description == """
                Syringe: verify() found 2 problems (verified 1 of 2 registrations; 1 opaque: `any EngineProtocol`).
                  1. cannot resolve `any Engine` (no registration).
                      while resolving  Car → any Engine
                      requested at  \(file):\(line)
                      registered nearby: `any EngineProtocol`
                      fix: container.register((any Engine).self) { … }, or inject `any EngineProtocol` instead.
                  2. cannot resolve `any Transmission` (no registration).
                      while resolving  Car → any Transmission
                      requested at  \(file):\(line)
                      fix: container.register((any Transmission).self) { … }.
                  fix: fix the problems above (each names the registration to change), then run verify() again; \
                nothing was built.
                """)
    }

    @Test func aDependencyRegisteredWithArgumentsIsAMismatch() throws {
        let container = Container()
        container.register(Lamp.self) { (_: Resolution, watts: Int) in Lamp() }
        container.register(Desk.self, using: Desk.init)
        let line = #line - 1
        #expect(
            verifyProblems(container) == [
                """
                Syringe: cannot resolve `Lamp` without arguments (registered with other arguments).
                  while resolving  Desk → Lamp
                  requested at  \(file):\(line)
                  registered nearby: `Lamp (arguments: Int)`
                  fix: pass arguments of types (Int): resolve(Lamp.self, arguments: …), or register a factory that \
                takes no arguments.
                """
            ])
    }

    @Test func cyclesAreReportedWholeAndLazyBreaksThem() throws {
        let container = Container()
        let line = #line + 1
        container.register(Hen.self, using: Hen.init)
        container.register(Egg.self, using: Egg.init)
        container.register(Tick.self, using: Tick.init)
        container.register(Tock.self, using: Tock.init)
        container.register(Tack.self, using: Tack.init)
        container.register(Rock.self, using: Rock.init)
        container.register(Paper.self, using: Paper.init)
        container.register(Scissors.self, using: Scissors.init)
        let fix =
            "(resolved when first used), or register one side with scope: .graph and set its back-reference in "
            + ".onCreated { instance, r in … }."
        #expect(
            verifyProblems(container) == [
                """
                Syringe: dependency cycle among declared dependencies: Hen → Egg → Hen.
                  while resolving  Hen → Egg → Hen
                  registered at  \(file):\(line)
                  fix: break the cycle with a deferred parameter: let `Egg` take Lazy<Hen> or Provider<Hen> \(fix)
                """,
                """
                Syringe: dependency cycle among declared dependencies: Tick → Tock → Tack → Tick.
                  while resolving  Tick → Tock → Tack → Tick
                  registered at  \(file):\(line + 2)
                  fix: break the cycle with a deferred parameter: let `Tack` take Lazy<Tick> or Provider<Tick> \(fix)
                """,
            ])
    }

    @Test func aRegistrationThatNeedsItselfIsACycle() throws {
        let container = Container()
        container.register(Hen.self, using: { (hen: Hen) in hen })
        let error = #expect(throws: ResolutionError.self) { try container.verify() }
        #expect(error?.errors.map(\.summary) == ["dependency cycle among declared dependencies: Hen → Hen."])
    }

    @Test func rootsReportWhatNothingReachesAndMissingRoots() throws {
        let container = Container()
        let line = #line + 1
        container.register((any Engine).self, using: V8Engine.init)
        container.register((any Transmission).self) { ManualTransmission() }
        container.register(Car.self) { r in Car(engine: try r.resolve(), transmission: try r.resolve()) }
        container.register(Lamp.self, using: Lamp.init)
        container.register(Bell.self, using: Bell.init)
        container.register(Door.self, using: Door.init)
        let verifyLine = #line + 1
        let problems = verifyProblems(container, roots: [Car.self, Door.self, Hen.self])
        func unreachable(_ key: String, at line: Int) -> String {
            """
            Syringe: `\(key)` is registered, but no root reaches it (roots: Car, Door, Hen).
              registered at  \(file):\(line)
              fix: remove the registration if nothing uses it, or add `\(key)` to the roots; if a closure \
            registration resolves it, declare that registration's dependencies with using: (the roots reach 1 \
            opaque: `Car`).
            """
        }
        #expect(
            problems == [
                """
                Syringe: cannot resolve `Hen` (no registration).
                  while resolving  Hen
                  requested at  \(file):\(verifyLine)
                  fix: container.register(Hen.self) { … }.
                """,
                unreachable("any Engine", at: line),
                unreachable("any Transmission", at: line + 1),
                unreachable("Lamp", at: line + 3),
            ])
    }

    @Test func aGraphWithoutOpaqueRegistrationsSaysNothingMoreAboutUnreachableOnes() throws {
        let container = Container()
        container.register(Desk.self, using: Desk.init)
        container.register(Lamp.self, using: Lamp.init)
        let line = #line + 1
        container.register(Bell.self, using: Bell.init)
        let error = #expect(throws: ResolutionError.self) { try container.verify(roots: [Desk.self]) }
        #expect(error?.code == .multiple)
        #expect(error?.errors.map(\.code) == [.unreachable])
        #expect(error?.errors.first?.key == Key(Bell.self))
        #expect(
            error?.errors.first?.description == """
                Syringe: `Bell` is registered, but no root reaches it (roots: Desk).
                  registered at  \(file):\(line)
                  fix: remove the registration if nothing uses it, or add `Bell` to the roots.
                """)
    }

    @Test func deferredEdgesReachToo() throws {
        let container = Container()
        container.register(Archive.self, using: Archive.init)
        container.register(Clerk.self, using: Clerk.init)
        container.register(Desk.self, using: Desk.init)
        container.register(Lamp.self, using: Lamp.init)
        #expect(try container.verify(roots: [Archive.self]).verified == 4)
    }
}
