import Foundation
import Syringe
import Testing

// Hostile probes of forwarding a registration with arguments, Lazy/Provider with arguments and print(container).

protocol HnAnimal: Sendable {
    var name: String { get }
}

final class HnCat: HnAnimal, @unchecked Sendable {  // immutable after init
    let name: String
    let lives: Int
    init(name: String, lives: Int = 9) {
        self.name = name
        self.lives = lives
    }
}

class HnBase: @unchecked Sendable {  // immutable after init
    let tag: String
    init(tag: String) { self.tag = tag }
}

final class HnDerived: HnBase, @unchecked Sendable {}

@MainActor
final class HnMainActorCat: HnAnimal {
    nonisolated let name: String
    nonisolated init(name: String) { self.name = name }
}

@Suite("HostileNewAPI: forwarding with arguments, handles with arguments, description")
struct HostileNewAPIForwardingTests {
    /// The forwarded type resolves with the same arguments, sync and async, and multiple arguments.
    @Test func forwardedWithOneAndTwoArguments() async throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        container.register(HnCat.self, name: "two") { (_, name: String, lives: Int) in HnCat(name: name, lives: lives) }
            .forwarding((any HnAnimal).self, name: "two")
        let got1 = try container.resolve((any HnAnimal).self, arguments: "Mimi").name
        #expect(got1 == "Mimi")
        let two = try container.resolve((any HnAnimal).self, name: "two", arguments: "Tom", 3)
        #expect((two as? HnCat)?.lives == 3)
        let asyncOne = try await container.resolveAsync((any HnAnimal).self, arguments: "Async")
        #expect(asyncOne.name == "Async")
        let asyncTwo = try await container.resolveAsync((any HnAnimal).self, name: "two", arguments: "B", 2)
        #expect((asyncTwo as? HnCat)?.lives == 2)
    }

    /// Forwarding to a superclass with arguments.
    @Test func forwardedToSuperclassWithArguments() throws {
        let container = Container()
        container.register(HnDerived.self) { (_, tag: String) in HnDerived(tag: tag) }.forwarding(HnBase.self)
        let base = try container.resolve(HnBase.self, arguments: "t")
        #expect(base is HnDerived)
        #expect(base.tag == "t")
    }

    /// Wrong arguments for a forwarded type: an argumentMismatch that names the forwarded type and the
    /// arguments it takes, not a crash nor a notRegistered.
    @Test func forwardedWithWrongArguments() throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        #expect {
            _ = try container.resolve((any HnAnimal).self)
        } throws: { error in
            let error = error as? ResolutionError
            return error?.code == .argumentMismatch && "\(error!)".contains("String")
        }
        #expect {
            _ = try container.resolve((any HnAnimal).self, arguments: 3)
        } throws: { error in
            (error as? ResolutionError)?.code == .argumentMismatch
        }
        #expect {
            _ = try container.resolve((any HnAnimal).self, arguments: "a", "b")
        } throws: { error in
            (error as? ResolutionError)?.code == .argumentMismatch
        }
    }

    /// A singleton with arguments: the forwarded type hands out the same instance as the service type.
    @Test func singletonWithArgumentsForwardedIsTheSameInstance() throws {
        let container = Container()
        container.register(HnCat.self, scope: .singleton) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        let cat = try container.resolve(HnCat.self, arguments: "first")
        let animal = try container.resolve((any HnAnimal).self, arguments: "first")
        #expect((animal as? HnCat) === cat)
    }

    /// An async factory with arguments, forwarded: resolveAsync works; a sync resolve is refused with an error
    /// (not a crash, not a hang).
    @Test func asyncFactoryWithArgumentsForwarded() async throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) async throws in
            try await Task.sleep(for: .milliseconds(1))
            return HnCat(name: name)
        }.forwarding((any HnAnimal).self)
        let animal = try await container.resolveAsync((any HnAnimal).self, arguments: "a")
        #expect(animal.name == "a")
        let outcome = await boundedOnThreadAsync(5) { try container.resolve((any HnAnimal).self, arguments: "s").name }
        #expect(!outcome.isHang)
        #expect(outcome.code != nil)
    }

    /// An async throwing factory with arguments: its error reaches the caller of the forwarded type.
    @Test func asyncThrowingFactoryWithArgumentsForwarded() async {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) async throws -> HnCat in
            throw HostileFailure(reason: "no \(name)")
        }.forwarding((any HnAnimal).self)
        await #expect {
            _ = try await container.resolveAsync((any HnAnimal).self, arguments: "x")
        } throws: { error in
            "\(error)".contains("no x")
        }
    }

    /// A main-actor factory with arguments, forwarded, resolved async from off the main actor.
    @Test func mainActorFactoryWithArgumentsForwarded() async throws {
        let container = Container()
        container.register(HnMainActorCat.self) { @MainActor (_, name: String) in
            MainActor.preconditionIsolated()
            return HnMainActorCat(name: name)
        }.forwarding((any HnAnimal).self)
        let outcome = await bounded(5) {
            try await container.resolveAsync((any HnAnimal).self, arguments: "main").name
        }
        #expect(outcome.value == "main")
    }

    /// `verify()` passes a container whose forwarding takes arguments.
    @Test func verifyAcceptsForwardingWithArguments() throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        container.register(HnDerived.self, scope: .singleton) { (_, tag: String) in HnDerived(tag: tag) }
            .forwarding(HnBase.self, name: "base")
        #expect(throws: Never.self) { try container.verify() }
    }

    /// `registrations` and `print(container)` list the forwarded key with its argument types.
    @Test func registrationsListForwardingWithArguments() {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        let infos = container.registrations
        #expect(infos.count == 2)
        let forwarded = infos.first { $0.key.serviceType == (any HnAnimal).self }
        #expect(forwarded != nil)
        #expect(forwarded.map { "\($0)".contains("forwarding to") } == true)
        #expect(forwarded.map { "\($0)".contains("String") } == true)
        let text = "\(container)"
        #expect(text.hasPrefix("Container, 2 registrations:"))
        #expect(text.split(separator: "\n").count == 3)
    }

    /// Re-registering the target with the same arguments: the forwarded type follows the new registration.
    @Test func reRegisteringTheTarget() throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        container.register(HnCat.self) { (_, name: String) in HnCat(name: "new " + name) }
        let got2 = try container.resolve((any HnAnimal).self, arguments: "a").name
        #expect(got2 == "new a")
        // Re-registering the forwarded type replaces the forwarding.
        container.register((any HnAnimal).self) { (_, name: String) in HnCat(name: "direct " + name) }
        let got3 = try container.resolve((any HnAnimal).self, arguments: "a").name
        #expect(got3 == "direct a")
    }

    /// Inside `withOverrides`, an override of the target with arguments is what the forwarded type gets, sync
    /// and async; after it, the original again.
    @Test func forwardedInsideWithOverrides() async throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        try await container.withCurrent {
            try await Container.withOverrides {
                $0.register(HnCat.self) { (_, name: String) in HnCat(name: "mock " + name) }
            } operation: {
                let got4 = try Container.shared.resolve((any HnAnimal).self, arguments: "a").name
                #expect(got4 == "mock a")
                let animal = try await Container.shared.resolveAsync((any HnAnimal).self, arguments: "b")
                #expect(animal.name == "mock b")
            }
            let got5 = try Container.shared.resolve((any HnAnimal).self, arguments: "a").name
            #expect(got5 == "a")
        }
    }

    /// A forwarding with arguments registered in a parent resolves from a child.
    @Test func forwardedFromAChild() throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        let result = try container.withCurrent {
            try Container.withOverrides { _ in
            } operation: {
                try Container.shared.resolve((any HnAnimal).self, arguments: "kid").name
            }
        }
        #expect(result == "kid")
    }

    /// A factory resolving the forwarded type with arguments through its resolution.
    @Test func forwardedResolvedInsideAFactory() throws {
        struct Owner: Sendable { let animal: any HnAnimal }
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        container.register(Owner.self) { r in Owner(animal: try r.resolve((any HnAnimal).self, arguments: "in")) }
        let got6 = try container.resolve(Owner.self).animal.name
        #expect(got6 == "in")
    }

    /// The optional of a forwarded type with arguments sees through to the forwarding.
    @Test func optionalOfForwardedWithArguments() throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        let animal = try container.resolve((any HnAnimal)?.self, arguments: "opt")
        #expect(animal?.name == "opt")
    }

    /// Forwarded resolves with arguments from many threads at once: no fault, every value right.
    @Test func forwardedWithArgumentsFromManyThreads() async {
        let container = Container()
        container.register(HnCat.self, scope: .singleton) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        container.register(HnDerived.self) { (_, tag: String) in HnDerived(tag: tag) }.forwarding(HnBase.self)
        let results = await boundedOnThreads(6, seconds: 8) { index -> Bool in
            for step in 0..<300 {
                let tag = "\(index)-\(step)"
                guard try container.resolve(HnBase.self, arguments: tag).tag == tag else { return false }
                _ = try container.resolve((any HnAnimal).self, arguments: "x")
            }
            return true
        }
        #expect(results.allSatisfy { $0.value == true })
    }

    /// `Lazy<T>` and `Provider<T>` with arguments: argumentMismatch with a fix naming the value's resolve.
    @Test func handlesWithArgumentsThrowArgumentMismatch() async throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
        container.register(HnCat.self, name: "n") { (_, name: String) in HnCat(name: name) }
        for error in [
            #expect(throws: ResolutionError.self) { _ = try container.resolve(Lazy<HnCat>.self, arguments: "a") },
            #expect(throws: ResolutionError.self) { _ = try container.resolve(Provider<HnCat>.self, arguments: "a") },
            #expect(throws: ResolutionError.self) {
                _ = try container.resolve(Lazy<HnCat>.self, name: "n", arguments: "a")
            },
        ] {
            #expect(error?.code == .argumentMismatch)
            #expect(error.map { "\($0)".contains("resolve(HnCat.self") } == true)
        }
        let named = #expect(throws: ResolutionError.self) {
            _ = try container.resolve(Lazy<HnCat>.self, name: "n", arguments: "a")
        }
        #expect(named.map { "\($0)".contains("name: \"n\"") } == true)
    }

    /// `resolveAsync(Lazy<T>.self, arguments:)` is refused the same way.
    @Test func asyncHandleWithArguments() async {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
        let error = await #expect(throws: ResolutionError.self) {
            _ = try await container.resolveAsync(Lazy<HnCat>.self, arguments: "a")
        }
        #expect(error?.code == .argumentMismatch)
    }

    /// A Lazy handle without arguments of a type registered only with arguments: an error on use, not a crash.
    @Test func lazyWithoutArgumentsOfArgumentRegistration() throws {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
        let outcome = Result(catching: { try container.resolve(Lazy<HnCat>.self) })
        if case .failure(let error) = outcome {
            #expect((error as? ResolutionError)?.code == .argumentMismatch)
        }
    }

    /// `print(container)`: an empty one, a child, a replaced registration counted once.
    @Test func descriptionCounts() {
        let container = Container()
        #expect("\(container)" == "Container, 0 registrations")
        container.register(HnCat.self) { HnCat(name: "a") }
        #expect("\(container)".hasPrefix("Container, 1 registration:"))
        container.register(HnCat.self) { HnCat(name: "b") }
        #expect("\(container)".hasPrefix("Container, 1 registration:"))
        let childText = container.withCurrent {
            Container.withOverrides {
                $0.register(HnDerived.self) { HnDerived(tag: "x") }
            } operation: {
                "\(Container.shared)"
            }
        }
        #expect(childText.hasPrefix("Container (a child), 1 registration:"))
        #expect(childText.contains("HnDerived"))
        #expect(String(reflecting: container).contains("1 registration"))
    }

    /// `print(container)` while other threads register: no fault, no hang.
    @Test func descriptionWhileRegistering() async {
        let container = Container()
        let results = await boundedOnThreads(4, seconds: 8) { index -> Int in
            var total = 0
            for step in 0..<200 {
                if index == 0 {
                    total += "\(container)".count
                } else {
                    container.register(HnCat.self, name: "\(index)-\(step)") { HnCat(name: "x") }
                }
            }
            return total
        }
        #expect(results.allSatisfy { !$0.isHang && $0.value != nil })
        #expect("\(container)".hasPrefix("Container, 600 registrations:"))
    }
}

@Suite("HostileNewAPI: forwarding messages")
struct HostileNewAPIForwardingMessageTests {
    /// The argumentMismatch of a forwarded type tells which arguments to pass.
    @Test func wrongArgumentsMessage() {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        let error = #expect(throws: ResolutionError.self) { _ = try container.resolve((any HnAnimal).self) }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("cannot resolve `any HnAnimal` without arguments"))
        #expect(text.contains("pass arguments of types (String): resolve((any HnAnimal).self, arguments: …)"))
    }

    /// `Lazy<any P>` with arguments names the existential correctly in its fix.
    @Test func lazyOfForwardedExistentialMessage() {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        let error = #expect(throws: ResolutionError.self) {
            _ = try container.resolve(Lazy<any HnAnimal>.self, arguments: "a")
        }
        #expect(error?.code == .argumentMismatch)
        #expect(error.map { "\($0)".contains("resolve((any HnAnimal).self, arguments: …)") } == true)
        #expect(error.map { "\($0)".contains("registered nearby: `any HnAnimal (arguments: String)`") } == true)
    }

    /// A sync resolve of a forwarded async or main-actor factory with arguments is refused with a message that
    /// names the path through the forwarding.
    @Test func syncRefusalsNameThePath() {
        let asyncContainer = Container()
        asyncContainer.register(HnCat.self) { (_, name: String) async in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        let asyncError = #expect(throws: ResolutionError.self) {
            _ = try asyncContainer.resolve((any HnAnimal).self, arguments: "s")
        }
        let path = "any HnAnimal (arguments: String) → HnCat (arguments: String)"
        #expect(asyncError.map { "\($0)".contains(path) } == true)
        #expect(asyncError.map { "\($0)".contains("its factory is async") } == true)
        let mainContainer = Container()
        mainContainer.register(HnMainActorCat.self) { @MainActor (_, name: String) in HnMainActorCat(name: name) }
            .forwarding((any HnAnimal).self)
        let mainError = #expect(throws: ResolutionError.self) {
            _ = try mainContainer.resolve((any HnAnimal).self, arguments: "s")
        }
        #expect(mainError.map { "\($0)".contains("off the main actor") } == true)
        #expect(throws: Never.self) { try mainContainer.verify() }
    }

    /// A main-actor factory with arguments, forwarded, resolved synchronously on the main actor.
    @MainActor @Test func mainActorForwardedOnTheMainActor() throws {
        let container = Container()
        container.register(HnMainActorCat.self) { @MainActor (_, name: String) in HnMainActorCat(name: name) }
            .forwarding((any HnAnimal).self)
        let animal = try container.resolve((any HnAnimal).self, arguments: "m")
        #expect(animal.name == "m")
    }

    /// The description lines of a forwarding with arguments, and of an override of a key path.
    @Test func descriptionLines() {
        let container = Container()
        container.register(HnCat.self) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        let lines = "\(container)".split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[1].hasPrefix("  HnCat (arguments: String) (.unique) at SyringeTests/HostileNewAPIForwarding"))
        #expect(lines[1].hasSuffix(", opaque"))
        #expect(lines[2].hasPrefix("  any HnAnimal (arguments: String) (.unique) at "))
        #expect(lines[2].hasSuffix(", forwarding to HnCat (arguments: String)"))
        #expect(Container().withCurrent { "\(Container.shared)" } == "Container, 0 registrations")
    }

    /// Forwarded singleton with arguments: the first arguments win for both keys (one cache).
    @Test func singletonWithArgumentsKeepsTheFirst() throws {
        let container = Container()
        container.register(HnCat.self, scope: .singleton) { (_, name: String) in HnCat(name: name) }
            .forwarding((any HnAnimal).self)
        let animal = try container.resolve((any HnAnimal).self, arguments: "first")
        let cat = try container.resolve(HnCat.self, arguments: "second")
        #expect(animal.name == "first")
        #expect((animal as? HnCat) === cat)
    }

    /// A forwarded async registration without arguments resolves with resolveAsync.
    @Test func asyncForwardingWithoutArguments() async throws {
        let container = Container()
        container.register(HnCat.self) { () async in HnCat(name: "p") }.forwarding((any HnAnimal).self)
        let animal = try await container.resolveAsync((any HnAnimal).self)
        #expect(animal.name == "p")
    }
}
