import Syringe
import SyringeTesting
import Testing

// DESIGN.md §3.6 as app code: constructor injection with a default argument, setter injection with
// `onCreated` (which mutates main-actor classes), and interface injection.

final class DefaultArgumentCar {
    let engine: any Engine
    init(engine: any Engine = Container.shared.resolved()) { self.engine = engine }
}

final class Parent {
    var child: Child?
    init() {}
}
final class Child {
    let parent: Parent
    init(parent: Parent) { self.parent = parent }
}

protocol EngineMountable: AnyObject {
    func mountEngine(_ engine: any Engine)
}
final class MountableCar: EngineMountable {
    var engine: (any Engine)?
    init() {}
    func mountEngine(_ engine: any Engine) { self.engine = engine }
}

@Suite(.container())
struct AppModeInjectionPatternsTests {
    @Test func constructorSetterAndInterfaceInjection() throws {
        let container = Container.shared
        container.register(Engine.self) { V8Engine() }
        #expect(DefaultArgumentCar().engine.name == "V8")

        // Setter injection, also the way to close a cycle:
        container.register(Parent.self, scope: .graph) { Parent() }
            .onCreated { parent, r in parent.child = try r.resolve() }
        container.register(Child.self, scope: .graph) { r in Child(parent: try r.resolve()) }
        let parent = try container.resolve(Parent.self)
        #expect(parent.child?.parent === parent)

        // Interface injection: an injector for every type that adopts a protocol.
        container.registerInjector(for: (any EngineMountable).self) { target, r in
            target.mountEngine(try r.resolve())
        }
        let car = MountableCar()
        try container.inject(into: car)  // runs every injector whose protocol `car` adopts
        #expect(car.engine?.name == "V8")
    }

    @Test func hooksWrittenHereRunOnTheMainActor() async throws {
        let container = Container()
        container.register(Cache.self, scope: .singleton) { Cache() }
            .onCreated { cache, _ in cache.resets = 10 }
            .onDispose { cache in cache.resets = -1 }
        let cache = try container.resolve(Cache.self)
        #expect(cache.resets == 10)
        container.reset(.singleton)  // on the main actor: the hook runs at once
        #expect(cache.resets == -1)
        _ = try await Task.detached { try await container.resolveAsync(Cache.self) }.value
        try await container.shutdown()
        #expect(container.instances(of: Cache.self).isEmpty)
    }
}
