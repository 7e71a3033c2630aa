#if Macros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Macros: @Injectable's expansion and diagnostics")
struct InjectableMacroTests {
    @Test func aPlainInitializerIsHandedToUsingWithTheScope() {
        assertExpansion(
            """
            @Injectable(scope: .singleton)
            final class Car {
                init(engine: any Engine, transmission: any Transmission, logger: Lazy<Logger>) {}
            }
            """,
            """
            final class Car {
                init(engine: any Engine, transmission: any Transmission, logger: Lazy<Logger>) {}
            }

            extension Car: Syringe.Injectable {
                nonisolated static func register(
                    in registrar: Syringe.InjectableRegistrar<Car>
                ) -> Syringe.Registration<Car> {
                    registrar.register(scope: .singleton, using: Car.init(engine:transmission:logger:))
                }
            }
            """)
    }

    @Test func namesAndArgumentsBecomeAParameterList() {
        assertExpansion(
            """
            @Injectable(names: ["transmission": "rear", "clock": Clocks.utc], arguments: ["name", "times"])
            public struct Greeter {
                public init(clock: any Clock, transmission gear: any Transmission, _ name: String, times: @escaping () -> Int) async throws {}
            }
            """,
            """
            public struct Greeter {
                public init(clock: any Clock, transmission gear: any Transmission, _ name: String, times: @escaping () -> Int) async throws {}
            }

            extension Greeter: Syringe.Injectable {
                public nonisolated static func register(
                    in registrar: Syringe.InjectableRegistrar<Greeter>
                ) -> Syringe.Registration<Greeter> {
                    registrar.register(parameters: [.named(Clocks.utc), .named("rear"), .argument, .argument], arguments: String.self, (() -> Int).self, using: Greeter.init(clock:transmission:_:times:))
                }
            }
            """)
    }

    @Test func aTypeWithoutInitializersIsBuiltByInit() {
        assertExpansion(
            """
            @Injectable
            package actor Counter {
                var count = 0
                var label: String?
                static let shared: Counter
            }
            """,
            """
            package actor Counter {
                var count = 0
                var label: String?
                static let shared: Counter
            }

            extension Counter: Syringe.Injectable {
                package nonisolated static func register(
                    in registrar: Syringe.InjectableRegistrar<Counter>
                ) -> Syringe.Registration<Counter> {
                    registrar.register(using: Counter.init)
                }
            }
            """)
    }

    @Test func aGenericTypeAndAConvenienceInitializer() {
        assertExpansion(
            """
            @Injectable(scope: .cached)
            final class Box<Value> {
                init(value: Value) {}
                convenience init() { self.init(value: 0 as! Value) }
            }
            """,
            """
            final class Box<Value> {
                init(value: Value) {}
                convenience init() { self.init(value: 0 as! Value) }
            }

            extension Box: Syringe.Injectable {
                nonisolated static func register(
                    in registrar: Syringe.InjectableRegistrar<Box>
                ) -> Syringe.Registration<Box> {
                    registrar.register(scope: .cached, using: Box.init(value:))
                }
            }
            """)
    }

    @Test func noOrSeveralDesignatedInitializers() {
        assertExpansion(
            """
            @Injectable
            struct Settings {
                let token: String
            }
            """,
            """
            struct Settings {
                let token: String
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "`Settings` has no designated initializer for @Injectable to read: declare the one "
                        + "that builds it (a memberwise initializer is not read)", line: 1, column: 1)
            ])
        assertExpansion(
            """
            @Injectable
            struct Pair {
                init(a: Int) {}
                init(b: Int) {}
            }
            """,
            """
            struct Pair {
                init(a: Int) {}
                init(b: Int) {}
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "`Pair` has 2 designated initializers and @Injectable reads one: keep that one in the "
                        + "type's body and move the others to an extension (as convenience initializers, for a class)",
                    line: 1, column: 1,
                    notes: [
                        NoteSpec(message: "designated initializer", line: 3, column: 5),
                        NoteSpec(message: "designated initializer", line: 4, column: 5),
                    ])
            ])
    }

    @Test func aFailableInitializerAndANonFinalClassAreFixed() {
        assertExpansion(
            """
            @Injectable
            class Maybe {
                init?(value: Int) {}
            }
            """,
            """
            class Maybe {
                init?(value: Int) {}
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Injectable needs a final class: a subclass would inherit a conformance that registers "
                        + "`Maybe`", line: 2, column: 1, fixIts: [FixItSpec(message: "make the class final")]),
                DiagnosticSpec(
                    message: "a failable initializer cannot build a registration (it would return nil): make it throw",
                    line: 3, column: 9, fixIts: [FixItSpec(message: "remove '?'")]),
            ],
            fixed: """
                @Injectable
                final class Maybe {
                    init(value: Int) {}
                }
                """)
    }

    @Test func parametersThatCannotBeResolved() {
        assertExpansion(
            """
            @Injectable
            final class Defaulted {
                init(retries: Int = 3, names: String..., count: inout Int, shape: some Shape) {}
            }
            @Injectable
            final class Generic {
                init<T>(value: T) {}
            }
            """,
            """
            final class Defaulted {
                init(retries: Int = 3, names: String..., count: inout Int, shape: some Shape) {}
            }
            final class Generic {
                init<T>(value: T) {}
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "the default value of `retries` would never be used: every parameter is resolved (or "
                        + "passed as a run-time argument); remove it, or keep that initializer out of the type's body",
                    line: 3, column: 23, fixIts: [FixItSpec(message: "remove the default value")]),
                DiagnosticSpec(
                    message: "a variadic parameter (`names`) cannot be resolved: take an array", line: 3, column: 41),
                DiagnosticSpec(message: "an inout parameter (`count`) cannot be resolved", line: 3, column: 53),
                DiagnosticSpec(
                    message: "an opaque parameter (`shape`) is generic: name its type, or `any` of its protocol",
                    line: 3, column: 71),
                DiagnosticSpec(
                    message: "a generic initializer is not one function: @Injectable needs its parameter types",
                    line: 7, column: 9),
            ])
    }

    @Test func notATypeItCanRegister() {
        assertExpansion(
            """
            @Injectable
            protocol Service {}
            @Injectable
            struct Token: Component {
                init() {}
            }
            """,
            """
            protocol Service {}
            struct Token: Component {
                init() {}
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Injectable applies to a final class, a struct, an enum or an actor", line: 1, column: 1),
                DiagnosticSpec(
                    message: "a Component is registered by its init(); @Injectable too would make register(_:) "
                        + "ambiguous: keep one of the two", line: 4, column: 15),
            ])
    }

    @Test func namesAndArgumentsThatDoNotFitTheInitializer() {
        assertExpansion(
            """
            @Injectable(arguments: ["name"])
            final class Clock {
                init() {}
            }
            @Injectable(names: ["clok": "utc"], arguments: ["name"])
            final class Greeter {
                init(clock: any Clock) {}
            }
            @Injectable(names: ["name": "x"], arguments: ["times", "name"])
            final class Both {
                init(name: String, times: Int) {}
            }
            @Injectable(names: names, arguments: [first])
            final class Literals {
                init(name: String) {}
            }
            """,
            """
            final class Clock {
                init() {}
            }
            final class Greeter {
                init(clock: any Clock) {}
            }
            final class Both {
                init(name: String, times: Int) {}
            }
            final class Literals {
                init(name: String) {}
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "`init` has no parameter `name`: the registration would take no arguments", line: 1,
                    column: 25),
                DiagnosticSpec(
                    message: "`init(clock:)` has no parameter `clok` (it has `clock`)", line: 5, column: 21),
                DiagnosticSpec(
                    message: "`init(clock:)` has no parameter `name` (it has `clock`)", line: 5, column: 49),
                DiagnosticSpec(
                    message: "`name` is both named and a run-time argument: an argument is passed, never resolved, "
                        + "so it has no registration name", line: 9, column: 56),
                DiagnosticSpec(
                    message: "list the run-time arguments in the initializer's order, the order "
                        + "resolve(_:arguments:) passes them: [\"name\", \"times\"]", line: 9, column: 46),
                DiagnosticSpec(
                    message: "write the names as a literal: [\"parameter\": \"name\"]", line: 13, column: 20),
                DiagnosticSpec(
                    message: "name a parameter of the initializer with a string literal", line: 13, column: 39),
            ])
    }
}
#endif
