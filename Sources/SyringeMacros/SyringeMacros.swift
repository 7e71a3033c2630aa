#if Macros
@_exported import Syringe

/// Declares the type's registration: `container.register(Car.self)` registers it by its designated
/// initializer, with its dependencies declared (as `register(Car.self, using: Car.init)` does), so that
/// `container.verify()` sees its edges.
///
/// ```swift
/// @Injectable(scope: .singleton, names: ["transmission": "rear"])
/// final class Car {
///     init(engine: any Engine, transmission: any Transmission, logger: Lazy<Logger>) { … }
/// }
/// @Injectable(arguments: ["name"])
/// final class Greeter { init(clock: any Clock, name: String) { … } }
///
/// container.register(Car.self)
/// let greeter = try container.resolve(Greeter.self, arguments: "Ada")
/// ```
///
/// The macro writes an ``Syringe/Injectable`` conformance that hands the initializer, as a function value,
/// to the registration API: an `async` or `@MainActor` initializer makes an async or main-actor registration,
/// whatever isolation the module gives it by default.
///
/// - Parameters:
///   - scope: The scope of `register(Car.self)`; `register(Car.self, scope:)` overrides it.
///   - names: A registration name per parameter, by the parameter's label or name: `["transmission": "rear"]`
///     resolves `transmission` as `resolve((any Transmission).self, name: "rear")`.
///   - arguments: The parameters passed at resolve time, in the initializer's order: the registration takes
///     their types as arguments (`resolve(Greeter.self, arguments: "Ada")`).
@attached(extension, conformances: Injectable, names: named(register))
public macro Injectable(scope: Scope = .unique, names: [String: String] = [:], arguments: [String] = []) =
    #externalMacro(module: "SyringeMacrosPlugin", type: "InjectableMacro")

/// A stored dependency, resolved by its type when the owner is initialised, without a property wrapper: it
/// works in `Sendable` final classes, actors and (with `@ObservationIgnored`) `@Observable` classes.
///
/// ```swift
/// final class Garage: Sendable {
///     @Inject var car: Car
///     @Inject(name: "rear") var transmission: any Transmission
/// }
/// ```
///
/// The property becomes a getter of a private `let`, resolved through `Container.shared` as `@Injected` is;
/// a failure stops the program with the resolve's message and the property's place.
@attached(accessor, names: named(get))
@attached(peer, names: prefixed(`_$`))
public macro Inject() = #externalMacro(module: "SyringeMacrosPlugin", type: "InjectMacro")

/// A stored dependency, resolved by its type and a registration name when the owner is initialised.
///
/// ```swift
/// @Inject(name: "rear") var transmission: any Transmission
/// ```
@attached(accessor, names: named(get))
@attached(peer, names: prefixed(`_$`))
public macro Inject(name: String) = #externalMacro(module: "SyringeMacrosPlugin", type: "InjectMacro")

/// A stored dependency, resolved through a key path of `Container` when the owner is initialised.
///
/// ```swift
/// @Inject(\.api) var api: any APIClient
/// ```
@attached(accessor, names: named(get))
@attached(peer, names: prefixed(`_$`))
public macro Inject<Value>(_ keyPath: KeyPath<Container, Value>) =
    #externalMacro(module: "SyringeMacrosPlugin", type: "InjectMacro")

/// Lists what the type's `@Inject` properties resolve, so that `container.verify(consumers:)` checks those
/// needs for a type that nobody registers.
///
/// ```swift
/// @Observable @InjectionConsumer
/// final class GarageModel {
///     @ObservationIgnored @Inject var car: Car
/// }
/// try container.verify(consumers: [GarageModel.self])
/// ```
@attached(extension, conformances: InjectionConsumer, names: named(injectedDependencies))
public macro InjectionConsumer() = #externalMacro(module: "SyringeMacrosPlugin", type: "InjectionConsumerMacro")
#endif
