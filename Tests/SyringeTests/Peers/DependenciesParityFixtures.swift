// Fixtures for the DependenciesParity suites: the shapes of dependency that swift-dependencies' own tests use,
// written as Syringe keys and `Container` properties.
import Foundation
import Syringe

/// A value guarded by a lock, for state shared between tasks and threads.
final class DpLocked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value { lock.withLock { stored } }

    func set(_ newValue: Value) {
        lock.withLock { stored = newValue }
    }

    @discardableResult
    func withValue<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.withLock { body(&stored) }
    }
}

/// A number with a live and a test value.
struct DpNumberKey: InjectionKey {
    static var defaultValue: Int { -1 }
    static var testValue: Int { 42 }
}

/// A string with a live and a test value.
struct DpTextKey: InjectionKey {
    static var defaultValue: String { "hello" }
    static var testValue: String { "goodbye" }
}

/// An optional value whose live value is not `nil`, and no test value.
struct DpOptionalKey: InjectionKey {
    static var defaultValue: String? { "live" }
}

/// A value type that is its own key, with a value for each context.
struct DpFull: InjectionKey, Sendable, Equatable {
    var value: Int
    static var defaultValue: DpFull { DpFull(value: 1) }
    static var previewValue: DpFull { DpFull(value: 2) }
    static var testValue: DpFull { DpFull(value: 3) }
}

/// A client whose state lives in the instance a container keeps.
struct DpReuseClient: InjectionKey, Sendable {
    var count: @Sendable () -> Int
    var setCount: @Sendable (Int) -> Void
    static var defaultValue: DpReuseClient {
        let count = DpLocked(0)
        return DpReuseClient(count: { count.value }, setCount: { count.set($0) })
    }
}

/// A client with one endpoint.
struct DpSome: InjectionKey, Sendable {
    var fetch: @Sendable () -> Int
    static var defaultValue: DpSome { DpSome { 42 } }
}

/// Reads `DpSome` when it is built.
struct DpEarly: InjectionKey, Sendable {
    var fetch: @Sendable () -> Int
    static var defaultValue: DpEarly {
        let some = Container[\.dpSome]
        return DpEarly { some.fetch() }
    }
}

/// Reads `DpSome` each time it is called.
struct DpLate: InjectionKey, Sendable {
    var fetch: @Sendable () -> Int
    static var defaultValue: DpLate { DpLate { Container[\.dpSome].fetch() } }
}

/// A counter that starts at zero in each container that builds it.
actor DpCounterActor: InjectionKey {
    private var count = 0
    static var defaultValue: DpCounterActor { DpCounterActor() }

    func increment() -> Int {
        count += 1
        return count
    }
}

/// A client whose test value counts how often it was built.
struct DpCountedInit: InjectionKey, Sendable {
    static let builds = DpLocked(0)
    var fetch: @Sendable () -> Int
    static var defaultValue: DpCountedInit {
        builds.withValue { $0 += 1 }
        return DpCountedInit { 42 }
    }
}

/// A client for `Container[Key.self]` reads and writes of one endpoint.
struct DpEndpointClient: InjectionKey, Sendable {
    var get: @Sendable () -> Int
    static var defaultValue: DpEndpointClient { DpEndpointClient { 42 } }
}

extension Container {
    var dpNumber: Int {
        get { self[DpNumberKey.self] }
        set { self[DpNumberKey.self] = newValue }
    }
    var dpText: String {
        get { self[DpTextKey.self] }
        set { self[DpTextKey.self] = newValue }
    }
    var dpOptional: String? {
        get { self[DpOptionalKey.self] }
        set { self[DpOptionalKey.self] = newValue }
    }
    var dpFull: DpFull {
        get { self[DpFull.self] }
        set { self[DpFull.self] = newValue }
    }
    var dpReuse: DpReuseClient {
        get { self[DpReuseClient.self] }
        set { self[DpReuseClient.self] = newValue }
    }
    var dpSome: DpSome {
        get { self[DpSome.self] }
        set { self[DpSome.self] = newValue }
    }
    var dpEarly: DpEarly {
        get { self[DpEarly.self] }
        set { self[DpEarly.self] = newValue }
    }
    var dpLate: DpLate {
        get { self[DpLate.self] }
        set { self[DpLate.self] = newValue }
    }
    var dpCounter: DpCounterActor { self[DpCounterActor.self] }
    var dpCountedInit: DpCountedInit { self[DpCountedInit.self] }
}

/// A model that resolves its dependencies when it is made.
struct DpFeature: Sendable {
    @Injected(\.dpFull) var full
}

/// A model that keeps the dependencies it was made with and hands them to the models it makes.
struct DpModel: Sendable {
    @Injected(\.dpNumber) var number
    @Injected(\.dpText) var text
    let dependencies = Container.current

    func child() -> DpModel {
        dependencies.withCurrent { DpModel() }
    }

    func laterChild() async -> DpModel {
        await dependencies.withCurrent {
            await Task.yield()
            return DpModel()
        }
    }
}
