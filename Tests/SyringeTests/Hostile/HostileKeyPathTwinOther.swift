import Syringe

// The other half of `HostileKeyPathIdentityTests`: properties of the same names as that file's, declared in
// another file (as two modules of one app may declare them).

final class HTwinB: Sendable {}

extension Container {
    fileprivate var hostileTwin: HTwinB { provide(.cached) { HTwinB() } }
    fileprivate var hostileSetting: Int {
        get { provide(.cached) { 2 } }
        set { override(newValue) }
    }
}

struct HTwinSub: SubContainer {
    let container: Container
}

extension HTwinSub {
    fileprivate var twin: Int { provide(.singleton) { 20 } }
}

/// Reads this file's properties, for the other file's tests.
enum HTwinOther {
    static func twin(_ container: Container) -> HTwinB { container.hostileTwin }
    static func setting(_ container: Container) -> Int { container.hostileSetting }
    static func setSetting(_ container: Container, _ value: Int) { container.hostileSetting = value }
    static func subTwin(_ container: Container) -> Int { HTwinSub(container: container).twin }
}
