// swift-dependencies' DependencyKeyTests and ActorTests: a key's values per context, live-only keys in strict
// tests, and overrides seen from actors.
import Syringe
import Testing

private struct DpOnlyDefaultKey: InjectionKey {
    static var defaultValue: Int { 42 }
}

private struct DpLiveOnlyKey: InjectionKey {
    static var defaultValue: Int { 42 }
    static var isLiveOnly: Bool { true }
}

private struct DpLiveOnlyWithTestValueKey: InjectionKey {
    static var defaultValue: Int { 42 }
    static var testValue: Int { 0 }
    static var isLiveOnly: Bool { true }
}

extension Container {
    fileprivate var dpLiveOnly: Int {
        get { self[DpLiveOnlyKey.self] }
        set { self[DpLiveOnlyKey.self] = newValue }
    }
    fileprivate var dpLiveOnlyWithTestValue: Int { self[DpLiveOnlyWithTestValueKey.self] }
}

/// Reads keys from its own isolation.
private actor DpReader {
    @Injected(\.dpNumber) var made: Int

    func number() -> Int { Container[\.dpNumber] }
}

@Suite("DependenciesParity: keys")
struct DependenciesParityKeyTests {
    /// A key that gives only its live value gives it as its test and preview value too.
    @Test func aKeyWithOnlyALiveValueCascades() {
        #expect(DpOnlyDefaultKey.defaultValue == 42)
        #expect(DpOnlyDefaultKey.testValue == 42)
        #expect(DpOnlyDefaultKey.previewValue == 42)
    }

    /// A strict test that reads a live-only key it did not override is reported, naming the key.
    @Test func aLiveOnlyKeyReadInAStrictTestIsReported() {
        let reported = DpLocked([String]())
        let value = Container.withOverrides(strict: { key in reported.withValue { $0.append("\(key)") } }) { _ in
        } operation: {
            Container[\.dpLiveOnly]
        }
        #expect(value == 42)
        #expect(reported.value.count == 1)
        #expect(reported.value.first?.contains("DpLiveOnlyKey") == true)
    }

    /// A live-only key that gives a test value, or that the test overrides, is not reported.
    @Test func aLiveOnlyKeyWithATestValueOrOverrideIsNotReported() {
        let reported = DpLocked(0)
        let values = Container.withOverrides(strict: { _ in reported.withValue { $0 += 1 } }) {
            $0.dpLiveOnly = 7
        } operation: {
            [Container[\.dpLiveOnly], Container[\.dpLiveOnlyWithTestValue]]
        }
        #expect(values == [7, 0])
        #expect(reported.value == 0)
    }

    /// Overrides are seen by an actor's method called inside the operation, and by an actor made there.
    @Test func anActorSeesTheOverrides() async {
        let outside = DpReader()
        let values = await Container.withOverrides {
            $0.dpNumber = 7
        } operation: {
            [await outside.number(), await DpReader().made]
        }
        #expect(values == [7, 7])
    }

    /// An async `withOverrides` called on the main actor runs its operation there, with the overrides.
    @MainActor
    @Test func asyncOverridesOnTheMainActorStayThere() async {
        let value = await Container.withOverrides {
            $0.dpNumber = 9
        } operation: {
            MainActor.assertIsolated()
            await Task.yield()
            MainActor.assertIsolated()
            return Container[\.dpNumber]
        }
        #expect(value == 9)
    }
}
