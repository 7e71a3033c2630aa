#if Macros
import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("Macros: @Injectable's expansion")
struct InjectableMacroTests {
    @Test func plainInitializerIsHandedToUsing() {
        assertExpansion(
            """
            @Injectable(scope: .singleton)
            final class Car {
                init(engine: any Engine, transmission: any Transmission, logger: Lazy<Logger>) {}
            }
            """,
            "")
    }

    @Test func namesAndArguments() {
        assertExpansion(
            """
            @Injectable(names: ["transmission": "rear", "clock": Clocks.utc], arguments: ["name", "times"])
            public struct Greeter {
                public init(clock: any Clock, transmission gear: any Transmission, _ name: String, times: @escaping () -> Int) async throws {}
            }
            """,
            "")
    }

    @Test func implicitInit() {
        assertExpansion(
            """
            @Injectable
            package actor Counter {
                var count = 0
                var label: String?
                convenience init(count: Int) { self.init() }
            }
            """,
            "")
    }
}
#endif
