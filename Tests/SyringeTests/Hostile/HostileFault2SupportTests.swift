import Foundation
import Syringe
import Testing

/// Helpers of the `HostileFault2*` suites (public API only).

/// A class whose life a test watches (weak probes) and whose builds it counts.
final class F2Object: @unchecked Sendable {  // `tag` and `held` are written before the instance is shared
    let tag: String
    var held: [AnyObject] = []
    init(_ tag: String, holding: [AnyObject] = []) {
        self.tag = tag
        self.held = holding
    }
}

/// An ordered log from any thread.
final class F2Log: Sendable {
    private let box = HostileBox<[String]>([])
    func add(_ entry: String) { box.withLock { $0.append(entry) } }
    var entries: [String] { box.current }
    func count(_ entry: String) -> Int { entries.filter { $0 == entry }.count }
    func count(prefix: String) -> Int { entries.filter { $0.hasPrefix(prefix) }.count }
}

/// A gate that async tasks wait on (suspended, not blocked) until it opens.
typealias F2Gate = OpenOnce

/// A flag from any thread.
final class F2Flag: Sendable {
    private let box: HostileBox<Bool>
    init(_ value: Bool) { box = HostileBox(value) }
    var value: Bool {
        get { box.current }
        set { box.withLock { $0 = newValue } }
    }
    func set(_ value: Bool) { box.withLock { $0 = value } }
}

/// Waits (sleeping, bounded) until `condition` holds; returns whether it did.
func f2Eventually(_ seconds: Double = 30, _ condition: @Sendable () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds * hangGuardScale)
    while Date() < deadline {
        if condition() { return true }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return condition()
}

/// The `ResolutionError` a body throws, or nil (recording an issue) when it throws something else or nothing.
func f2Error<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> T
) -> ResolutionError? {
    do {
        _ = try body()
        Issue.record("expected a ResolutionError, got a value", sourceLocation: sourceLocation)
    } catch let error as ResolutionError {
        return error
    } catch {
        Issue.record("expected a ResolutionError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

func f2ErrorAsync<T>(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> T
) async -> ResolutionError? {
    do {
        _ = try await body()
        Issue.record("expected a ResolutionError, got a value", sourceLocation: sourceLocation)
    } catch let error as ResolutionError {
        return error
    } catch {
        Issue.record("expected a ResolutionError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}
