import Dispatch
import Testing

@testable import Syringe

/// A model that injects at init, and makes a child model later.
struct ParentModel {
    @Injected(\.weatherStation) var station
    let dependencies = Container.current

    func makeChild() -> ChildModel {
        dependencies.withCurrent { ChildModel() }
    }
}

struct ChildModel {
    @Injected(\.weatherStation) var station
}

/// A delegate that calls back later, on a queue of its own.
final class Radio: Sendable {
    private let queue = DispatchQueue(label: "radio")
    private let callbacks = Protected<[@Sendable () -> Void]>([])

    func onSignal(_ callback: @escaping @Sendable () -> Void) { callbacks.withLock { $0.append(callback) } }

    func broadcast() {
        let callbacks = callbacks.withLock { $0 }
        queue.sync { for callback in callbacks { callback() } }
    }
}

@Suite("Container.current: work that runs later keeps its overrides")
struct ContainerCurrentTests {
    func mocked<Result>(_ source: String, _ operation: () throws -> Result) rethrows -> Result {
        try Container.withOverrides {
            $0.weatherStation = StubForecast(source)
        } operation: {
            try operation()
        }
    }

    @Test func aModelHandsItsOverridesToAChildItMakesLater() {
        let parent = mocked("mock") { ParentModel() }
        #expect(parent.station.source == "mock")
        #expect(ChildModel().station.source == "test")  // made outside the overrides: the key's testValue
        #expect(parent.makeChild().station.source == "mock")
    }

    @Test func aGCDCallbackReentersTheOverrides() {
        let seen = Collector<String>()
        mocked("mock") {
            let current = Container.current
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                seen.append(Container[\.weatherStation].source)  // a queue sees no task-local
                current.withCurrent { seen.append(Container[\.weatherStation].source) }
                done.signal()
            }
            done.wait()
        }
        #expect(seen.elements == ["test", "mock"])
    }

    @Test func aDelegateCalledAfterTheOperationReturnedReentersThem() {
        let radio = Radio()
        let seen = Collector<String>()
        mocked("mock") {
            let current = Container.current
            radio.onSignal { current.withCurrent { seen.append(Container[\.weatherStation].source) } }
        }
        radio.broadcast()
        #expect(seen.elements == ["mock"])
    }

    @Test func anAsyncStreamBuilderReentersThem() async {
        let stream = mocked("mock") {
            let current = Container.current
            return AsyncStream<String> { continuation in
                DispatchQueue.global().async {
                    _ = current.withCurrent { continuation.yield(Container[\.weatherStation].source) }
                    continuation.finish()
                }
            }
        }
        var sources: [String] = []
        for await source in stream { sources.append(source) }
        #expect(sources == ["mock"])
    }

    @Test func theAsyncFormReentersThemOnTheCallersActor() async {
        let current = mocked("mock") { Container.current }
        let source = await Task.detached {
            await current.withCurrent { () async in
                await Task.yield()
                return await Task { Container[\.weatherStation].source }.value  // child tasks too
            }
        }.value
        #expect(source == "mock")
        await MainActor.run {}
        let onMain = await current.withCurrent { @MainActor () async in Container[\.weatherStation].source }
        #expect(onMain == "mock")
    }

    @Test func theCapturedSingletonsAreTheSameInstances() throws {
        try Container.withOverrides {
            $0.register(ForecastBox.self, scope: .singleton) { ForecastBox("test") }
        } operation: {
            let current = Container.current
            let first = try Container.shared.resolve(ForecastBox.self)
            let later = try DispatchQueue.global().sync {
                try current.withCurrent { try Container.shared.resolve(ForecastBox.self) }
            }
            #expect(later === first)
        }
    }

    @Test func remapsAreCapturedToo() {
        let current = InjectionMapper.withMapping(\.weatherStation, to: \.liveForecast) {
            mocked("mock") { Container.current }
        }
        #expect(current.withCurrent { Container[\.weatherStation].source } == "live")  // remapped to liveForecast
        #expect(
            Container.withOverrides { _ in
            } operation: {
                Container[\.weatherStation].source
            } == "test")
        #expect(InjectionMapper[\.weatherStation] == nil)
    }

    @Test func aContainerBuiltByHandReplacesEveryOverrideAroundIt() {
        let clean = Container()
        clean.register(String.self, name: "city") { "Oslo" }
        InjectionMapper.withMapping(\.weatherStation, to: \.liveForecast) {
            mocked("mock") {
                #expect(Container[\.weatherStation].source == "live")  // the remap, then the override
                clean.withCurrent {
                    #expect(Container.shared === clean)
                    #expect(Container[\.weatherStation].source == "test")  // no override, no remap: the key's value
                    #expect(ChildModel().station.source == "test")
                    #expect((try? Container.shared.resolve(String.self, name: "city")) == "Oslo")
                    // Overrides layer on it as on any current container.
                    Container.withOverrides {
                        $0.weatherStation = StubForecast("nested")
                    } operation: {
                        #expect(ChildModel().station.source == "nested")
                        #expect((try? Container.shared.resolve(String.self, name: "city")) == "Oslo")
                    }
                }
                #expect(ChildModel().station.source == "live")
            }
        }
    }

    @Test func aContainerBuiltByHandIsCurrentForAsyncWorkAndItsChildTasks() async {
        let clean = Container()
        clean.register(String.self, name: "city") { "Bergen" }
        let cities = await Container.withOverrides {
            $0.weatherStation = StubForecast("mock")
        } operation: {
            await clean.withCurrent {
                await withTaskGroup(of: String?.self) { group in
                    for _ in 0..<4 { group.addTask { try? Container.shared.resolve(String.self, name: "city") } }
                    return await group.reduce(into: []) { $0.append($1) }
                }
            }
        }
        #expect(cities == Array(repeating: "Bergen", count: 4))
    }

    @Test func withOverridesFromABindingLayersOnTheCapturedOverrides() {
        let parent = mocked("parent's") { ParentModel() }
        let child = parent.dependencies.withOverrides {
            $0.register(String.self, name: "city") { "Tromsø" }
        } operation: {
            ChildModel()
        }
        #expect(child.station.source == "parent's")
        #expect(parent.dependencies.container.resolveIfRegistered(String.self, name: "city") == nil)
    }

    @Test func theBindingEndsWithTheOperation() {
        let current = mocked("mock") { Container.current }
        current.withCurrent {
            #expect(Container.shared === current.container)
        }
        #expect(Container.shared !== current.container)
        #expect(Container[\.weatherStation].source == "test")
    }

    @Test func aModelMadeBeforeWithOverridesKeepsWhatItInjected() {
        let early = ChildModel()  // @Injected binds when its owner is made
        mocked("mock") {
            #expect(early.station.source == "test")
            #expect(ChildModel().station.source == "mock")
        }
    }
}
