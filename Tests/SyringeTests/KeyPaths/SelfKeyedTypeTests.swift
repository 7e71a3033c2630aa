import Syringe
import Testing

/// A client that is its own key, as swift-dependencies users write `struct APIClient: DependencyKey`.
private struct QuoteClient: InjectionKey {
    var quote: @Sendable () -> String
    static var defaultValue: QuoteClient { QuoteClient { "live" } }
    static var testValue: QuoteClient { QuoteClient { "test" } }
}

/// A key whose value is another type: not answered by type.
private struct QuoteTextKey: InjectionKey {
    static var defaultValue: String { "text" }
}

private struct QuoteScreen {
    @Injected var client: QuoteClient
}

private final class CountedClient: InjectionKey, Sendable {
    static let built = Counter()
    static var defaultValue: CountedClient {
        built.increment()
        return CountedClient()
    }
}

private final class RacedClient: InjectionKey, Sendable {
    static let built = Counter()
    static var defaultValue: RacedClient {
        built.increment()
        return RacedClient()
    }
}

private struct QuoteConsumer: InjectionConsumer {
    static var injectedDependencies: InjectedDependencies {
        InjectedDependencies([DeclaredDependency(QuoteClient.self)])
    }
}

/// Found porting swift-dependencies' tests: `@Dependency(APIClient.self)` of a type that is its own key had no
/// equivalent but a `Container` property; `@Injected var client: APIClient` stopped with "no registration".
@Suite("A type that is its own key resolves by type")
struct SelfKeyedTypeTests {
    @Test func resolveAndInjectedReadTheKey() throws {
        let container = Container()
        #expect(try container.resolve(QuoteClient.self).quote() == "test")  // a test process: its testValue
        try Container.withOverrides {
            $0[QuoteClient.self] = QuoteClient { "mock" }
        } operation: { () throws in
            #expect(QuoteScreen().client.quote() == "mock")
            #expect(try Container.shared.resolve(QuoteClient.self).quote() == "mock")
        }
    }

    @Test func resolveAsyncReadsTheKeyToo() async throws {
        let container = Container()
        #expect(try await container.resolveAsync(QuoteClient.self).quote() == "test")
        container.register(String.self) { r in try r.resolve(QuoteClient.self).quote() + "!" }
        #expect(try container.resolve(String.self) == "test!")  // inside a factory, through `Resolution`
    }

    @Test func theKeysScopeKeepsOneValueAndARegistrationWins() throws {
        let container = Container()
        let before = CountedClient.built.count
        let first = try container.resolve(CountedClient.self)
        #expect(try container.resolve(CountedClient.self) === first)
        #expect(container[CountedClient.self] === first)  // the key and the type are one dependency
        #expect(CountedClient.built.count - before == 1)

        let registered = CountedClient()
        container.register(CountedClient.self) { registered }
        #expect(try container.resolve(CountedClient.self) === registered)
    }

    @Test func manyTasksAtOnceShareOneValue() async throws {
        for _ in 0..<50 {
            let container = Container()
            let before = RacedClient.built.count
            let values = await withTaskGroup(of: ObjectIdentifier?.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        if index.isMultiple(of: 2) {
                            return (try? container.resolve(RacedClient.self)).map(ObjectIdentifier.init)
                        }
                        return ObjectIdentifier(container[RacedClient.self])
                    }
                }
                return await group.reduce(into: Set<ObjectIdentifier?>()) { $0.insert($1) }
            }
            #expect(values.count == 1 && !values.contains(nil))
            #expect(RacedClient.built.count - before == 1)
        }
    }

    @Test func onlyAPlainRequestOfATypeThatIsItsOwnValue() {
        let container = Container()
        #expect(container.isRegistered(QuoteClient.self))
        #expect(!container.isRegistered(QuoteClient.self, name: "other"))
        #expect(throws: ResolutionError.self) { try container.resolve(QuoteClient.self, name: "other") }
        #expect(throws: ResolutionError.self) { try container.resolve(QuoteTextKey.self) }
    }

    @Test func verifyCountsItAnswered() throws {
        let container = Container()
        try container.verify(consumers: [QuoteConsumer.self])
        #expect(throws: ResolutionError.self) { try Container().verify(consumers: [UnansweredConsumer.self]) }
    }
}

private struct UnansweredConsumer: InjectionConsumer {
    static var injectedDependencies: InjectedDependencies {
        InjectedDependencies([DeclaredDependency(QuoteTextKey.self)])
    }
}
