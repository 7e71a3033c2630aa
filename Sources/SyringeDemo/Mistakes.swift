import Syringe

// Two deliberate mistakes, to show what Syringe says when something is wrong.

protocol Mechanic: Sendable {}
final class Workshop: Sendable {
    init(mechanic: any Mechanic) {}
}
final class Chicken: Sendable { init(egg: Egg) {} }
final class Egg: Sendable { init(chicken: Chicken) {} }

enum MistakesFeature {
    static func run(_ narrator: Narrator) {
        narrator.section("Mistakes, on purpose: what the errors look like")
        let scratch = Container(parent: .shared)
        scratch.register(Workshop.self) { r in Workshop(mechanic: try r.resolve()) }
        scratch.register(Chicken.self) { r in Chicken(egg: try r.resolve()) }
        scratch.register(Egg.self) { r in Egg(chicken: try r.resolve()) }
        do {
            _ = try scratch.resolve(Workshop.self)
        } catch {
            narrator.say("A missing registration:")
            narrator.show("\(error)")
        }
        do {
            _ = try scratch.resolve(Chicken.self)
        } catch {
            narrator.say("A cycle:")
            narrator.show("\(error)")
        }
        // The same mistakes with declared dependencies: verify() finds both at once, without building anything.
        let declared = Container(parent: .shared)
        declared.register(Workshop.self, using: Workshop.init)
        declared.register(Chicken.self, using: Chicken.init)
        declared.register(Egg.self, using: Egg.init)
        do {
            try declared.verify()
        } catch {
            narrator.say("Both, declared with using:, found by verify() before anything runs:")
            narrator.show("\(error)")
        }
    }
}
