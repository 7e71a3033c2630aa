import Testing

@testable import Syringe

@Suite("Graph: registrations, removeAll, and build() and validate() with declared dependencies")
struct RegistrationsTests {
    let file = "SyringeTests/RegistrationsTests.swift"

    @Test func everyRegistrationIsDescribed() async throws {
        let container = Container()
        let line = #line + 1
        container.register(Car.self, scope: .singleton, using: Car.init)
        container.register(Lamp.self) { Lamp() }
        container.register(WindChime.self)
        container.register(V8Engine.self, using: V8Engine.init).forwarding((any Engine).self)
        container.register(Strongbox.self, using: Strongbox.open)
        container.register(Canvas.self, using: Canvas.init)
        container.register(Drawer.self, scope: .request, using: Drawer.init)
        #expect(
            container.registrations.map(\.description) == [
                "Car (.singleton) at \(file):\(line), using any Engine, any Transmission",
                "Lamp (.unique) at \(file):\(line + 1), opaque",
                "WindChime (.unique) at \(file):\(line + 2), no dependencies",
                "V8Engine (.unique) at \(file):\(line + 3), no dependencies",
                "any Engine (.unique) at \(file):\(line + 3), forwarding to V8Engine",
                "Strongbox (.unique) at \(file):\(line + 4), async, no dependencies",
                "Canvas (.unique) at \(file):\(line + 5), mainActor, no dependencies",
                "Drawer (Scope(\"request\")) at \(file):\(line + 6), using Lazy<Lamp>",
            ])
        let car = try #require(container.registrations.first)
        #expect(car.key == Key(Car.self) && car.scope == .singleton && car.execution == .synchronous)
        #expect(car.fileID == file && car.line == line && car.isDeclared)
        #expect(
            car.dependencies == [
                DeclaredDependency(key: Key((any Engine).self), kind: .direct),
                DeclaredDependency(key: Key((any Transmission).self), kind: .direct),
            ])
        #expect(container.registrations[1].dependencies == nil && !container.registrations[1].isDeclared)
    }

    @Test func aChildListsItsOwnRegistrations() {
        let parent = Container()
        parent.register(Lamp.self, using: Lamp.init)
        let child = Container(parent: parent)
        child.register(Desk.self, using: Desk.init)
        #expect(child.registrations.map(\.key) == [Key(Desk.self)])
    }

    @Test func removeAllRemovesThisContainersRegistrationsAndDisposesOfTheirInstances() throws {
        let disposed = Counter()
        let parent = Container()
        parent.register(Bell.self, scope: .singleton, using: Bell.init)
        let container = Container(parent: parent)
        container.register(Lamp.self, scope: .singleton, using: Lamp.init).onDispose { _ in disposed.increment() }
        container.register(Desk.self, using: Desk.init)
        _ = try container.resolve(Desk.self)
        container.removeAll()
        #expect(disposed.count == 1)
        #expect(container.registrations.isEmpty)
        #expect(!container.isRegistered(Lamp.self))
        #expect(try container.resolve(Bell.self) === parent.resolve(Bell.self))
        #expect(try container.verify().description == "verified 1 of 1 registration; 0 opaque")
        container.register(Lamp.self, using: Lamp.init)
        #expect(container.registrations.count == 1)
    }

    @Test func buildReportsEveryMissingDeclaredDependency() throws {
        let container = Container()
        container.register((any Transmission).self) { ManualTransmission() }
        container.register(Car.self, using: Car.init)
        let line = #line + 1
        container.register(Clerk.self, scope: .singleton, using: Clerk.init)
        container.register(Desk.self, using: Desk.init)
        container.register(Hall.self, scope: .singleton, using: Hall.init)
        container.register(Stove.self, scope: .singleton, using: { (_: Car, kettle: Kettle) in Stove(kettle: kettle) })
        let buildLine = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.build() }
        #expect(
            error?.description == """
                Syringe: build() found 4 problems.
                  1. cannot resolve `Lamp` (no registration).
                      while resolving  Clerk → Desk → Lamp
                      requested at  \(file):\(line + 1)
                      fix: container.register(Lamp.self) { … }.
                  2. cannot resolve `Mirror` (no registration).
                      while resolving  Hall → Mirror
                      requested at  \(file):\(line + 2)
                      fix: container.register(Mirror.self) { … }.
                  3. cannot resolve `any Engine` (no registration).
                      while resolving  Stove → Car → any Engine
                      requested at  \(file):\(line - 2)
                      fix: container.register((any Engine).self) { … }.
                  4. cannot resolve `Kettle` (no registration).
                      while resolving  Stove → Kettle
                      requested at  \(file):\(line + 3)
                      fix: container.register(Kettle.self) { … }.
                  fix: fix the problems above in order (a later one can follow from an earlier one), then run \
                build() again.
                """)
        #expect(error?.fileID == file && error?.line == buildLine)
    }

    @Test func validateReportsBothMissingDependenciesOfACar() throws {
        let container = Container()
        container.register(Car.self, using: Car.init)
        let line = #line - 1
        let error = #expect(throws: ResolutionError.self) { try container.validate() }
        #expect(
            error?.errors.map(\.summary) == [
                "cannot resolve `any Engine` (no registration).",
                "cannot resolve `any Transmission` (no registration).",
            ])
        #expect(error?.errors.map(\.line) == [line, line])
    }

    @Test func aRuntimeFailureOfADeclaredRegistrationIsTheSameProblem() throws {
        // The declared check and the resolve of an opaque registration that reaches the same gap agree: one problem.
        let container = Container()
        container.register(Desk.self, using: Desk.init)
        let line = #line - 1
        container.register(Clerk.self) { r in Clerk(desk: try r.resolve()) }
        let error = #expect(throws: ResolutionError.self) { try container.validate() }
        #expect(error?.errors.map(\.summary) == ["cannot resolve `Lamp` (no registration)."])
        #expect(error?.errors.map(\.line) == [line])
        let resolved = #expect(throws: ResolutionError.self) { try container.resolve(Clerk.self) }
        #expect(resolved?.path == [Key(Clerk.self), Key(Desk.self), Key(Lamp.self)])
        #expect(resolved?.line == line)
    }
}

/// Printing a container lists its own registrations.
@Suite("Graph: a container's description")
struct ContainerDescriptionTests {
    @Test func aContainerDescribesItsOwnRegistrationsOneALine() {
        let container = Container()
        #expect("\(container)" == "Container, 0 registrations")
        container.register(Kitten.self, name: "My Cat", scope: .singleton) { Kitten(name: "Mimi") }
            .forwarding((any Pet).self)
        let lines = "\(container)".split(separator: "\n").map(String.init)
        #expect(lines.first == "Container, 2 registrations:")
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("  Kitten (name: \"My Cat\") (.singleton) at "))
        #expect(lines[1].contains("SyringeTests/RegistrationsTests.swift:"))
        #expect(lines[2].contains("any Pet (.unique)") && lines[2].contains("forwarding to Kitten"))
        let child = Container(parent: container)
        #expect("\(child)" == "Container (a child), 0 registrations")
    }
}
