import Testing

@testable import Syringe

@MainActor
final class ViewModel {
    let clock: any Clock
    var title = "Trips"
    init(clock: any Clock) { self.clock = clock }
}
/// Built by a nonisolated factory, but needs a main-actor service.
final class Screen: Sendable {
    let viewModel: ViewModel
    init(viewModel: ViewModel) { self.viewModel = viewModel }
}

extension Container {
    /// A main-actor container property: reading it off the main actor does not compile.
    @MainActor var mainViewModel: ViewModel { provide(.singleton) { ViewModel(clock: FixedClock()) } }
}

@Suite("Main-actor services")
struct MainActorTests {
    /// The line of the main-actor registration in ``container(scope:)``.
    static let registrationLine = #line + 5

    func container(scope: Scope = .unique) -> Container {
        let container = Container()
        container.register((any Clock).self) { FixedClock() }
        container.register(ViewModel.self, scope: scope) { @MainActor r in ViewModel(clock: try r.resolve()) }
        return container
    }

    @MainActor @Test func mainActorCodeResolvesSynchronouslyInPlace() throws {
        let container = container()
        let viewModel = try container.resolve(ViewModel.self)  // no await: no hop off the main actor
        viewModel.title = "Edited"
        #expect(viewModel.clock.now == 42)
        #expect(viewModel.title == "Edited")
    }

    @MainActor @Test func aMainActorFactoryWithoutDependencies() throws {
        let container = Container()
        container.register(ViewModel.self, scope: .singleton) { @MainActor in ViewModel(clock: FixedClock()) }
        #expect(try container.resolve(ViewModel.self) === container.resolve(ViewModel.self))
    }

    @MainActor @Test func aSynchronousFactoryRunningOnTheMainActorMayNeedOne() throws {
        let container = container()
        container.register(Screen.self) { r in Screen(viewModel: try r.resolve()) }
        #expect(try container.resolve(Screen.self).viewModel.clock.now == 42)
    }

    @Test func resolvingOffTheMainActorIsAClearError() throws {
        let container = container(scope: .singleton)
        let line = MainActorTests.registrationLine
        let error = #expect(throws: ResolutionError.self) { try container.resolve(ViewModel.self) }
        #expect(error?.code == .mainActorRequired)
        #expect(
            error?.description == """
                Syringe: cannot resolve `ViewModel` off the main actor: its factory is isolated to the main actor.
                  while resolving  ViewModel
                  registered at  SyringeTests/MainActorTests.swift:\(line)
                  fix: resolve it from main-actor code (a @MainActor function, type or factory), or use try await \
                container.resolveAsync(ViewModel.self), which runs its factory on the main actor; to build it on any \
                thread, register it from nonisolated code (a nonisolated function: the top-level code of main.swift \
                runs on the main actor).
                """)
    }

    @Test func aBuiltMainActorSingletonIsStillRefusedOffTheMainActor() async throws {
        let container = container(scope: .singleton)
        _ = try await MainActor.run { try container.resolve(ViewModel.self) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(ViewModel.self) }
        // The text says why, though no factory would run (a user read "its factory" and thought it ran again).
        #expect(
            error?.description.hasPrefix(
                "Syringe: cannot resolve `ViewModel` off the main actor: its factory is isolated to the main actor. "
                    + "Its instance exists, but the synchronous API hands it out on the main actor only.\n") == true)
    }

    @Test func resolveAsyncHopsToTheMainActorAndBack() async throws {
        let container = container(scope: .singleton)
        let viewModel = try await container.resolveAsync(ViewModel.self)
        let onMain = await MainActor.run { try? container.resolve(ViewModel.self) }
        #expect(onMain === viewModel)
        #expect(viewModel.clock.now == 42)
    }

    @MainActor @Test func resolveAsyncFromTheMainActorBuildsInPlace() async throws {
        let container = container()
        let viewModel = try await container.resolveAsync(ViewModel.self)
        #expect(viewModel.title == "Trips")
    }

    @Test func aNonisolatedFactoryOffTheMainActorCannotResolveOne() throws {
        let container = container()
        container.register(Screen.self) { r in Screen(viewModel: try r.resolve()) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Screen.self) }
        #expect(error?.code == .mainActorRequired)
        #expect(error?.path.map(\.description) == ["Screen", "ViewModel"])
    }

    @MainActor @Test func aMainActorContainerPropertyIsCheckedAtCompileTime() {
        let container = Container()
        #expect(container.mainViewModel === container.mainViewModel)
    }

    @Test func mainActorDetectionFollowsTheActorNotTheThread() async {
        #expect(!MainActorCheck.isCurrent)
        #expect(await MainActor.run { MainActorCheck.isCurrent })
        #expect(await Task.detached { MainActorCheck.isCurrent }.value == false)
    }
}
