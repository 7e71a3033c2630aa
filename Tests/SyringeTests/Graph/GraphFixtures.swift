import Syringe

// Types whose initialisers declare the graphs the Graph suites verify and draw.

// Cycles: Hen ↔ Egg; Tick → Tock → Tack → Tick; Rock → Paper → Scissors → Lazy<Rock> (broken).
final class Hen: Sendable { init(egg: Egg) {} }
final class Egg: Sendable { init(hen: Hen) {} }
final class Tick: Sendable { init(tock: Tock) {} }
final class Tock: Sendable { init(tack: Tack) {} }
final class Tack: Sendable { init(tick: Tick) {} }
final class Rock: Sendable { init(paper: Paper) {} }
final class Paper: Sendable { init(scissors: Scissors) {} }
final class Scissors: Sendable {
    let rock: Lazy<Rock>
    init(rock: Lazy<Rock>) { self.rock = rock }
}

// Lifetimes: Clerk (kept) → Desk → Lamp (a request's); Providers and Lazy handles of them.
final class Clerk: Sendable { init(desk: Desk) {} }
final class Desk: Sendable { init(lamp: Lamp) {} }
final class Lamp: Sendable { init() {} }
final class Archive: Sendable {
    let clerk: Provider<Clerk>
    init(clerk: Provider<Clerk>) { self.clerk = clerk }
}
final class Shelf: Sendable {
    let lamps: Provider<Lamp>
    init(lamps: Provider<Lamp>) { self.lamps = lamps }
}
final class Drawer: Sendable {
    let lamp: Lazy<Lamp>
    init(lamp: Lazy<Lamp>) { self.lamp = lamp }
}
final class Mirror: Sendable { init() {} }
final class Hall: Sendable { init(mirror: Mirror) {} }
final class Kettle: Sendable { init() {} }
final class Stove: Sendable { init(kettle: Kettle) {} }
final class Badge: Sendable { init() {} }
final class Lanyard: Sendable { init(badge: Badge) {} }

// Execution: Strongbox is built by an async function; Canvas on the main actor.
final class Strongbox: Sendable {
    static func open() async -> Strongbox { Strongbox() }
}
final class Banker: Sendable { init(vault: Strongbox) {} }
final class Auditor: Sendable {
    static func visit(vault: Strongbox) async -> Auditor { Auditor() }
}
@MainActor final class Canvas: Sendable { init() {} }
final class Painter: Sendable { init(canvas: Canvas) {} }
@MainActor final class Easel: Sendable { init(canvas: Canvas) {} }
@MainActor final class Doodle: Sendable { init(vault: Strongbox) {} }
final class Gallery: Sendable {
    static func open(canvas: Canvas) async -> Gallery { Gallery() }
}
protocol Surface: Sendable {}
extension Canvas: Surface {}
final class Muralist: Sendable { init(surface: any Surface) {} }

// Containers: a parent's Safe needs a SafeKey only the child registers.
final class SafeKey: Sendable { init() {} }
final class Safe: Sendable { init(key: SafeKey) {} }

// Fallbacks: an optional, a protocol answered by a component.
final class Bell: Sendable { init() {} }
final class Door: Sendable {
    let bell: Bell?
    init(bell: Bell?) { self.bell = bell }
}
protocol Chime: Component, Sendable {}
struct WindChime: Chime { init() {} }
struct BrassChime: Chime { init() {} }
final class Porch: Sendable { init(chime: any Chime) {} }

/// Counts the runs of factories: verify() must run none.
final class FactoryRuns: Sendable {
    private let counter = Counter()
    var count: Int { counter.count }
    func lamp() -> Lamp {
        built(Lamp())
    }

    func built<Value>(_ value: Value) -> Value {
        counter.increment()
        return value
    }
}
