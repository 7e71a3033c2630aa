import Foundation
import Syringe
import Testing

final class F2Service: Sendable {
    let name: String
    init(_ name: String) { self.name = name }
}
final class F2Consumer: Sendable {
    let service: F2Service
    init(_ service: F2Service) { self.service = service }
}
final class F2Unregistered: Sendable {}
final class F2AsyncOnly: Sendable {}
final class F2LoopA: Sendable { init(_: F2LoopB) {} }
final class F2LoopB: Sendable { init(_: F2LoopA) {} }

/// Bad input loses nothing: after a failed registration (a test's configuration that throws) or a failed resolve of
/// any kind, the container answers everything it answered before, with the same kept instances; each error names
/// the key, the path and a fix. And user code that re-enters the container while a build or a disposal runs.
@Suite("Hostile fault 2: bad input loses nothing", .timeLimit(.minutes(1)))
struct HostileFault2BadInputTests {
    private func populated(_ log: F2Log) -> Container {
        let container = Container()
        container.register(F2Service.self, scope: .singleton) { F2Service("singleton") }
            .onDispose { _ in log.add("dispose singleton") }
        container.register(F2Service.self, name: "cached", scope: .cached) { F2Service("cached") }
        container.register(F2Service.self, name: "args", scope: .singleton) { (_: Resolution, n: Int) in
            F2Service("args \(n)")
        }
        container.register(F2Consumer.self) { r in F2Consumer(try r.resolve()) }
        container.register(F2AsyncOnly.self, scope: .singleton) { () async in F2AsyncOnly() }
        container.register(F2LoopA.self) { r in F2LoopA(try r.resolve()) }
        container.register(F2LoopB.self) { r in F2LoopB(try r.resolve()) }
        container.register(F2Object.self, name: "failing", scope: .singleton) { () throws -> F2Object in
            throw HostileFailure(reason: "always")
        }
        return container
    }

    @Test func everyKindOfFailedResolveLosesNothing() async throws {
        let log = F2Log()
        let container = populated(log)
        let singleton = try container.resolve(F2Service.self)
        let cached = try container.resolve(F2Service.self, name: "cached")
        let withArguments = try container.resolve(F2Service.self, name: "args", arguments: 1)
        let asyncOnly = try await container.resolveAsync(F2AsyncOnly.self)

        func expectIntact(_ context: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
            #expect(try container.resolve(F2Service.self) === singleton, "\(context)", sourceLocation: sourceLocation)
            #expect(
                try container.resolve(F2Service.self, name: "cached") === cached, "\(context)",
                sourceLocation: sourceLocation)
            #expect(
                try container.resolve(F2Service.self, name: "args", arguments: 1) === withArguments, "\(context)",
                sourceLocation: sourceLocation)
            #expect(try container.resolve(F2Consumer.self).service === singleton, sourceLocation: sourceLocation)
            #expect(
                try await container.resolveAsync(F2AsyncOnly.self) === asyncOnly, "\(context)",
                sourceLocation: sourceLocation)
            #expect(log.entries.isEmpty, "\(context)", sourceLocation: sourceLocation)
        }

        // Not registered.
        let missing = f2Error { try container.resolve(F2Unregistered.self) }
        #expect(missing?.code == .notRegistered)
        #expect(missing?.summary.contains("F2Unregistered") == true)
        #expect(missing?.fix.contains("container.register(F2Unregistered.self)") == true, "\(missing?.fix ?? "")")
        try await expectIntact("notRegistered")

        // A name nobody registered, one typo away.
        let typo = f2Error { try container.resolve(F2Service.self, name: "cashed") }
        #expect(typo?.code == .notRegistered)
        #expect(typo?.fix.contains("did you mean name: \"cached\"") == true, "\(typo?.fix ?? "")")
        try await expectIntact("typo")

        // Wrong arguments, and none.
        let wrongArguments = f2Error { try container.resolve(F2Service.self, name: "args", arguments: "one") }
        #expect(wrongArguments?.code == .argumentMismatch)
        #expect(String(describing: wrongArguments).contains("Int"))
        try await expectIntact("argumentMismatch")

        // A cycle.
        let cycle = f2Error { try container.resolve(F2LoopA.self) }
        #expect(cycle?.code == .cycle)
        #expect(cycle?.path == [Key(F2LoopA.self), Key(F2LoopB.self), Key(F2LoopA.self)])
        #expect(cycle?.summary.contains("F2LoopA → F2LoopB → F2LoopA") == true)
        try await expectIntact("cycle")

        // A factory that throws, twice: it is asked again, and fails again the same way.
        for _ in 0..<2 {
            let failed = f2Error { try container.resolve(F2Object.self, name: "failing") }
            #expect(failed?.code == .factoryFailed)
            #expect(failed?.summary.contains("HostileFailure(always)") == true)
            #expect(failed?.fix.contains("HostileFault2BadInputTests.swift") == true)
        }
        try await expectIntact("factoryFailed")

        // An async registration asked synchronously, once it is kept.
        let refused = f2Error { try container.resolve(F2AsyncOnly.self) }
        #expect(refused?.code == .asyncRequired)
        #expect(refused?.fix.contains("resolveAsync(F2AsyncOnly.self)") == true)
        try await expectIntact("asyncRequired")

        // A failed resolve through a child, whose own registration throws, leaves the parent alone.
        let child = Container(parent: container)
        child.register(F2Service.self) { () throws -> F2Service in throw HostileFailure(reason: "child") }
        let childFailure = f2Error { try child.resolve(F2Consumer.self) }
        #expect(childFailure?.code == .factoryFailed)
        #expect(childFailure?.path == [Key(F2Consumer.self), Key(F2Service.self)])
        try await expectIntact("a child's failure")

        try await container.shutdown()
        #expect(log.entries == ["dispose singleton"])
    }

    /// A test's configuration that registers, builds and then throws: the operation never runs, the bound container
    /// is as before (its registrations and kept instances), and what the configuration built is freed.
    @Test func aThrowingTestConfigurationLosesNothing() throws {
        let configured = WeakBox<F2Service>()
        let operationRan = F2Flag(false)
        try Container.withOverrides {
            $0.register(F2Service.self, name: "fault2-outer", scope: .singleton) { F2Service("outer") }
        } operation: {
            let outer = try Container.shared.resolve(F2Service.self, name: "fault2-outer")
            #expect(throws: HostileFailure.self) {
                try Container.withOverrides {
                    $0.register(F2Service.self, name: "fault2-outer", scope: .singleton) { F2Service("inner") }
                    $0.register(F2Service.self, name: "fault2-inner", scope: .singleton) { F2Service("inner") }
                    configured.value = try $0.resolve(F2Service.self, name: "fault2-inner")
                    throw HostileFailure(reason: "configuration")
                } operation: {
                    operationRan.set(true)
                }
            }
            #expect(!operationRan.value)
            #expect(configured.value == nil)
            #expect(try Container.shared.resolve(F2Service.self, name: "fault2-outer") === outer)
            #expect(!Container.shared.isRegistered(F2Service.self, name: "fault2-inner"))
        }
    }

    // MARK: User code that re-enters the container

    /// A singleton's factory replaces its own registration, then returns: the replaced build is not kept, it is
    /// disposed of once and freed, and the request gets the replacement's instance (DesignDecisions, "A replaced
    /// registration never builds again").
    @Test(arguments: [false, true])
    func aFactoryThatReplacesItsOwnRegistration(async: Bool) async throws {
        let log = F2Log()
        let old = WeakBox<F2Object>()
        let container = Container()
        let replace: @Sendable () -> F2Object = {
            container.register(F2Object.self, scope: .singleton) { F2Object("v2") }
                .onDispose { object in log.add("dispose \(object.tag)") }
            let object = F2Object("v1")
            old.value = object
            return object
        }
        if async {
            container.register(F2Object.self, scope: .singleton) { () async -> F2Object in replace() }
                .onDispose { object in log.add("dispose \(object.tag)") }
        } else {
            container.register(F2Object.self, scope: .singleton) { replace() }
                .onDispose { object in log.add("dispose \(object.tag)") }
        }
        let got = try await container.resolveAsync(F2Object.self)
        #expect(got.tag == "v2")
        #expect(try await container.resolveAsync(F2Object.self) === got)
        #expect(await f2Eventually { log.entries == ["dispose v1"] })
        #expect(await f2Eventually { old.value == nil })
        try await container.shutdown()
        #expect(log.entries == ["dispose v1", "dispose v2"])
    }

    /// A singleton's factory resolves a kept dependency, then resets everything, then returns: the reset overtook
    /// the build, so it is not kept (it goes to its caller and is disposed of once); the dependency is disposed of
    /// once; the next resolve builds both anew, and keeps them.
    @Test func aFactoryThatResetsTheContainerWhileItBuilds() async throws {
        let log = F2Log()
        let container = Container()
        let builds = HostileCounter()
        container.register(F2Service.self, scope: .singleton) { F2Service("dependency \(builds.increment())") }
            .onDispose { service in log.add("dispose \(service.name)") }
        let consumerBuilds = HostileCounter()
        container.register(F2Consumer.self, scope: .singleton) { r in
            let service: F2Service = try r.resolve()
            if consumerBuilds.increment() == 1 { r.container.resetAll() }
            return F2Consumer(service)
        }.onDispose { consumer in log.add("dispose consumer of \(consumer.service.name)") }
        let first = try container.resolve(F2Consumer.self)
        #expect(first.service.name == "dependency 1")
        #expect(
            log.entries.sorted() == ["dispose consumer of dependency 1", "dispose dependency 1"],
            "\(log.entries)")
        let second = try container.resolve(F2Consumer.self)
        #expect(second !== first)
        #expect(second.service.name == "dependency 2")
        #expect(try container.resolve(F2Consumer.self) === second)
        #expect(builds.count == 2 && consumerBuilds.count == 2)
    }

    /// An `onDispose` hook that resolves its own key while `resetAll` runs: the new instance is kept, and disposed
    /// of once later; nothing is disposed of twice.
    @Test func aDisposeHookThatResolvesItsOwnKey() async throws {
        let log = F2Log()
        let container = Container()
        let builds = HostileCounter()
        container.register(F2Object.self, scope: .singleton) { F2Object("n\(builds.increment())") }
            .onDispose { object in
                log.add("dispose \(object.tag)")
                if object.tag == "n1" { _ = try container.resolve(F2Object.self) }
            }
        _ = try container.resolve(F2Object.self)
        container.resetAll()
        #expect(log.entries == ["dispose n1"])
        #expect(builds.count == 2)
        #expect(try container.resolve(F2Object.self).tag == "n2")
        try await container.shutdown()
        #expect(log.entries == ["dispose n1", "dispose n2"])
    }

    /// `withScope` whose operation throws and whose hook throws: the operation's error comes out (documented), and
    /// every hook ran once.
    @Test func withScopeWhoseOperationAndHookThrow() async throws {
        let log = F2Log()
        let container = Container()
        let scope = Scope("hostile-fault2-bad-input")
        container.register(F2Object.self, name: "a", scope: scope) { F2Object("a") }
            .onDispose { _ in
                log.add("dispose a")
                throw HostileFailure(reason: "hook")
            }
        container.register(F2Object.self, name: "b", scope: scope) { F2Object("b") }
            .onDispose { _ in log.add("dispose b") }
        await #expect(throws: HostileFailure.self) {
            try await container.withScope(scope) {
                _ = try container.resolve(F2Object.self, name: "a")
                _ = try container.resolve(F2Object.self, name: "b")
                throw HostileFailure(reason: "operation")
            }
        }
        #expect(log.entries == ["dispose b", "dispose a"])
        let error = await f2ErrorAsync {
            try await container.withScope(scope) { _ = try container.resolve(F2Object.self, name: "a") }
        }
        #expect(error?.code == .multiple)
        #expect(error?.errors.first?.code == .disposeFailed)
        #expect(String(describing: error).contains("HostileFailure(hook)"))
    }

    /// A factory that resolves through the captured container (a resolution of its own) and fails: the error that
    /// comes out should still say which registration's factory led there.
    @Test func aFailureThroughTheCapturedContainerNamesTheOuterRegistration() throws {
        let container = Container()
        container.register(F2Consumer.self) { F2Consumer(try container.resolve(F2Service.self)) }
        let error = f2Error { try container.resolve(F2Consumer.self) }
        #expect(error?.code == .notRegistered)
        #expect(
            error?.path.first == Key(F2Consumer.self),
            "the error names only \(error?.path ?? []): \(error.map { String(describing: $0) } ?? "")")
    }
}
