import Foundation

@testable import Syringe

/// A thread-safe counter for counting factory runs.
final class Counter: Sendable {
    private let value = Protected(0)

    @discardableResult
    func increment() -> Int {
        value.withLock {
            $0 += 1; return $0
        }
    }

    @discardableResult
    func decrement() -> Int {
        value.withLock {
            $0 -= 1; return $0
        }
    }

    var count: Int { value.withLock { $0 } }
}

/// Collects values from many threads.
final class Collector<Element: Sendable>: Sendable {
    private let storage = Protected<[Element]>([])

    func append(_ element: Element) { storage.withLock { $0.append(element) } }

    var elements: [Element] { storage.withLock { $0 } }
}

/// Runs `body` on `count` real threads (not the cooperative pool, so blocking is fine) and waits for all.
func runOnThreads(_ count: Int, stackSize: Int = 1 << 20, _ body: @escaping @Sendable (Int) -> Void) {
    let group = DispatchGroup()
    for index in 0..<count {
        group.enter()
        let thread = Thread {
            body(index)
            group.leave()
        }
        thread.stackSize = stackSize
        thread.start()
    }
    group.wait()
}

/// Lets `parties` threads wait until all of them have arrived.
final class Barrier: Sendable {
    private let state: Protected<Int>
    private let parties: Int

    init(parties: Int) {
        self.parties = parties
        self.state = Protected(0)
    }

    func arriveAndWait() {
        state.withLock { $0 += 1 }
        while state.withLock({ $0 }) < parties { usleep(100) }
    }
}

/// Test doubles used across suites.
protocol Engine: Sendable { var name: String { get } }
protocol EngineProtocol: Sendable {}
struct V8Engine: Engine, EngineProtocol { var name = "V8" }
final class TestEngine: Engine { let name = "Test" }
protocol Transmission: Sendable { var kind: String { get } }
final class ManualTransmission: Transmission { let kind = "manual" }
final class Car: Sendable {
    let engine: any Engine
    let transmission: any Transmission
    init(engine: any Engine, transmission: any Transmission) {
        self.engine = engine
        self.transmission = transmission
    }
}
protocol Token: Sendable { var value: String { get } }
struct StagingToken: Token { let value = "staging" }
struct ProductionToken: Token { let value = "prod" }
struct Greeter: Sendable {
    let name: String
    let times: Int
    init(_ name: String, _ times: Int) {
        self.name = name
        self.times = times
    }
    var greeting: String { Array(repeating: "Hello, \(name)!", count: times).joined(separator: " ") }
}
final class Service: Sendable {
    let id: Int
    init(id: Int = 0) { self.id = id }
}
struct Failure: Error, CustomStringConvertible {
    let reason: String
    var description: String { "Failure(\(reason))" }
}
