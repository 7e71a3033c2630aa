import Foundation
import Syringe
import Testing

final class Part1: Sendable {}
final class Part2: Sendable {}
final class Part3: Sendable {}
final class Part4: Sendable {}
final class Part5: Sendable {
    let parts: (Part1, Part2, Part3, Part4)
    init(_ a: Part1, _ b: Part2, _ c: Part3, _ d: Part4) { parts = (a, b, c, d) }
}

/// Request scopes leave nothing behind: every instance is deallocated and the resident memory stays flat.
@Suite("Lifetimes: request scope memory")
struct RequestScopeMemoryTests {
    @Test func aHundredThousandScopesLeaveMemoryFlat() async {
        await #expect(processExitsWith: .success) {
            let container = Container()
            let disposed = Counter()
            container.register(Part1.self, scope: .request) { Part1() }.onDispose { _ in disposed.increment() }
            container.register(Part2.self, scope: .request) { Part2() }.onDispose { _ in disposed.increment() }
            container.register(Part3.self, scope: .request) { Part3() }.onDispose { _ in disposed.increment() }
            container.register(Part4.self, scope: .request) { Part4() }.onDispose { _ in disposed.increment() }
            container.register(Part5.self, scope: .request) { r in
                Part5(try r.resolve(), try r.resolve(), try r.resolve(), try r.resolve())
            }.onDispose { _ in disposed.increment() }
            weak var last: Part5?
            func round() async throws {
                let part = try await container.withScope(.request) { try container.resolve(Part5.self) }
                last = part
            }
            for _ in 0..<10_000 { try await round() }
            let warm = residentBytes()
            for _ in 0..<100_000 { try await round() }
            if let warm, let now = residentBytes(), now - warm >= 1 << 20 {
                fatalError("resident memory grew by \(now - warm) bytes")
            }
            if last != nil { fatalError("the last request's instances are still alive") }
            if disposed.count != 110_000 * 5 { fatalError("disposed \(disposed.count) instances") }
        }
    }
}

/// A registration of a custom scope replaced (or removed) leaves nothing behind: what its factory captured is
/// released once no open scope needs it, and a container that replaces its registrations again and again does
/// not make every scope it opens larger.
@Suite("Lifetimes: replaced registrations of a custom scope")
struct ReplacedScopedRegistrationTests {
    final class Captured: Sendable {}

    /// Registers `Part1` in `container` with a factory that captures an object of its own, and builds it once in a
    /// scope opened and closed for it; returns a weak reference to what the factory captured.
    private func registerCapturing(in container: Container) throws -> WeakBox<Captured> {
        let captured = Captured()
        container.register(Part1.self, scope: .request) {
            _ = captured; return Part1()
        }
        let scope = container.openScope(.request)
        _ = try scope.resolve(Part1.self)
        try scope.closeNow()
        return WeakBox(captured)
    }

    @Test func whatAReplacedFactoryCapturedIsReleased() throws {
        let container = Container()
        let captured = try registerCapturing(in: container)
        container.register(Part1.self, scope: .request) { Part1() }
        let scope = container.openScope(.request)
        _ = try scope.resolve(Part1.self)
        try scope.closeNow()
        #expect(captured.value == nil)
    }

    /// With no scope open, a replaced registration goes at once, whatever scopes it built in before.
    @Test func whatAReplacedFactoryCapturedIsReleasedAtOnceWhenNoScopeIsOpen() throws {
        let container = Container()
        let captured = try registerCapturing(in: container)
        container.register(Part1.self, scope: .request) { Part1() }
        #expect(captured.value == nil)
    }

    /// A scope open when a registration of its kind is replaced keeps the replaced one (it may hold an instance of
    /// it to dispose of) until the scope goes, and no longer.
    @Test func aReplacedRegistrationGoesWithTheLastScopeOpenedBeforeIt() throws {
        let container = Container()
        container.register(Part2.self, scope: .request) { Part2() }
        let captured = try registerCapturing(in: container)
        var scopes: [ContainerScope] = []
        for _ in 0..<2 {
            let scope = container.openScope(.request)
            _ = try scope.resolve(Part2.self)
            scopes.append(scope)
        }
        _ = try scopes[0].resolve(Part1.self)
        container.register(Part1.self, scope: .request) { Part1() }
        for scope in scopes { _ = try scope.resolve(Part1.self) }
        try scopes[0].closeNow()
        scopes.removeFirst()
        try scopes[0].closeNow()
        scopes.removeAll()
        #expect(captured.value == nil)
    }

    /// A container that goes takes its registrations of custom scopes with it, once its scopes are gone.
    @Test func aContainerThatGoesTakesItsScopedRegistrations() throws {
        let captured: WeakBox<Captured>
        weak var weakContainer: Container?
        do {
            let container = Container()
            weakContainer = container
            captured = try registerCapturing(in: container)
        }
        #expect(weakContainer == nil)
        #expect(captured.value == nil)
    }

    @Test func anOpenScopeKeepsDisposingWhatAReplacedRegistrationBuilt() throws {
        let container = Container()
        let disposed = Counter()
        container.register(Part1.self, scope: .request) { Part1() }.onDispose { _ in disposed.increment() }
        let scope = container.openScope(.request)
        let first = try scope.resolve(Part1.self)
        container.register(Part1.self, scope: .request) { Part1() }.onDispose { _ in disposed.increment() }
        let second = try scope.resolve(Part1.self)
        #expect(first !== second)
        #expect(try scope.resolve(Part1.self) === second)
        try scope.closeNow()
        #expect(disposed.count == 2)
    }

    @Test func anOpenScopeResolvesAsyncTheReplacingRegistrationsOwnInstance() async throws {
        let container = Container()
        let disposed = Counter()
        container.register(Part1.self, scope: .request) { Part1() }.onDispose { _ in disposed.increment() }
        let scope = container.openScope(.request)
        let first = try await scope.resolveAsync(Part1.self)
        container.register(Part1.self, scope: .request) { Part1() }.onDispose { _ in disposed.increment() }
        let second = try await scope.resolveAsync(Part1.self)
        #expect(first !== second)
        #expect(try await scope.resolveAsync(Part1.self) === second)
        try await scope.close()
        #expect(disposed.count == 2)
    }

    /// After `removeAll()`, a registration of another type takes the freed index: a scope opened before still
    /// holds the removed one's instance there, and gives the new registration an instance of its own type.
    @Test func aFreedIndexTakenByAnotherTypeInAnOpenScope() throws {
        let container = Container()
        let disposed = Counter()
        container.register(Part1.self, scope: .request) { Part1() }.onDispose { _ in disposed.increment() }
        let scope = container.openScope(.request)
        _ = try scope.resolve(Part1.self)
        container.removeAll()
        container.register(String.self, scope: .request) { "a string" }.onDispose { _ in disposed.increment() }
        #expect(try scope.resolve(String.self) == "a string")
        let fresh = container.openScope(.request)
        #expect(try fresh.resolve(String.self) == "a string")
        try fresh.closeNow()
        #expect(disposed.count == 1)
        try scope.closeNow()
        #expect(disposed.count == 3)
    }

    @Test func replacingRegistrationsDoesNotGrowEveryScope() async {
        await #expect(processExitsWith: .success) {
            let container = Container()
            func round() throws {
                container.register(Part1.self, scope: .request) { Part1() }
                container.register(Part2.self, scope: .request) { Part2() }
                let scope = container.openScope(.request)
                _ = try scope.resolve(Part1.self)
                _ = try scope.resolve(Part2.self)
                try scope.closeNow()
            }
            for _ in 0..<1_000 { try round() }
            let warm = residentBytes()
            for _ in 0..<20_000 { try round() }
            if let warm, let now = residentBytes(), now - warm >= 1 << 20 {
                fatalError("resident memory grew by \(now - warm) bytes")
            }
        }
    }
}
