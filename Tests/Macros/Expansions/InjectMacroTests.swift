#if Macros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Macros: @Inject's expansion and diagnostics")
struct InjectMacroTests {
    @Test func aPropertyBecomesAGetterOfALetResolvedAtInitialisation() {
        assertExpansion(
            """
            final class Garage: Sendable {
                @Inject var car: Car
                @Inject(name: "rear") var transmission: any Transmission
                @Inject(\\.api) var api: any APIClient
            }
            """,
            """
            final class Garage: Sendable {
                var car: Car {
                    get {
                        _$car
                    }
                }

                private let _$car: Car = Syringe.Injected<Car>(fileID: "TestModule/test.swift", line: 2).wrappedValue
                var transmission: any Transmission {
                    get {
                        _$transmission
                    }
                }

                private let _$transmission: any Transmission = Syringe.Injected<any Transmission>(name: "rear", fileID: "TestModule/test.swift", line: 3).wrappedValue
                var api: any APIClient {
                    get {
                        _$api
                    }
                }

                private let _$api: any APIClient = Syringe.Injected<any APIClient>(\\.api, fileID: "TestModule/test.swift", line: 4).wrappedValue
            }
            """)
    }

    @Test func anObservableClassNeedsObservationIgnoredAfterInject() {
        assertExpansion(
            """
            @Observable final class GarageModel {
                @Inject @ObservationIgnored var car: Car
                @Inject var engine: any Engine
                @ObservationIgnored @Inject var clock: any Clock
            }
            """,
            """
            @Observable final class GarageModel {
                @ObservationIgnored var car: Car {
                    get {
                        _$car
                    }
                }

                private let _$car: Car = Syringe.Injected<Car>(fileID: "TestModule/test.swift", line: 2).wrappedValue
                var engine: any Engine
                @ObservationIgnored var clock: any Clock
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "in an @Observable class, write @ObservationIgnored after @Inject: @Observable turns "
                        + "every stored 'var' into a tracked property before @Inject can make it a getter (a "
                        + "dependency is not state)", line: 3, column: 13,
                    fixIts: [FixItSpec(message: "write @ObservationIgnored after @Inject")]),
                DiagnosticSpec(
                    message: "write @ObservationIgnored after @Inject: the compiler takes the getter from the first "
                        + "accessor macro", line: 4, column: 33,
                    fixIts: [FixItSpec(message: "write @ObservationIgnored after @Inject")]),
            ],
            fixed: """
                @Observable final class GarageModel {
                    @Inject @ObservationIgnored var car: Car
                    @Inject @ObservationIgnored var engine: any Engine
                    @Inject @ObservationIgnored var clock: any Clock
                }
                """)
    }

    @Test func aLetOrAValueIsFixed() {
        assertExpansion(
            """
            final class Garage {
                @Inject let car: Car
                @Inject var clock: any Clock = UTCClock()
            }
            """,
            """
            final class Garage {
                let car: Car
                var clock: any Clock = UTCClock()
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Inject needs a 'var': it turns the property into a getter of the resolved dependency "
                        + "(stored in a private 'let')", line: 2, column: 13, fixIts: [FixItSpec(message: "use 'var'")]),
                DiagnosticSpec(
                    message: "@Inject resolves the value of `clock`: a value written here would never be used",
                    line: 3, column: 34, fixIts: [FixItSpec(message: "remove the value")]),
            ],
            fixed: """
                final class Garage {
                    @Inject var car: Car
                    @Inject var clock: any Clock
                }
                """)
    }

    @Test func declarationsThatCannotHoldADependency() {
        assertExpansion(
            """
            final class Garage {
                @Inject(\\.api) var api
                @Inject static var shared: Garage
                @Inject var computed: Int { 1 }
                @Inject weak var owner: Owner?
            }
            extension Garage {
                @Inject var later: Car
            }
            """,
            """
            final class Garage {
                var api
                static var shared: Garage
                var computed: Int { 1 }
                weak var owner: Owner?
            }
            extension Garage {
                var later: Car
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "@Inject needs the type of `api`: a macro cannot infer it, so write `var api: Type`",
                    line: 2, column: 24),
                DiagnosticSpec(
                    message: "@Inject cannot be 'static': it resolves one dependency per instance and keeps it "
                        + "strongly", line: 3, column: 13),
                DiagnosticSpec(
                    message: "@Inject writes the getter of `computed`: remove these accessors", line: 4, column: 31),
                DiagnosticSpec(
                    message: "@Inject cannot be 'weak': it resolves one dependency per instance and keeps it strongly",
                    line: 5, column: 13),
                DiagnosticSpec(
                    message: "@Inject stores its dependency: declare the property in the body of a class, struct or "
                        + "actor", line: 8, column: 13),
            ])
    }
}
#endif
