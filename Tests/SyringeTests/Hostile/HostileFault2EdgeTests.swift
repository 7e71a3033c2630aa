import Foundation
import Syringe
import Testing

final class F2ProviderHolder: Sendable {
    let provider: Provider<F2Service>
    init(_ provider: Provider<F2Service>) { self.provider = provider }
}

extension Scope {
    fileprivate static let f2EdgeRequest = Scope("hostile-fault2-edge-request")
}

/// More edges of the four areas: removal and async hooks of a synchronous reset, a failed build that made a
/// `Provider`, captive refusals, and cancellation deep in a long async chain.
@Suite("Hostile fault 2: edges", .timeLimit(.minutes(1)))
struct HostileFault2EdgeTests {
    /// `removeAll()` while an async singleton build awaits: the caller does not get an instance nobody keeps
    /// undisposed: the instance is disposed of once and freed; the container, empty, says `notRegistered`.
    @Test func removeAllWhileAnAsyncBuildAwaits() async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let log = F2Log()
        let built = WeakBox<F2Object>()
        let container = Container()
        container.register(F2Object.self, scope: .singleton) { () async -> F2Object in
            started.open()
            await gate.wait()
            let object = F2Object("late")
            built.value = object
            return object
        }.onDispose { object in log.add("dispose \(object.tag)") }
        let caller = Task { try await container.resolveAsync(F2Object.self).tag }
        await started.wait()
        container.removeAll()
        gate.open()
        let outcome = await bounded(5) { try await caller.value }
        #expect(!outcome.isHang)
        #expect(outcome.code == .notRegistered || outcome.value == "late", "\(outcome)")
        #expect(await f2Eventually { log.entries == ["dispose late"] }, "\(log.entries)")
        #expect(await f2Eventually { built.value == nil })
        #expect(f2Error { try container.resolve(F2Object.self) }?.code == .notRegistered)
    }

    /// A synchronous reset of instances of which one has an async hook: all hooks run, in order (newest first), in a
    /// task of their own, each once; the instances are freed after.
    @Test func aSynchronousResetWithOneAsyncHook() async throws {
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, name: "first", scope: .cached) { F2Object("first") }
            .onDispose { object in log.add("dispose \(object.tag)") }
        container.register(F2Object.self, name: "second", scope: .cached) { F2Object("second") }
            .onDispose { (object: F2Object) async in
                await Task.yield()
                log.add("dispose \(object.tag)")
            }
        container.register(F2Object.self, name: "third", scope: .cached) { F2Object("third") }
            .onDispose { object in log.add("dispose \(object.tag)") }
        let probes = [
            WeakBox(try container.resolve(F2Object.self, name: "first")),
            WeakBox(try container.resolve(F2Object.self, name: "second")),
            WeakBox(try container.resolve(F2Object.self, name: "third")),
        ]
        container.reset(.cached)
        #expect(await f2Eventually { log.entries.count == 3 })
        try? await Task.sleep(for: .milliseconds(20))
        #expect(log.entries == ["dispose third", "dispose second", "dispose first"])
        #expect(await f2Eventually { probes.allSatisfy { $0.value == nil } })
        #expect(try container.resolve(F2Object.self, name: "second").tag == "second")
    }

    /// A singleton's factory makes a `Provider` (which holds the container) and then throws: the failed build leaves
    /// nothing behind, so once the container is dropped it is freed.
    @Test func aFailedBuildThatMadeAProviderLeavesNothing() throws {
        let container = WeakBox<Container>()
        let holder = WeakBox<F2ProviderHolder>()
        do {
            let made = Container()
            container.value = made
            made.register(F2Service.self) { F2Service("service") }
            made.register(F2ProviderHolder.self, scope: .singleton) { (r: Resolution) throws -> F2ProviderHolder in
                let built = F2ProviderHolder(try r.resolve(Provider<F2Service>.self))
                holder.value = built
                throw HostileFailure(reason: "after the provider")
            }
            #expect(f2Error { try made.resolve(F2ProviderHolder.self) }?.code == .factoryFailed)
        }
        #expect(holder.value == nil)
        #expect(container.value == nil, "the container is kept alive by what the failed build made")
    }

    /// A singleton asking for a request-scoped instance inside `withScope` is refused (`captive`) with both names
    /// and a fix; the refusal keeps nothing: the request's other instances are disposed of once at the end, the
    /// singleton can still be built where it is allowed, and the scope's instance was not built for it.
    @Test func aCaptiveRefusalLosesNothing() async throws {
        let log = F2Log()
        let requestBuilds = HostileCounter()
        let container = Container()
        container.register(F2Service.self, scope: .f2EdgeRequest) { F2Service("request \(requestBuilds.increment())") }
            .onDispose { service in log.add("dispose \(service.name)") }
        container.register(F2Consumer.self, scope: .singleton) { r in F2Consumer(try r.resolve()) }
            .onDispose { _ in log.add("dispose consumer") }
        let error = await f2ErrorAsync {
            try await container.withScope(.f2EdgeRequest) {
                let service = try container.resolve(F2Service.self)
                #expect(service.name == "request 1")
                return try container.resolve(F2Consumer.self)
            }
        }
        #expect(error?.code == .captive)
        #expect(error?.path == [Key(F2Consumer.self), Key(F2Service.self)])
        let text = error.map { String(describing: $0) } ?? ""
        #expect(text.contains("F2Consumer") && text.contains("F2Service") && text.contains("fix:"), "\(text)")
        #expect(log.entries == ["dispose request 1"])
        #expect(requestBuilds.count == 1)
        // Outside any withScope the custom scope keeps one instance per container, which a singleton may hold.
        let consumer = try container.resolve(F2Consumer.self)
        #expect(consumer.service.name == "request 2")
        try await container.shutdown()
        #expect(log.entries == ["dispose request 1", "dispose consumer", "dispose request 2"])
    }

    /// A 1,000-deep async chain of singletons whose bottom awaits and is cancelled: `cancelled`, with the whole path;
    /// nothing is kept; the next resolve builds every node once more.
    @Test func cancellationAtTheBottomOfALongAsyncChain() async throws {
        let depth = 1_000
        let started = F2Gate()
        let builds = HostileCounter()
        let cancelOnce = F2Flag(true)
        let container = Container()
        for index in 0..<depth {
            let last = index == depth - 1
            container.register(F2Node.self, name: "n\(index)", scope: .singleton) {
                (r: Resolution) async throws -> F2Node in
                builds.increment()
                if last {
                    if cancelOnce.value {
                        cancelOnce.set(false)
                        started.open()
                        try await Task.sleep(for: .seconds(30))
                    }
                    return F2Node(index, next: nil)
                }
                return F2Node(index, next: try await r.resolveAsync(F2Node.self, name: "n\(index + 1)"))
            }
        }
        let task = Task { try await container.resolveAsync(F2Node.self, name: "n0") }
        await started.wait()
        task.cancel()
        let outcome = await bounded(10) { try await task.value }
        #expect(outcome.code == .cancelled, "\(outcome)")
        if case .error(let error as ResolutionError) = outcome {
            #expect(error.path.count == depth)
            #expect(error.path.first == Key(F2Node.self, name: "n0"))
        }
        #expect(container.instances(of: F2Node.self).isEmpty)
        #expect(builds.count == depth)
        let node = try await container.resolveAsync(F2Node.self, name: "n0")
        #expect(node.length == depth)
        #expect(builds.count == 2 * depth)
    }

    /// A request-scoped 1,000-deep async chain in `withScope`: the end of the call disposes of each node once,
    /// dependents first, and frees them.
    @Test func aLongChainInARequestScope() async throws {
        let depth = 1_000
        let log = F2Log()
        let container = Container()
        for index in 0..<depth {
            let last = index == depth - 1
            container.register(F2Node.self, name: "n\(index)", scope: .f2EdgeRequest) {
                (r: Resolution) async throws -> F2Node in
                F2Node(index, next: last ? nil : try await r.resolveAsync(F2Node.self, name: "n\(index + 1)"))
            }.onDispose { node in log.add("n\(node.index)") }
        }
        let probe = WeakBox<F2Node>()
        let length = try await container.withScope(.f2EdgeRequest) {
            let top = try await container.resolveAsync(F2Node.self, name: "n0")
            probe.value = try await container.resolveAsync(F2Node.self, name: "n\(depth - 1)")
            return top.length
        }
        #expect(length == depth)
        #expect(log.entries == (0..<depth).map { "n\($0)" })
        #expect(await f2Eventually { probe.value == nil })
    }

    /// A task group inside `withScope`: one child builds a request-scoped async instance, the others wait for it and
    /// half of them are cancelled; the cancelled ones get `cancelled`, the others the one instance, and the end of
    /// the call disposes of it once.
    @Test func cancelledSiblingsWaitingInsideWithScope() async throws {
        let gate = F2Gate()
        let started = F2Gate()
        let log = F2Log()
        let container = Container()
        container.register(F2Object.self, scope: .f2EdgeRequest) { () async -> F2Object in
            log.add("build")
            started.open()
            await gate.wait()
            return F2Object("request")
        }.onDispose { _ in log.add("dispose") }
        let codes = try await container.withScope(.f2EdgeRequest) { () async throws -> [String] in
            let builder = Task { try await container.resolveAsync(F2Object.self) }
            await started.wait()
            let waiters = (0..<6).map { _ in Task { try await container.resolveAsync(F2Object.self) } }
            for _ in 0..<20 { await Task.yield() }
            for (index, waiter) in waiters.enumerated() where index.isMultiple(of: 2) { waiter.cancel() }
            var codes: [String] = []
            for (index, waiter) in waiters.enumerated() where index.isMultiple(of: 2) {
                let outcome = await bounded(5) { try await waiter.value }
                codes.append(outcome.code.map { "\($0)" } ?? "\(outcome)")
            }
            gate.open()
            let built = try await builder.value
            for (index, waiter) in waiters.enumerated() where !index.isMultiple(of: 2) {
                #expect(try await waiter.value === built)
            }
            return codes
        }
        #expect(codes == ["cancelled", "cancelled", "cancelled"])
        #expect(log.entries == ["build", "dispose"])
    }
}
