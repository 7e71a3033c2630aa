import Testing

@testable import Syringe

@Suite("Graph: registrations and removeAll")
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
        container.register(Lamp.self, using: Lamp.init)
        #expect(container.registrations.count == 1)
    }
}
