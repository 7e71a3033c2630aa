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
            "")
    }

    @Test func diagnostics() {
        assertExpansion(
            """
            @InjectionConsumer
            struct Empty {
                var visits = 0
            }
            @InjectionConsumer
            enum Screen {}
            """,
            "")
    }
}
#endif
