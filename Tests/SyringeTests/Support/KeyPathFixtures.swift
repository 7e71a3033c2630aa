@testable import Syringe

// MARK: Keys (seed 000)

protocol TemperatureProviding: Sendable { var celsius: Double { get } }
struct LiveTemperatureProvider: TemperatureProviding { let celsius = 21.0 }
struct MockTemperatureProvider: TemperatureProviding { let celsius = -5.0 }

/// Counts how often key defaults are evaluated.
enum Evaluations {
    static let temperature = Counter()
    static let clock = Counter()
    static let sharedOverride = Counter()
}

/// A key whose default counts its own evaluations, one count per `Tag`: a test that counts evaluations gives
/// it a tag of its own, as a key read by other suites is also evaluated by them while the tests run in parallel.
struct CountingKey<Tag>: InjectionKey {
    static var defaultValue: any TemperatureProviding {
        Evaluations.counter(for: Tag.self).increment()
        return LiveTemperatureProvider()
    }
}

extension Evaluations {
    private static let counters = Protected<[ObjectIdentifier: Counter]>([:])

    /// The evaluations of `CountingKey<Tag>`'s default.
    static func counter<Tag>(for tag: Tag.Type) -> Counter {
        counters.withLock { counters in
            if let counter = counters[ObjectIdentifier(tag)] { return counter }
            let counter = Counter()
            counters[ObjectIdentifier(tag)] = counter
            return counter
        }
    }
}

private struct TemperatureProviderKey: InjectionKey {
    static var defaultValue: any TemperatureProviding {
        Evaluations.temperature.increment()
        return LiveTemperatureProvider()
    }
}

final class TickingClock: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

private struct ClockKey: InjectionKey {
    static var defaultValue: TickingClock { TickingClock(id: Evaluations.clock.increment()) }
    static var scope: Scope { .unique }
}

/// A key used only by the test that overrides it through `Container[\.x] = …` on the shared container.
private struct SharedOverrideKey: InjectionKey {
    static var defaultValue: any TemperatureProviding {
        Evaluations.sharedOverride.increment()
        return LiveTemperatureProvider()
    }
}

extension Container {
    var temperatureProvider: any TemperatureProviding {
        get { self[TemperatureProviderKey.self] }
        set { self[TemperatureProviderKey.self] = newValue }
    }

    var tickingClock: TickingClock {
        get { self[ClockKey.self] }
        set { self[ClockKey.self] = newValue }
    }

    var sharedOverrideProvider: any TemperatureProviding {
        get { self[SharedOverrideKey.self] }
        set { self[SharedOverrideKey.self] = newValue }
    }

    var login: LoginContainer { LoginContainer(container: self) }
    var mapped: MappedContainer { MappedContainer(container: self) }
    var api: APIClient { provide(.singleton) { APIClient() } }
    var session: Session { provide(.cached) { Session() } }
    var carFromRegistry: Car {
        provide { Car(engine: resolved(), transmission: resolved()) }
    }
}

// MARK: Sub-containers (seed 001)

protocol LoginUseCase: AnyObject, Sendable { var kind: String { get } }
final class DefaultLoginUseCase: LoginUseCase { let kind = "default" }
final class MockLoginUseCase: LoginUseCase { let kind = "mock" }
protocol LoginViewModel: AnyObject, Sendable {
    var kind: String { get }
    var useCase: any LoginUseCase { get }
}
final class DefaultLoginViewModel: LoginViewModel {
    let kind = "default"
    let useCase: any LoginUseCase
    init(useCase: any LoginUseCase) { self.useCase = useCase }
}
final class MockLoginViewModel: LoginViewModel {
    let kind = "mock"
    let useCase: any LoginUseCase = MockLoginUseCase()
}
final class APIClient: Sendable {}
final class Session: Sendable {}
final class FormValidator: Sendable {}

struct LoginContainer: SubContainer {
    let container: Container
    var viewModel: any LoginViewModel { provide { DefaultLoginViewModel(useCase: useCase) } }
    /// Overridable: the factory returns the declared type, so a mock of another class fits.
    var useCase: any LoginUseCase {
        get { provide(.cached) { DefaultLoginUseCase() as any LoginUseCase } }
        nonmutating set { override(newValue) }
    }
    /// An explicit `return` makes a plain closure, which Swift infers as `DefaultLoginUseCase`: an override of another
    /// class cannot be returned through it.
    var concreteUseCase: any LoginUseCase {
        get { provide(.cached) { return DefaultLoginUseCase() } }
        nonmutating set { override(newValue) }
    }
    /// The README's shape: no `as any LoginUseCase`, no `return`. The property's type decides what it builds.
    var inferredUseCase: any LoginUseCase {
        get { provide(.cached) { DefaultLoginUseCase() } }
        nonmutating set { override(newValue) }
    }
    /// Same type as `useCase`, so the two must stay distinct.
    var otherUseCase: any LoginUseCase { provide(.cached) { DefaultLoginUseCase() } }
    var mockViewModel: any LoginViewModel { MockLoginViewModel() }
    var forms: FormsContainer { FormsContainer(container: container) }
}

struct FormsContainer: SubContainer {
    let container: Container
    var validator: FormValidator { provide(.singleton) { FormValidator() } }
}

/// Key paths used only by the mapper tests: the mapper is process-wide.
struct MappedContainer: SubContainer {
    let container: Container
    var viewModel: any LoginViewModel { provide(.cached) { DefaultLoginViewModel(useCase: DefaultLoginUseCase()) } }
    var mockViewModel: any LoginViewModel { MockLoginViewModel() }
    var previewViewModel: any LoginViewModel { MockLoginViewModel() }
}
