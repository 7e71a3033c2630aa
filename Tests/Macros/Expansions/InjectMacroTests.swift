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
            "")
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
            "")
    }

    @Test func diagnostics() {
        assertExpansion(
            """
            final class Garage {
                @Inject let car: Car
                @Inject let engine: any Engine = V8()
                @Inject var clock: any Clock = UTCClock()
                @Inject(\\.api) var api
                @Inject static var shared: Garage
                @Inject var a: Int, b: Int
                @Inject var computed: Int { 1 }
                @Inject weak var owner: Owner?
            }
            extension Garage {
                @Inject var later: Car
            }
            """,
            "")
    }
}
#endif
