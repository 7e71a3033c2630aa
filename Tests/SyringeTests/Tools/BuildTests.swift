import Testing

@testable import Syringe

final class Ping: Sendable {
    let pong: Pong
    init(_ pong: Pong) { self.pong = pong }
}
final class Pong: Sendable {
    let ping: Ping
    init(_ ping: Ping) { self.ping = ping }
}
final class HomeScreen: Sendable {
    let network: any Network
    init(network: any Network) { self.network = network }
}
final class DiskStore: Sendable {}

@Suite("Modules: build() and validate()")
struct BuildTests {
    @Test func buildCreatesEverySingletonNowAndOnlyOnce() throws {
        let counter = Counter()
        let container = Container {
            Register(Service.self, scope: .singleton) { Service(id: counter.increment()) }
            Register(LocationService.self, scope: .singleton) {
                counter.increment()
                return GPSLocationService()
            }
        }
        #expect(counter.count == 0)
        try container.build()
        #expect(counter.count == 2)
        #expect(container.instances(of: Any.self).count == 2)
        _ = try container.resolve(Service.self)
        _ = try container.resolve(LocationService.self)
        try container.build()
        #expect(counter.count == 2)
    }

    @Test func buildRunsNoOtherScopeAndNothingThatTakesArguments() throws {
        let counter = Counter()
        let container = Container {
            Register(Service.self) { Service(id: counter.increment()) }
            Register(Service.self, name: "graph", scope: .graph) { Service(id: counter.increment()) }
            Register(Service.self, name: "cached", scope: .cached) { Service(id: counter.increment()) }
            Register(Service.self, name: "session", scope: Scope("session")) { Service(id: counter.increment()) }
            Register(Service.self, name: "args", scope: .singleton) { (_, id: Int) in
                counter.increment()
                return Service(id: id)
            }
        }
        try container.build()
        #expect(counter.count == 0)
    }

    @Test func aContainerWithoutProblemsBuildsWithoutThrowing() throws {
        try Container().build()
        try Container { AppModule() }.build()
    }

    @Test func buildReportsAMissingDependencyACycleAndAFailingFactoryInOneError() throws {
        let counter = Counter()
        let line = #line + 2
        let container = Container {
            Register(HomeScreen.self, scope: .singleton) { r in HomeScreen(network: try r.resolve()) }
            Register(Ping.self, scope: .singleton) { r in Ping(try r.resolve()) }
            Register(Pong.self) { r in Pong(try r.resolve()) }
            Register(DiskStore.self, scope: .singleton) { () throws -> DiskStore in throw Failure(reason: "disk full") }
            Register(Service.self, scope: .singleton) { Service(id: counter.increment()) }
        }
        let file = "SyringeTests/BuildTests.swift"
        let buildLine = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.build() }
        #expect(error?.code == .multiple)
        #expect(error?.errors.map(\.code) == [.notRegistered, .cycle, .factoryFailed])
        #expect(error?.errors.map(\.line) == [line, line + 1, line + 3])
        #expect(error?.path == [])
        #expect(error?.fileID == file)
        #expect(error?.line == buildLine)
        #expect(
            error?.description == """
                Syringe: build() found 3 problems.
                  1. cannot resolve `any Network` (no registration).
                      while resolving  HomeScreen → any Network
                      requested at  \(file):\(line)
                      fix: container.register((any Network).self) { … }.
                  2. cannot resolve `Ping`: dependency cycle Ping → Pong → Ping.
                      while resolving  Ping → Pong → Ping
                      registered at  \(file):\(line + 1)
                      fix: break the cycle: register one side with scope: .graph and set its back-reference in \
                .onCreated { instance, r in … } instead of in its factory.
                  3. cannot resolve `DiskStore`: its factory threw Failure(disk full).
                      while resolving  DiskStore
                      registered at  \(file):\(line + 3)
                      fix: make the factory registered at \(file):\(line + 3) succeed, or catch the error where \
                you resolve (the original is `underlyingError`).
                  fix: fix the problems above in order (a later one can follow from an earlier one), then run \
                build() again.
                """)
        // The failures stopped nothing: the healthy singleton after them was built.
        #expect(counter.count == 1)
        #expect((error?.errors[2].underlyingError as? Failure)?.reason == "disk full")
    }

    /// A chain of singletons too deep for the thread's stack, registered top first: each registration of the
    /// chain, built in turn, runs out of stack at a link of its own. That is one problem, reported once; and
    /// the failed builds kept nothing that breaks a later resolve from a thread with room.
    @Test func aChainTooDeepForTheThreadIsOneProblem() async throws {
        let depth = 400
        let container = Container()
        for index in 0..<depth {
            let next = "\(index + 1)"
            let last = index == depth - 1
            container.register(HLink.self, name: "\(index)", scope: .singleton) { r in
                HLink(next: last ? nil : try r.resolve(HLink.self, name: next))
            }
        }
        // 256 KiB: a debug build runs out of it within ~50 links, so most of the chain's registrations fail.
        let built = await boundedOnThreadAsync(60, stackSize: 256 * 1024) { () -> Int in
            try container.build()
            return 0
        }
        #expect(!built.isHang)
        if case .error(let thrown) = built {
            let error = thrown as? ResolutionError
            #expect(error?.code == .multiple)
            #expect(error?.errors.map(\.code) == [.tooDeep])
            #expect(error?.summary == "build() found 1 problem.")
            #expect(error?.errors.first?.summary.contains("KiB of stack left") == true)
        }  // else an optimised build had room for the whole chain: nothing to report
        let length = await boundedOnThreadAsync(60, stackSize: 64 << 20) {
            try container.resolve(HLink.self, name: "0").length
        }
        #expect(length.value == depth)
    }

    @Test func oneProblemIsStillAMultipleError() throws {
        let container = Container {
            Register(HomeScreen.self, scope: .singleton) { r in HomeScreen(network: try r.resolve()) }
        }
        let error = #expect(throws: ResolutionError.self) { try container.build() }
        #expect(error?.code == .multiple)
        #expect(error?.summary == "build() found 1 problem.")
        #expect(error?.errors.count == 1)
    }

    @Test func aProblemSharedBySeveralSingletonsIsReportedOnce() throws {
        final class Screen: Sendable {
            init(_ dashboard: HomeScreen) {}
        }
        let container = Container {
            Register(Ping.self, scope: .singleton) { r in Ping(try r.resolve()) }
            Register(Pong.self, scope: .singleton) { r in Pong(try r.resolve()) }  // the same loop, entered from Pong
            Register(HomeScreen.self) { r in HomeScreen(network: try r.resolve()) }
            Register(Screen.self, name: "a", scope: .singleton) { r in Screen(try r.resolve()) }
            Register(Screen.self, name: "b", scope: .singleton) { r in Screen(try r.resolve()) }
        }
        let error = #expect(throws: ResolutionError.self) { try container.build() }
        #expect(error?.errors.map(\.code) == [.cycle, .notRegistered])
        #expect(error?.errors[1].path.map(\.description) == [#"Screen (name: "a")"#, "HomeScreen", "any Network"])
    }

    @Test func buildIsRetryableAfterTheProblemIsFixed() throws {
        let container = Container {
            Register(HomeScreen.self, scope: .singleton) { r in HomeScreen(network: try r.resolve()) }
        }
        #expect(throws: ResolutionError.self) { try container.build() }
        container.register(Network.self) { MockNetwork() }
        try container.build()
        #expect(container.instances(of: HomeScreen.self).count == 1)
    }

    @Test func aChildBuildsOnlyItsOwnSingletons() throws {
        let parentCounter = Counter()
        let childCounter = Counter()
        let parent = Container {
            Register(Service.self, scope: .singleton) { Service(id: parentCounter.increment()) }
        }
        let child = Container(parent: parent) {
            Register(Service.self, name: "child", scope: .singleton) { Service(id: childCounter.increment()) }
        }
        try child.build()
        #expect(parentCounter.count == 0)
        #expect(childCounter.count == 1)
    }

    @Test func buildThrowsWhatFailsInsideASingletonsGraphWithItsPath() throws {
        let container = Container {
            Register(HomeScreen.self) { r in HomeScreen(network: try r.resolve()) }
            Register(Service.self, scope: .singleton) { r in
                _ = try r.resolve(HomeScreen.self)
                return Service()
            }
        }
        let error = #expect(throws: ResolutionError.self) { try container.build() }
        #expect(error?.errors.first?.path.map(\.description) == ["Service", "HomeScreen", "any Network"])
    }
}

@Suite("Modules: validate()")
struct ValidateTests {
    @Test func validateFindsProblemsInEveryScopeNotOnlySingletons() throws {
        let parent = Container {
            Register(DiskStore.self) { () throws -> DiskStore in throw Failure(reason: "offline") }
        }
        let child = Container(parent: parent) {
            Register(HomeScreen.self) { r in HomeScreen(network: try r.resolve()) }
            Register(Ping.self, scope: .cached) { r in Ping(try r.resolve()) }
            Register(Pong.self) { r in Pong(try r.resolve()) }
            Register(AppClock.self) { SystemClock() }
        }
        try child.build()  // no singletons: nothing to build, nothing wrong
        let error = #expect(throws: ResolutionError.self) { try child.validate() }
        #expect(error?.code == .multiple)
        #expect(error?.summary == "validate() found 3 problems.")
        // Root first: the parent's registration, then the child's in order.
        #expect(error?.errors.map(\.code) == [.factoryFailed, .notRegistered, .cycle])
        #expect(error?.description.hasSuffix("then run validate() again.") == true)
    }

    @Test func validateKeepsNothingAndReplacesNothing() throws {
        let counter = Counter()
        let parent = Container {
            Register(LocationService.self, scope: .singleton) {
                counter.increment()
                return GPSLocationService()
            }
        }
        let child = Container(parent: parent) {
            Register(Service.self, scope: .cached) { Service(id: counter.increment()) }
            Register(TestClock.self, scope: .singleton) { TestClock() }
        }
        let clock = try child.resolve(TestClock.self)
        try child.validate()
        #expect(counter.count == 2)  // each factory ran once, in the copy
        #expect(parent.instances(of: Any.self).isEmpty)
        #expect(child.instances(of: Service.self).isEmpty)
        // The instance kept before is still the one kept, and the copy did not rebuild it.
        #expect(child.instances(of: TestClock.self).map(ObjectIdentifier.init) == [ObjectIdentifier(clock)])
    }

    @Test func validateUsesTheRegistrationsThisContainerWouldUse() throws {
        let parent = Container {
            Register(HomeScreen.self) { r in HomeScreen(network: try r.resolve()) }
        }
        #expect(throws: ResolutionError.self) { try parent.validate() }
        let child = Container(parent: parent) { Register(Network.self) { MockNetwork() } }
        try child.validate()
        // The parent's broken registration is shadowed in a child that overrides it.
        let fixed = Container(parent: parent) {
            Register(HomeScreen.self) { HomeScreen(network: URLNetwork()) }
        }
        try fixed.validate()
    }

    @Test func validateResolvesMultiBindingsToo() throws {
        let container = Container {
            Contribute(Plugin.self) { r in NamedPlugin(id: try r.resolve(Network.self).kind) }
            Register(HomeScreen.self) { r in
                _ = try r.resolveAll(Plugin.self)
                return HomeScreen(network: MockNetwork())
            }
        }
        let error = #expect(throws: ResolutionError.self) { try container.validate() }
        // The contribution fails alone and inside HomeScreen: two different paths to one missing key, one
        // place that asks for it: one problem.
        #expect(error?.errors.count == 1)
        #expect(error?.errors.first?.code == .notRegistered)
    }
}
