import Testing

@testable import ComponentsExample
@testable import ContainerPropertiesExample
@testable import InjectionPatternsExample
@testable import KeysExample
@testable import ModulesExample

/// Each example's output, checked line by line. The examples use `Container.shared`, so they run one
/// after another.
@Suite("Examples", .serialized)
struct ExamplesTests {
    @Test func keys() {
        #expect(
            KeysExample.run() == [
                "default: Lisbon: 14.5 °C",
                "overridden: Lisbon: 30.0 °C",
                "set for the app: Lisbon: 30.0 °C",
                "reset: Lisbon: 14.5 °C",
            ])
    }

    @Test func containerProperties() {
        #expect(
            ContainerPropertiesExample.run() == [
                "screen: Sign in",
                "one cached use case: true",
                "remapped: Sign in (preview)",
                "reset: Sign in",
            ])
    }

    @Test func modules() throws {
        #expect(
            try ModulesExample.run() == [
                "tracking with GPS",
                "GPS fixes cleared",
                "tracking with mock location",
                "mock fixes cleared",
                "validate(): 1 problem, notRegistered",
            ])
    }

    @Test func injectionPatterns() throws {
        #expect(
            try InjectionPatternsExample.run() == [
                "constructor: V8 with 6 gears",
                "setter: the garage holds a V8 car",
                "interface: the kit car got a V8 engine",
            ])
    }

    @Test func components() {
        #expect(
            ComponentsExample.run() == [
                "app: settings abc123, token prod",
                "test: token TESTTOKEN",
            ])
    }
}
