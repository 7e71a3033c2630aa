import Dispatch

/// Tells, without trapping, whether the caller runs on the main actor.
///
/// `MainActor.assumeIsolated` traps when the caller is elsewhere, and the main *thread* is the wrong
/// question: where the main queue is drained by `dispatchMain()` (servers, test runners on Linux), main-actor
/// code runs on other threads. The main actor's executor is the main dispatch queue, so this marks that
/// queue once and asks whether the code runs on it. Used only for `@MainActor` registrations.
enum MainActorCheck {
    private static let marker = DispatchSpecificKey<UInt8>()
    private static let installed: Bool = {
        DispatchQueue.main.setSpecific(key: marker, value: 1)
        return true
    }()

    /// Whether the current code runs on the main actor (the main queue).
    static var isCurrent: Bool {
        _ = installed
        return DispatchQueue.getSpecific(key: marker) != nil
    }
}
