import Testing

@testable import Syringe

struct PluginHost: Sendable {
    let plugins: [any Plugin]
}

@Suite("Modules: multi-bindings")
struct MultiBindingTests {
    @Test func contributionsFromDifferentModulesResolveInRegistrationOrder() throws {
        let container = Container {
            AnalyticsPluginModule()
            CrashPluginModule()
            Contribute(Plugin.self) { NamedPlugin(id: "inline") }
        }
        container.contribute(Plugin.self) { NamedPlugin(id: "late") }
        let plugins: [any Plugin] = try container.resolveAll((any Plugin).self)
        #expect(plugins.map(\.id) == ["analytics", "crash", "inline", "late"])
    }

    @Test func eachContributionKeepsItsOwnScope() throws {
        let counter = Counter()
        let container = Container {
            Contribute(Plugin.self, scope: .singleton) { ObjectPlugin(id: "singleton-\(counter.increment())") }
            Contribute(Plugin.self) { ObjectPlugin(id: "unique-\(counter.increment())") }
            Contribute(Plugin.self, scope: .cached) { ObjectPlugin(id: "cached-\(counter.increment())") }
        }
        let first = try container.resolveAll(Plugin.self).map { $0 as AnyObject }
        let second = try container.resolveAll(Plugin.self).map { $0 as AnyObject }
        #expect(ObjectIdentifier(first[0]) == ObjectIdentifier(second[0]))
        #expect(ObjectIdentifier(first[1]) != ObjectIdentifier(second[1]))
        #expect(ObjectIdentifier(first[2]) == ObjectIdentifier(second[2]))
        container.reset(.cached)
        let third = try container.resolveAll(Plugin.self).map { $0 as AnyObject }
        #expect(ObjectIdentifier(first[0]) == ObjectIdentifier(third[0]))
        #expect(ObjectIdentifier(first[2]) != ObjectIdentifier(third[2]))
        #expect(counter.count == 6)  // singleton 1, unique 3, cached 2
    }

    @Test func oneResolveAllIsOneResolutionForGraphInstances() throws {
        struct Tagged: Sendable {
            var id: String
            let service: Service
        }
        let container = Container {
            Register(Service.self, scope: .graph) { Service() }
            Contribute(Tagged.self) { r in Tagged(id: "a", service: try r.resolve()) }
            Contribute(Tagged.self, scope: .graph) { r in Tagged(id: "b", service: try r.resolve()) }
                .onCreated { tagged, _ in tagged.id += "-hooked" }
        }
        let first = try container.resolveAll(Tagged.self)
        let second = try container.resolveAll(Tagged.self)
        #expect(first[0].service === first[1].service)
        #expect(first[0].service !== second[0].service)
        // A graph-scoped value contribution is handed out with what its hooks set.
        #expect(first.map { $0.id } == ["a", "b-hooked"])
    }

    @Test func parentsContributionsComeBeforeTheChilds() throws {
        let parent = Container { Contribute(Plugin.self) { NamedPlugin(id: "parent-1") } }
        let child = Container(parent: parent) { Contribute(Plugin.self) { NamedPlugin(id: "child") } }
        parent.contribute(Plugin.self) { NamedPlugin(id: "parent-2") }  // later, but in the parent
        let grandchild = Container(parent: child) { Contribute(Plugin.self) { NamedPlugin(id: "grandchild") } }
        #expect(try grandchild.resolveAll(Plugin.self).map(\.id) == ["parent-1", "parent-2", "child", "grandchild"])
        #expect(try child.resolveAll(Plugin.self).map(\.id) == ["parent-1", "parent-2", "child"])
        #expect(try parent.resolveAll(Plugin.self).map(\.id) == ["parent-1", "parent-2"])
    }

    @Test func aParentsContributionIsBuiltFromWhatTheRequesterSees() throws {
        let parent = Container {
            Register(Network.self) { URLNetwork() }
            Contribute(Plugin.self) { r in NamedPlugin(id: try r.resolve(Network.self).kind) }
            Contribute(Plugin.self, scope: .singleton) { r in NamedPlugin(id: try r.resolve(Network.self).kind) }
        }
        let child = Container(parent: parent) { Register(Network.self) { MockNetwork() } }
        // Unique contributions see the child's overrides; stored ones are built from their own container,
        // as for every registration.
        #expect(try child.resolveAll(Plugin.self).map(\.id) == ["mock", "url"])
    }

    @Test func contributionsNeverReplaceEachOtherEvenFromOneLine() throws {
        let container = Container {
            for id in ["a", "b", "c"] { Contribute(Plugin.self) { NamedPlugin(id: id) } }
        }
        #expect(try container.resolveAll(Plugin.self).map(\.id) == ["a", "b", "c"])
        let keys = container.registry.allKeys
        #expect(Set(keys).count == 3)
        #expect(keys.allSatisfy { $0.isContribution })
    }

    @Test func plainAndNamedRegistrationsAreNotPartOfTheMultiBinding() throws {
        let container = Container {
            Register(Plugin.self) { NamedPlugin(id: "plain") }
            Register(Plugin.self, name: "named") { NamedPlugin(id: "named") }
            Contribute(Plugin.self) { NamedPlugin(id: "contributed") }
        }
        #expect(try container.resolveAll(Plugin.self).map(\.id) == ["contributed"])
        #expect(try container.resolve(Plugin.self).id == "plain")
    }

    @Test func nothingContributedIsAnEmptyArray() throws {
        #expect(try Container().resolveAll(Plugin.self).isEmpty)
        #expect(try Container { Register(Network.self) { MockNetwork() } }.resolveAll(Plugin.self).isEmpty)
    }

    @Test func resolveAllOfATypeThatIsOnlyRegisteredSaysSo() throws {
        let container = Container { Register(Plugin.self) { NamedPlugin(id: "plain") } }
        let line = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.resolveAll(Plugin.self) }
        #expect(error?.code == .notRegistered)
        #expect(
            error?.description == """
                Syringe: cannot resolve every `any Plugin`: nothing is contributed (it is registered with register).
                  while resolving  [any Plugin]
                  requested at  SyringeTests/MultiBindingTests.swift:\(line)
                  registered nearby: `any Plugin`
                  fix: contribute each implementation with container.contribute((any Plugin).self) { … } or \
                Contribute((any Plugin).self) { … } in a module; resolveAll returns contributions only.
                """)
    }

    @Test func resolvingOneOfAContributedOnlyTypeSaysSo() throws {
        let container = Container()
        container.contribute(Plugin.self) { NamedPlugin(id: "a") }
        let contributed = #line - 1
        let line = #line + 1
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Plugin.self) }
        #expect(error?.code == .notRegistered)
        #expect(
            error?.description == """
                Syringe: cannot resolve `any Plugin` (no registration; it has multi-binding contributions).
                  while resolving  any Plugin
                  requested at  SyringeTests/MultiBindingTests.swift:\(line)
                  registered nearby: `any Plugin (contribution at SyringeTests/MultiBindingTests.swift:\(contributed))`
                  fix: resolve every contribution with resolveAll((any Plugin).self), or register one with \
                container.register((any Plugin).self) { … }.
                """)
    }

    @Test func aFailingContributionThrowsWithTheUsualPath() throws {
        let line = #line + 3
        let container = Container {
            Contribute(Plugin.self) { NamedPlugin(id: "fine") }
            Contribute(Plugin.self) { r in NamedPlugin(id: try r.resolve(Network.self).kind) }
            Contribute(Plugin.self) { () throws -> any Plugin in throw Failure(reason: "broken") }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolveAll(Plugin.self) }
        #expect(error?.code == .notRegistered)
        #expect(
            error?.description == """
                Syringe: cannot resolve `any Network` (no registration).
                  while resolving  [any Plugin] → any Plugin (contribution at SyringeTests/MultiBindingTests.swift:\
                \(line)) → any Network
                  requested at  SyringeTests/MultiBindingTests.swift:\(line)
                  fix: container.register((any Network).self) { … }.
                """)
        container.register(Network.self) { MockNetwork() }
        let thrown = #expect(throws: ResolutionError.self) { try container.resolveAll(Plugin.self) }
        #expect(thrown?.code == .factoryFailed)
        #expect(thrown?.line == line + 1)
        let place = "SyringeTests/MultiBindingTests.swift:\(line + 1)"
        let summary = "cannot resolve `any Plugin (contribution at \(place))`: its factory threw Failure(broken)."
        #expect(thrown?.summary == summary)
    }

    @Test func factoriesResolveAMultiBindingAsPartOfTheirResolution() throws {
        let line = #line + 4
        let container = Container {
            Register(PluginHost.self, scope: .singleton) { r in PluginHost(plugins: try r.resolveAll(Plugin.self)) }
            Contribute(Plugin.self) { NamedPlugin(id: "a") }
            Contribute(Plugin.self) { r in NamedPlugin(id: try r.resolve(Network.self).kind) }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(PluginHost.self) }
        #expect(
            error?.path.map(\.description) == [
                "PluginHost", "[any Plugin]",
                "any Plugin (contribution at SyringeTests/MultiBindingTests.swift:\(line))", "any Network",
            ])
        container.register(Network.self) { URLNetwork() }
        #expect(try container.resolve(PluginHost.self).plugins.map(\.id) == ["a", "url"])
    }

    @Test func aContributionThatNeedsItsOwnMultiBindingIsACycle() throws {
        let container = Container {
            Contribute(Plugin.self) { r in NamedPlugin(id: "\(try r.resolveAll(Plugin.self).count)") }
        }
        let error = #expect(throws: ResolutionError.self) { try container.resolveAll(Plugin.self) }
        #expect(error?.code == .cycle)
        #expect(error?.path.count == 4)  // [any Plugin] → contribution → [any Plugin] → contribution
    }

    @Test func contributionsTakeOnCreatedHooks() throws {
        final class Configurable: Plugin, @unchecked Sendable {
            // @unchecked Sendable: `id` is set by the hook before the instance is handed out.
            var id = "new"
        }
        let container = Container {
            Register(Network.self) { MockNetwork() }
            Contribute(Plugin.self) { Configurable() }
                .onCreated { plugin, r in (plugin as! Configurable).id = try r.resolve(Network.self).kind }
        }
        container.contribute(Plugin.self) { Configurable() }
            .onCreated { plugin, _ in (plugin as! Configurable).id = "direct" }
        #expect(try container.resolveAll(Plugin.self).map(\.id) == ["mock", "direct"])
    }

    /// `init(plugins: [any Plugin])` registered with `using:` asks for the array, which contributions do not make:
    /// the error says so at resolve and in `verify()`, and how to register the array.
    @Test func anArrayOfAContributedTypeSaysHowToCollectIt() throws {
        let container = Container()
        container.contribute(Plugin.self) { NamedPlugin(id: "a") }
        let contributionLine = #line - 1
        container.register(PluginHost.self, using: PluginHost.init)
        let line = #line - 1
        let fix =
            "register the array once: container.register([any Plugin].self) { r in try r.resolveAll((any Plugin)"
            + ".self) }, or call resolveAll((any Plugin).self) where you resolve it."
        let error = #expect(throws: ResolutionError.self) { try container.resolve(PluginHost.self) }
        #expect(error?.code == .notRegistered)
        #expect(
            error?.description == """
                Syringe: cannot resolve `[any Plugin]` (no registration; `any Plugin` has multi-binding contributions, \
                which only resolveAll collects).
                  while resolving  PluginHost → [any Plugin]
                  requested at  SyringeTests/MultiBindingTests.swift:\(line)
                  registered nearby: `any Plugin (contribution at SyringeTests/MultiBindingTests.swift:\(contributionLine))`
                  fix: \(fix)
                """)
        let verified = #expect(throws: ResolutionError.self) { try container.verify() }
        #expect(verified?.errors.map(\.fix) == [fix])

        // The fix, as written, works.
        container.register([any Plugin].self) { r in try r.resolveAll((any Plugin).self) }
        #expect(try container.resolve(PluginHost.self).plugins.map(\.id) == ["a"])
    }

    @Test func buildBuildsSingletonContributions() throws {
        let counter = Counter()
        let container = Container {
            Contribute(Plugin.self, scope: .singleton) {
                counter.increment(); return ObjectPlugin(id: "a")
            }
            Contribute(Plugin.self) {
                counter.increment(); return ObjectPlugin(id: "b")
            }
        }
        try container.build()
        #expect(counter.count == 1)
        #expect(container.instances(of: Plugin.self).map(\.id) == ["a"])
    }
}

@Suite("Modules: instances(of:)")
struct InstancesTests {
    @Test func theIssueExampleResetsWhatBuildCreated() throws {
        let container = Container {
            LocationModule()
            Register(AppClock.self, scope: .singleton) { TestClock() }
            Register(Service.self, scope: .singleton) { Service() }  // built, but not Resettable
            Register(TestClock.self) { TestClock() }  // Resettable, but never kept
        }
        #expect(container.instances(of: (any Resettable).self).isEmpty)  // nothing is built yet
        try container.build()
        let resettables = container.instances(of: (any Resettable).self)
        #expect(resettables.count == 2)
        for resettable in container.instances(of: Resettable.self) { resettable.reset() }
        #expect(try (container.resolve(LocationService.self) as! GPSLocationService).resets == 1)
        #expect(try (container.resolve(AppClock.self) as! TestClock).resets == 1)
    }

    @Test func instancesComeInRegistrationOrderAndByConcreteTypeToo() throws {
        let container = Container {
            Register(AppClock.self, scope: .singleton) { TestClock() }
            Register(LocationService.self, scope: .singleton) { GPSLocationService() }
            Register(TestClock.self, name: "second", scope: .singleton) { TestClock() }
        }
        try container.build()
        let all = container.instances(of: (any Resettable).self).map { String(describing: type(of: $0)) }
        #expect(all == ["TestClock", "GPSLocationService", "TestClock"])
        #expect(container.instances(of: TestClock.self).count == 2)
        #expect(container.instances(of: GPSLocationService.self).count == 1)
        #expect(container.instances(of: Any.self).count == 3)
    }

    @Test func everyStoredScopeCountsWhileItKeepsItsInstance() throws {
        let container = Container {
            Register(Service.self, name: "cached", scope: .cached) { Service(id: 1) }
            Register(Service.self, name: "session", scope: Scope("session")) { Service(id: 2) }
            Register(Service.self, name: "shared", scope: .shared) { Service(id: 3) }
            Register(Service.self, name: "unique") { Service(id: 4) }
            Register(Service.self, name: "graph", scope: .graph) { Service(id: 5) }
        }
        var held: Service? = try container.resolve(Service.self, name: "shared")
        for name in ["cached", "session", "unique", "graph"] { _ = try container.resolve(Service.self, name: name) }
        #expect(container.instances(of: Service.self).map(\.id) == [1, 2, 3])
        container.reset(.cached)
        #expect(container.instances(of: Service.self).map(\.id) == [2, 3])
        #expect(held?.id == 3)
        held = nil
        #expect(container.instances(of: Service.self).map(\.id) == [2])
    }

    @Test func aParentsInstancesAreNotTheChilds() throws {
        let parent = Container { Register(AppClock.self, scope: .singleton) { TestClock() } }
        let child = Container(parent: parent) { Register(TestClock.self, scope: .singleton) { TestClock() } }
        try parent.build()
        try child.build()
        _ = try child.resolve(AppClock.self)
        #expect(child.instances(of: (any Resettable).self).count == 1)
        #expect(parent.instances(of: (any Resettable).self).count == 1)
    }
}

@Suite("Modules Concurrency")
struct ModulesConcurrencyTests {
    /// Found by a hostile run: a `resolveAll` that found no contribution, racing the first `contribute`, reported
    /// the new contribution as a registration made with `register` ("nothing is contributed") instead of `[]`.
    @Test func resolveAllRacingTheFirstContributionGetsAListNotAnError() {
        let failures = Protected<[String]>([])
        for _ in 0..<400 {
            let container = Container()
            let barrier = Barrier(parties: 2)
            runOnThreads(2) { index in
                barrier.arriveAndWait()
                if index == 0 {
                    for id in 0..<20 { container.contribute(Plugin.self) { NamedPlugin(id: "\(id)") } }
                } else {
                    for _ in 0..<20 {
                        do { _ = try container.resolveAll(Plugin.self) } catch {
                            failures.withLock { if $0.count < 3 { $0.append("\(error)") } }
                        }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty)
    }

    @Test(.timeLimit(.minutes(1)))
    func racingBuildAndResolveAllBuildEachSingletonOnce() throws {
        let counter = Counter()
        let container = Container {
            Contribute(Plugin.self, scope: .singleton) {
                counter.increment(); return ObjectPlugin(id: "a")
            }
            Contribute(Plugin.self) { NamedPlugin(id: "b") }
            Register(Service.self, scope: .singleton) { Service(id: counter.increment()) }
        }
        let identities = Collector<ObjectIdentifier>()
        let failures = Counter()
        let barrier = Barrier(parties: 8)
        runOnThreads(8) { index in
            barrier.arriveAndWait()
            for _ in 0..<50 {
                do {
                    if index.isMultiple(of: 2) {
                        try container.build()
                    } else {
                        let plugins = try container.resolveAll(Plugin.self)
                        identities.append(ObjectIdentifier(plugins[0] as AnyObject))
                    }
                } catch {
                    failures.increment()
                }
            }
        }
        #expect(failures.count == 0)
        #expect(counter.count == 2)
        #expect(Set(identities.elements).count == 1)
    }
}
