import Foundation
import Syringe
import Testing

// Hostile edge probes of forwarding and the weak wrapper: forwarding a type to itself, overriding the forwarded
// type, and weak reads racing `resolve()`.

@Suite("HostileNewAPI: edges")
struct HostileNewAPIEdgeTests {
    /// Forwarding a registration to its own type (with arguments) changes nothing: the resolve neither recurses
    /// nor hangs, and builds with the arguments given. (An exit test observing standard error here crashed Swift
    /// 6.3.1's optimiser in release builds: signal 11 in LLVM's function-attrs pass.)
    @Test func forwardingToItsOwnTypeWithArguments() async {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }.forwarding(HnCat.self)
        let outcome = await boundedOnThreadAsync(5) { try container.resolve(HnCat.self, arguments: "me").name }
        #expect(outcome.value == "me", "\(outcome)")
    }

    /// Forwarding a registration without arguments to its own type, likewise.
    @Test func forwardingToItsOwnTypeWithoutArguments() async {
        await #expect(processExitsWith: .success) {
            let container = Container()
            container.register(HnCat.self) { HnCat(name: "self") }.forwarding(HnCat.self)
            let thread = Thread {
                _ = try? container.resolve(HnCat.self); exit(0)
            }
            thread.start()
            sleep(5)
            exit(1)  // a hang
        }
    }

    /// An override of the forwarded type itself, with arguments, wins over the forwarding in `withOverrides`.
    @Test func overrideOfTheForwardedTypeWins() throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        let name = try container.withCurrent {
            try Container.withOverrides {
                $0.register((any HnAnimal).self) { (_, name: String) in HnCat(name: "override " + name) }
            } operation: {
                try Container.shared.resolve((any HnAnimal).self, arguments: "a").name
            }
        }
        #expect(name == "override a")
    }

    /// Readers of a weak wrapper race `$x.resolve()` on a held singleton: always the same object, no nil.
    @Test func weakReadersRaceResolve() async {
        let container = Container()
        let held = HnLiveDelegate(id: 42)
        container.register((any HnDelegate).self) { held }
        let owner = HnDelegateOwner()
        let binding = container.withCurrent { Container.current }
        let results = await boundedOnThreads(5, seconds: 8) { index -> Bool in
            binding.withCurrent {
                (0..<1000).allSatisfy { _ in
                    index == 0 ? owner.$byType.resolve() === held : owner.byType === held
                }
            }
        }
        #expect(results.allSatisfy { $0.value == true })
        withExtendedLifetime(held) {}
    }
}
