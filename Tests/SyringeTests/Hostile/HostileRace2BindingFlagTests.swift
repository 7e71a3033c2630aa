import Foundation
import Syringe
import Testing

/// Held open while a key's default is read through a container that is not the shared one.
private let r2BindingGate = HGate()

private struct R2GatedKey: InjectionKey {
    static var defaultValue: Int {
        r2BindingGate.pass()
        return 1
    }
}

private struct R2MockedKey: InjectionKey {
    static var defaultValue: Int { 0 }
}

extension Container {
    fileprivate var race2Gated: Int { self[R2GatedKey.self] }
    fileprivate var race2Mocked: Int {
        get { self[R2MockedKey.self] }
        set { self[R2MockedKey.self] = newValue }
    }
}

@Suite("HostileRace2: the first bindings of a process", .timeLimit(.minutes(1)))
struct HostileRace2BindingFlagTests {
    /// In a process that never bound a container, one thread reads a key's default through a plain container (the
    /// default runs with that container bound "for the length of one synchronous call"); meanwhile a test binds its
    /// container with `withOverrides`. Once the default returned, the test's operation must still see its own
    /// container: found broken, `Container.shared` went back to the process-wide container (its override of the key
    /// unseen, its registrations unseen, its reads building process-wide singletons), because the binding's
    /// `noteBinding()` saw the flag held and never set it.
    @Test func aBindingMadeWhileAKeyDefaultIsReadElsewhereIsNotLost() async {
        await #expect(processExitsWith: .success) {
            let plain = Container()
            let reader = Thread { _ = plain.race2Gated }
            reader.start()
            r2BindingGate.waitForArrival()
            let seen = Container.withOverrides {
                $0.race2Mocked = 42
            } operation: { () -> (before: Int, after: Int, same: Bool) in
                let before = Container[\.race2Mocked]
                let test = Container.shared
                r2BindingGate.openGate()
                // The reader's default returns and its hold on the flag ends.
                while !reader.isFinished { usleep(100) }
                let after = Container[\.race2Mocked]
                return (before, after, Container.shared === test)
            }
            guard seen.before == 42 else { exit(2) }
            guard seen.same else { exit(3) }
            guard seen.after == 42 else { exit(4) }
        }
    }
}
