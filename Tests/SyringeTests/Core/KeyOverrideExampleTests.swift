import Testing

@testable import Syringe

/// The override a strict test's report suggests, per kind of key: valid Swift a test can paste.
@Suite("Core: how a test overrides a key")
struct KeyOverrideExampleTests {
    @Test func aTypeKeyIsRegistered() {
        #expect(Key((any Clock).self).overrideExample == "$0.register((any Clock).self) { … }")
        #expect(
            Key(FixedClock.self, name: "utc").overrideExample == "$0.register(FixedClock.self, name: \"utc\") { … }")
    }

    @Test func aPropertyOfContainerIsAssignedOrOverriddenByItsKeyPath() {
        let key = Key.property("network", of: Container.self, in: #fileID, as: Int.self)
        #expect(key.overrideExample == "$0.network = … or $0.override(\\.network) { … }")
    }

    @Test func aSubContainersPropertyNamesNoPathItCannotKnow() {
        struct Login: SubContainer { let container: Container }
        let key = Key.property("viewModel", of: Login.self, in: #fileID, as: Int.self)
        #expect(key.overrideExample == "assign a mock through its key path, or $0.override(\\.…) { … }")
    }
}
