import Syringe
import Testing

final class RefusedCar: Sendable {
    init() {}
}

/// `register(_:using:)` refuses Syringe's own handed-out types (`Resolution`, `Container`, `ContainerScope`) as
/// declared dependencies: at registration in debug builds, and with the same text at resolve time.
@Suite("Declared dependencies: Syringe's own types refused")
struct RefusedDependencyTests {
    #if DEBUG
    @Test func aUsingFunctionOfTheResolutionStopsAtItsRegistration() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(RefusedCar.self, using: { (_: Resolution) in RefusedCar() })
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(
                text.contains(
                    "register(RefusedCar.self, using:) takes a `Resolution`, which is Syringe's own type, handed out "
                        + "rather than resolved (a closure factory receives it: `register(T.self) { r in … }`)."))
            #expect(
                text.contains("register a closure instead: `register(Car.self) { r in Car(engine: try r.resolve()) }`"))
            #expect(text.contains("RefusedDependencyTests.swift:"))
        }
    }

    #else
    /// Release builds do not check a synchronous `using:` function's parameters at registration (the check would stay
    /// in every call site): the first resolve refuses it, with the same text, and the container stays usable.
    @Test func aUsingFunctionOfTheResolutionIsRefusedWhenResolved() throws {
        let container = Container()
        container.register(RefusedCar.self, using: { (_: Resolution) in RefusedCar() })
        container.register(Int.self) { 1 }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(RefusedCar.self) }
        #expect(error.code == .notRegistered)
        #expect(
            error.summary
                == "cannot resolve `Resolution`: it is Syringe's own type, handed out rather than resolved (a closure "
                + "factory receives it: `register(T.self) { r in … }`).")
        #expect(error.path.map(\.description) == ["RefusedCar", "Resolution"])
        #expect(try container.resolve(Int.self) == 1)
    }
    #endif

    @Test func anAsyncUsingFunctionOfTheContainerStopsAtItsRegistration() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(RefusedCar.self, scope: .singleton, using: { (_: Container) async in RefusedCar() })
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("takes a `Container`, which is Syringe's own type"))
            #expect(text.contains("a factory reaches it as `r.container`"))
        }
    }

    #if DEBUG
    @Test func aSingletonUsingFunctionAmongOtherParametersStopsToo() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = Container()
            container.register(Int.self) { 1 }
            container.register(
                RefusedCar.self, scope: .singleton, using: { (_: Int, _: Resolution) in RefusedCar() })
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("takes a `Resolution`"))
        }
    }

    #else
    @Test func aSingletonUsingFunctionAmongOtherParametersIsRefusedWhenResolved() throws {
        let container = Container()
        container.register(Int.self) { 1 }
        container.register(RefusedCar.self, scope: .singleton, using: { (_: Int, _: Resolution) in RefusedCar() })
        let error = try #require(throws: ResolutionError.self) { try container.resolve(RefusedCar.self) }
        #expect(error.summary.hasPrefix("cannot resolve `Resolution`: it is Syringe's own type"))
        #expect(error.fix.contains("a `using:` function declares the dependencies themselves as its parameters"))
    }
    #endif

    @Test func resolvingTheResolutionSaysItIsHandedOut() throws {
        let container = Container()
        let error = try #require(throws: ResolutionError.self) { try container.resolve(Resolution.self) }
        #expect(error.code == .notRegistered)
        #expect(
            error.summary
                == "cannot resolve `Resolution`: it is Syringe's own type, handed out rather than resolved (a closure "
                + "factory receives it: `register(T.self) { r in … }`).")
        #expect(error.fix.contains("a `using:` function declares the dependencies themselves as its parameters"))
    }

    @Test func functionsOfOrdinaryDependenciesRegisterAsBefore() throws {
        let container = Container()
        container.register(Int.self) { 7 }
        container.register(String.self, using: { (n: Int) in "n = \(n)" })
        #expect(try container.resolve(String.self) == "n = 7")
    }
}
