#if Macros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Macros: @InjectionConsumer's expansion and diagnostics")
struct InjectionConsumerMacroTests {
    @Test func theInjectedPropertiesAreListedExceptKeyPaths() {
        assertExpansion(
            """
            @InjectionConsumer
            public final class GarageModel {
                @Inject var car: Car
                @Inject(name: "utc") var clock: any Clock
                @Inject(\\.api) var api: any APIClient
                var visits = 0
            }
            """,
            """
            public final class GarageModel {
                var car: Car {
                    get {
                        _$car
                    }
                }

                private let _$car: Car = Syringe.Injected<Car>(fileID: "TestModule/test.swift", line: 3).wrappedValue
                var clock: any Clock {
                    get {
                        _$clock
                    }
                }

                private let _$clock: any Clock = Syringe.Injected<any Clock>(name: "utc", fileID: "TestModule/test.swift", line: 4).wrappedValue
                var api: any APIClient {
                    get {
                        _$api
                    }
                }

                private let _$api: any APIClient = Syringe.Injected<any APIClient>(\\.api, fileID: "TestModule/test.swift", line: 5).wrappedValue
                var visits = 0
            }

            extension GarageModel: Syringe.InjectionConsumer {
                public nonisolated static var injectedDependencies: Syringe.InjectedDependencies {
                    Syringe.InjectedDependencies([Syringe.DeclaredDependency(Car.self), Syringe.DeclaredDependency((any Clock).self, name: "utc")], fileID: "TestModule/test.swift", line: 1)
                }
            }
            """)
    }

    @Test func aTypeWithoutInjectOrThatCannotHaveItIsReported() {
        assertExpansion(
            """
            @InjectionConsumer
            struct Empty {
                var visits = 0
            }
            @InjectionConsumer
            enum Screen {}
            """,
            """
            struct Empty {
                var visits = 0
            }
            enum Screen {}

            extension Empty: Syringe.InjectionConsumer {
                nonisolated static var injectedDependencies: Syringe.InjectedDependencies {
                    Syringe.InjectedDependencies([], fileID: "TestModule/test.swift", line: 1)
                }
            }
            """,
            diagnostics: [
                DiagnosticSpec(
                    message: "no @Inject property: verify(consumers:) has nothing to check for this type", line: 1,
                    column: 1, severity: .warning),
                DiagnosticSpec(
                    message: "@InjectionConsumer applies to a class, a struct or an actor", line: 5, column: 1),
            ])
    }
}
#endif
