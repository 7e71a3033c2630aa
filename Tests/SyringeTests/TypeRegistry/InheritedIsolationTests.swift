import Foundation
import Testing

@testable import Syringe

/// A factory keeps the isolation of the code that writes it (`@isolated(any)`, inherited): in a plain module,
/// main-actor code makes main-actor registrations, nonisolated code nonisolated ones, an actor's code that
/// actor's. The app-mode counterparts are in `Tests/AppModeTests`.
@Suite("Type registry: factories keep the isolation they are written in")
struct InheritedIsolationTests {
    /// The line of the `ViewModel` registration below.
    static let viewModelLine = #line + 3

    @MainActor func registerFromMainActorCode(_ container: Container) {
        container.register(ViewModel.self, scope: .singleton) { r in ViewModel(clock: try r.resolve()) }
        container.register((any Clock).self) { FixedClock() }
    }

    @StoreActor func registerFromAGlobalActor(_ container: Container) {
        container.register(StoreLedger.self, scope: .singleton) { StoreLedger(owner: StoreActor.shared.name) }
    }

    @Test func aClosureWrittenInMainActorCodeIsAMainActorRegistration() async throws {
        let container = Container()
        await registerFromMainActorCode(container)
        let byKey = Dictionary(uniqueKeysWithValues: container.registrations.map { ($0.key.description, $0) })
        #expect(byKey["ViewModel"]?.execution == .mainActor)
        #expect(byKey["any Clock"]?.execution == .mainActor)
        // Off the main actor the synchronous API refuses it, naming the registration's place.
        let error = #expect(throws: ResolutionError.self) { try container.resolve(ViewModel.self) }
        #expect(error?.code == .mainActorRequired)
        #expect(error?.line == Self.viewModelLine)
        // On the main actor it is built in place; resolveAsync from here hops there and back.
        let here = try await MainActor.run { try container.resolve(ViewModel.self) }
        let fromHere = try await container.resolveAsync(ViewModel.self)
        #expect(here === fromHere)
    }

    @Test func aClosureWrittenInNonisolatedCodeRunsAnywhere() async throws {
        let container = Container()
        container.register((any Clock).self, scope: .singleton) { FixedClock() }
        #expect(container.registrations.first?.execution == .synchronous)
        let clocks = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<8 { group.addTask { try container.resolve((any Clock).self).now } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(clocks == Array(repeating: 42, count: 8))
    }

    @Test func aClosureWrittenOnAnotherGlobalActorIsBuiltThere() async throws {
        let container = Container()
        await registerFromAGlobalActor(container)
        let error = #expect(throws: ResolutionError.self) { try container.resolve(StoreLedger.self) }
        #expect(error?.code == .asyncRequired)
        #expect(
            error?.description.contains(
                "cannot resolve `StoreLedger` synchronously: its factory is isolated to StoreActor, another actor.")
                == true)
        let ledger = try await container.resolveAsync(StoreLedger.self)
        #expect(ledger.owner == "store")
        #expect(try await container.resolveAsync(StoreLedger.self) === ledger)
    }

    @Test func aClosureCapturingAnActorIsBuiltOnThatActor() async throws {
        let container = Container()
        let inventory = Inventory()
        await inventory.register(in: container)
        let count = try await container.resolveAsync(InventoryCount.self)
        #expect(count.value == 3)
        #expect(throws: ResolutionError.self) { try container.resolve(InventoryCount.self) }
    }

    @Test func aMainActorHookBindsARegistrationToTheMainActor() async throws {
        let container = Container()
        container.register(Counter.self, scope: .singleton) { Counter() }
        await MainActor.run {
            _ = container.register(Counter.self, scope: .singleton) { Counter() }
                .onCreated { counter, _ in
                    MainActor.preconditionIsolated()
                    counter.increment()
                }
        }
        #expect(throws: ResolutionError.self) { try container.resolve(Counter.self) }
        let counter = try await container.resolveAsync(Counter.self)  // hops to run the hook
        #expect(counter.count == 1)
        let onMain = try await MainActor.run { try container.resolve(Counter.self) }
        #expect(onMain === counter)
    }

    @Test func aMainActorDisposeHookRunsOnTheMainActor() async throws {
        let container = Container()
        let disposed = Counter()
        await MainActor.run {
            _ = container.register(Counter.self, scope: .singleton) { Counter() }
                .onDispose { _ in
                    MainActor.preconditionIsolated()
                    disposed.increment()
                }
        }
        _ = try await container.resolveAsync(Counter.self)
        try await container.shutdown()  // awaits the hook, on the main actor
        #expect(disposed.count == 1)
    }

    @StoreActor func registerHooksFromAGlobalActor(_ container: Container, created: Counter, disposed: Counter) {
        container.register(Counter.self, scope: .singleton) { Counter() }
            .onCreated { _, _ in
                StoreActor.preconditionIsolated()
                created.increment()
            }
            .onDispose { _ in
                StoreActor.preconditionIsolated()
                disposed.increment()
            }
    }

    @Test func hooksWrittenOnAnotherActorRunThereThroughTheAsyncAPI() async throws {
        let container = Container()
        let created = Counter()
        let disposed = Counter()
        await registerHooksFromAGlobalActor(container, created: created, disposed: disposed)
        // A synchronous resolve cannot hop to the actor: the hook makes the registration async.
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Counter.self) }
        #expect(error?.code == .asyncRequired)
        #expect(created.count == 0)
        let counter = try await container.resolveAsync(Counter.self)
        #expect(try await container.resolveAsync(Counter.self) === counter)
        #expect(created.count == 1)
        try await container.shutdown()  // awaits the dispose hook, on the actor
        #expect(disposed.count == 1)
    }

    @Test func hooksCapturingAnActorRunOnThatActor() async throws {
        let container = Container()
        let inventory = Inventory()
        await inventory.registerWithHooks(in: container)
        let count = try await container.resolveAsync(InventoryCount.self)
        #expect(count.value == 3)
        #expect(await inventory.log == ["created 3"])
        try await container.shutdown()
        #expect(await inventory.log == ["created 3", "disposed 3"])
    }

    @Test func aMainActorInjectorRunsOnlyThere() async throws {
        let container = Container()
        container.register((any Clock).self) { FixedClock() }
        await MainActor.run {
            container.registerInjector(for: (any ClockSettable).self) { target, r in
                MainActor.preconditionIsolated()
                target.setClock(try r.resolve())
            }
        }
        let holder = ClockHolder()
        let error = #expect(throws: ResolutionError.self) { try container.inject(into: holder) }
        #expect(error?.code == .mainActorRequired)
        try await MainActor.run { try container.inject(into: holder) }
        #expect(holder.clock?.now == 42)
    }

    @Test func anInjectorWrittenOnAnotherActorIsRefusedBySynchronousInjection() async throws {
        let container = Container()
        container.register((any Clock).self) { FixedClock() }
        let inventory = Inventory()
        await inventory.registerInjector(in: container)
        let error = #expect(throws: ResolutionError.self) { try container.inject(into: ClockHolder()) }
        #expect(error?.code == .mainActorRequired)
        #expect(
            error?.summary
                == "cannot run the injector for `any ClockSettable`: it is isolated to Inventory, and inject(into:) is "
                + "synchronous.")
        #expect(
            error?.fix == "register the injector from nonisolated or main-actor code, or inject from inside the actor.")
    }

    /// The line of the `Notebook` contribution below.
    static let contributionLine = #line + 7

    @MainActor func contributeFromMainActorCode(_ container: Container) {
        container.contribute(StoreLedger.self) {
            MainActor.preconditionIsolated()
            return StoreLedger(owner: "main")
        }
        container.contribute(Notebook.self) { Notebook() }
    }

    @MainActor func contributeWithAnAsyncHookFromMainActorCode(_ container: Container) {
        container.contribute(Notebook.self) { Notebook() }
            .onCreated { notebook, _ async in notebook.pages.append("hooked") }
    }

    @MainActor func notebooksOnTheMainActor(_ container: Container) async throws -> Int {
        let notebooks: [Notebook] = try await container.resolveAllAsync()
        return notebooks.count
    }

    /// `resolveAllAsync` treats a main-actor contribution as `resolveAsync` treats a main-actor registration: built
    /// on the main actor after a hop, and a value that is not `Sendable` handed out only there.
    @Test func mainActorContributionsResolveAsyncFromAnywhere() async throws {
        let container = Container()
        await contributeFromMainActorCode(container)
        let ledgers = try await Task.detached { try await container.resolveAllAsync(StoreLedger.self) }.value
        #expect(ledgers.map(\.owner) == ["main"])
        #expect(try await notebooksOnTheMainActor(container) == 1)
        let contributionLine = Self.contributionLine
        let error = await Task.detached { () -> ResolutionError? in
            do {
                _ = try await container.resolveAllAsync(Notebook.self).count
                return nil
            } catch {
                return error as? ResolutionError
            }
        }.value
        #expect(error?.code == .mainActorRequired)
        #expect(
            error?.description.hasPrefix(
                "Syringe: cannot resolve `Notebook (contribution at SyringeTests/InheritedIsolationTests.swift:"
                    + "\(contributionLine))` off the main actor (asked at SyringeTests/InheritedIsolationTests.swift:")
                == true)
        #expect(
            error?.description.contains(
                "its registration is isolated to the main actor, and `Notebook` is not Sendable where it is asked for, "
                    + "so its instance cannot be handed to this task.\n") == true)
        #expect(error?.line == contributionLine)
    }

    /// A main-actor contribution that the async engine builds (it has an async hook) is refused off the main actor
    /// all the same when its type is not `Sendable`.
    @Test func anAsyncMainActorContributionThatIsNotSendableStaysOnTheMainActor() async throws {
        let container = Container()
        await contributeWithAnAsyncHookFromMainActorCode(container)
        let code = await Task.detached { () -> ResolutionError.Code? in
            do {
                _ = try await container.resolveAllAsync(Notebook.self).count
                return nil
            } catch {
                return (error as? ResolutionError)?.code
            }
        }.value
        #expect(code == .mainActorRequired)
        #expect(try await notebooksOnTheMainActor(container) == 1)
    }

    @Test func buildAsyncBuildsMainActorSingletonsOnTheMainActorFromAnywhere() async throws {
        let container = Container()
        await registerFromMainActorCode(container)
        try await Task.detached { try await container.buildAsync() }.value
        let built = try await MainActor.run { try container.resolve(ViewModel.self) }
        #expect(try await container.resolveAsync(ViewModel.self) === built)
        // The synchronous form still refuses off the main actor, naming the registration.
        let fresh = Container()
        await registerFromMainActorCode(fresh)
        let error = #expect(throws: ResolutionError.self) { try fresh.build() }
        #expect(error?.errors.first?.code == .mainActorRequired)
    }

    @Test func aValueThatIsNotSendableIsNotHandedOffTheMainActor() async throws {
        let container = Container()
        await MainActor.run {
            _ = container.register(Notebook.self) { Notebook() }
        }
        let error = await #expect(throws: ResolutionError.self) { _ = try await container.resolveAsync(Notebook.self) }
        #expect(error?.code == .mainActorRequired)
        #expect(error?.description.contains("`Notebook` is not Sendable") == true)
        let pages = try await MainActor.run { try container.resolve(Notebook.self).pages }
        #expect(pages.isEmpty)
    }

    /// An async declared registration (`using:` an async function) whose parameter has a main-actor registration:
    /// a `Sendable` parameter is built on the main actor and handed over, as `resolveAsync` hands it over; one that
    /// is not `Sendable` stays refused (the top-level code of a server's main.swift registers on the main actor).
    @Test func anAsyncDeclaredRegistrationTakesAMainActorSendableDependencyFromAnywhere() async throws {
        let container = Container()
        await MainActor.run {
            _ = container.register(StoreLedger.self, scope: .singleton) {
                MainActor.preconditionIsolated()
                return StoreLedger(owner: "main")
            }
            _ = container.register(Notebook.self) { Notebook() }
        }
        container.register(Audit.self, using: { (ledger: StoreLedger) async in Audit(owner: ledger.owner) })
        container.register(Draft.self, using: { (notebook: Notebook) async in Draft(pages: notebook.pages.count) })
        let audit = try await Task.detached { try await container.resolveAsync(Audit.self) }.value
        #expect(audit.owner == "main")
        let error = await Task.detached { () -> ResolutionError? in
            do {
                _ = try await container.resolveAsync(Draft.self)
                return nil
            } catch {
                return error as? ResolutionError
            }
        }.value
        #expect(error?.code == .mainActorRequired)
        #expect(error?.description.contains("`Notebook` is not Sendable") == true)
    }
}

struct Audit: Sendable {
    let owner: String
}

struct Draft: Sendable {
    let pages: Int
}

final class StoreLedger: Sendable {
    let owner: String
    init(owner: String) { self.owner = owner }
}

extension StoreActor {
    nonisolated var name: String { "store" }
}

final class InventoryCount: Sendable {
    let value: Int
    init(value: Int) { self.value = value }
}

actor Inventory {
    private var items = ["a", "b", "c"]

    func register(in container: Container) {
        // Reads the actor's state: the factory is isolated to this actor.
        container.register(InventoryCount.self) { InventoryCount(value: self.items.count) }
    }

    private(set) var log: [String] = []

    func registerInjector(in container: Container) {
        // Counts on the actor's state: the injector is isolated to this actor.
        container.registerInjector(for: (any ClockSettable).self) { target, r in
            self.log.append("injected")
            target.setClock(try r.resolve())
        }
    }

    func registerWithHooks(in container: Container) {
        // The hooks read and write the actor's state: they are isolated to this actor.
        container.register(InventoryCount.self, scope: .singleton) { InventoryCount(value: 3) }
            .onCreated { count, _ in self.log.append("created \(count.value)") }
            .onDispose { count in self.log.append("disposed \(count.value)") }
    }
}

protocol ClockSettable: AnyObject {
    func setClock(_ clock: any Clock)
}

final class ClockHolder: ClockSettable, @unchecked Sendable {
    // @unchecked Sendable: written once by the injector on the main actor, read after.
    var clock: (any Clock)?
    func setClock(_ clock: any Clock) { self.clock = clock }
}

/// Not `Sendable`: a value of this type must not cross isolation domains.
final class Notebook {
    var pages: [String] = []
}
