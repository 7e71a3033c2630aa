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
            "")
    }

    @Test func namesAndArgumentsBecomeAParameterList() {
        assertExpansion(
            """
            @Injectable(names: ["transmission": "rear", "clock": Clocks.utc], arguments: ["name", "times"])
            public struct Greeter {
                public init(clock: any Clock, transmission gear: any Transmission, _ name: String, times: @escaping () -> Int) async throws {}
                init(name: String) {}
            }
            """,
            "")
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
            "")
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
            "")
    }

    @Test func diagnostics() {
        assertExpansion(
            """
            @Injectable
            struct Settings {
                let token: String
            }
            @Injectable
            struct Pair {
                init(a: Int) {}
                init(b: Int) {}
            }
            @Injectable
            final class Maybe {
                init?(value: Int) {}
            }
            @Injectable
            class Open {
                init() {}
            }
            @Injectable
            final class Defaulted {
                init(retries: Int = 3, names: String..., count: inout Int, shape: some Shape) {}
            }
            @Injectable
            protocol Service {}
            @Injectable
            struct Token: Component {
                init() {}
            }
            @Injectable
            final class Generic {
                init<T>(value: T) {}
            }
            """,
            "")
    }

    @Test func namesAndArgumentsThatDoNotFit() {
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
            "")
    }
}
#endif
