import Syringe
import Testing

/// A client made of closures, as swift-dependencies users write them: a test replaces one endpoint.
private struct NumberClient: InjectionKey {
    var fetch: @Sendable () -> Int
    static var defaultValue: NumberClient { NumberClient { 42 } }
}

/// A client whose state lives in its value: each container that builds it gets its own.
private struct TallyClient: InjectionKey {
    var count: @Sendable () -> Int
    var setCount: @Sendable (Int) -> Void
    static var defaultValue: TallyClient {
        let count = Protected(0)
        return TallyClient(count: { count.withLock { $0 } }, setCount: { value in count.withLock { $0 = value } })
    }
}

private struct GreetingKey: InjectionKey {
    static var defaultValue: String? { "live" }
}

/// Reads `ChainLeaf` when it is called, not when it is built: the overrides current at the call apply.
private struct ChainBranch: InjectionKey {
    var value: @Sendable () -> Int
    static var defaultValue: ChainBranch { ChainBranch { Container[\.chainLeaf].value() + 42 } }
}

private struct ChainLeaf: InjectionKey {
    var value: @Sendable () -> Int
    static var defaultValue: ChainLeaf { ChainLeaf { 1 } }
}

/// Sums two branches that both read `ChainLeaf` when called.
private struct ChainRoot: InjectionKey {
    var value: @Sendable () -> Int
    static var defaultValue: ChainRoot {
        ChainRoot { Container[\.chainBranch].value() + Container[\.chainOtherBranch].value() }
    }
}

private struct ChainOtherBranch: InjectionKey {
    var value: @Sendable () -> Int
    static var defaultValue: ChainOtherBranch { ChainOtherBranch { Container[\.chainLeaf].value() + 1729 } }
}

/// A key's value with an injected property: it is resolved when the value is built.
private struct ChainLeafReader: InjectionKey {
    @Injected(\.chainLeaf) var leaf
    func value() -> Int { leaf.value() }
    static var defaultValue: ChainLeafReader { ChainLeafReader() }
}

extension Container {
    fileprivate var numberClient: NumberClient {
        get { self[NumberClient.self] }
        set { self[NumberClient.self] = newValue }
    }
    fileprivate var tallyClient: TallyClient {
        get { self[TallyClient.self] }
        set { self[TallyClient.self] = newValue }
    }
    fileprivate var greeting: String? {
        get { self[GreetingKey.self] }
        set { self[GreetingKey.self] = newValue }
    }
    fileprivate var chainBranch: ChainBranch {
        get { self[ChainBranch.self] }
        set { self[ChainBranch.self] = newValue }
    }
    fileprivate var chainOtherBranch: ChainOtherBranch {
        get { self[ChainOtherBranch.self] }
        set { self[ChainOtherBranch.self] = newValue }
    }
    fileprivate var chainLeaf: ChainLeaf {
        get { self[ChainLeaf.self] }
        set { self[ChainLeaf.self] = newValue }
    }
    fileprivate var chainRoot: ChainRoot { self[ChainRoot.self] }
    fileprivate var chainLeafReader: ChainLeafReader { self[ChainLeafReader.self] }
}

/// Overriding keys in `withOverrides` the way swift-dependencies' `withDependencies` does (its
/// DependencyKeyTests, DependencyValuesTests and ResolutionTests, ported).
@Suite("withOverrides: the values of keys")
struct OverrideKeyValuesTests {
    @Test func oneMemberOfAKeysValueIsReplacedThroughItsProperty() {
        Container.withOverrides {
            $0.numberClient.fetch = { 7 }
            $0.numberClient.fetch = { 1729 }  // the last assignment wins
        } operation: {
            @Injected(\.numberClient) var numberClient
            #expect(numberClient.fetch() == 1729)
        }
        #expect(Container[\.numberClient].fetch() == 42)
    }

    @Test func aValueReadInTheOverridesClosureIsTheOneTheOperationReads() {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.tallyClient].count() == 0)
            Container[\.tallyClient].setCount(1)
            #expect(Container[\.tallyClient].count() == 1)  // kept: the same value on every read
            Container.withOverrides {
                $0.tallyClient.setCount(42)
                #expect($0.tallyClient.count() == 42)
            } operation: {
                #expect(Container[\.tallyClient].count() == 42)
            }
            #expect(Container[\.tallyClient].count() == 1)  // the inner container built its own
        }
    }

    @Test(arguments: [nil, ""] as [String?])
    func anOptionalKeyOverriddenWithNilReadsNil(value: String?) {
        #expect(Container[\.greeting] == "live")
        Container.withOverrides {
            $0.greeting = value
        } operation: {
            @Injected(\.greeting) var greeting
            #expect(greeting == value)
        }
    }

    @Test func aValueThatReadsAKeyWhenCalledSeesTheOverridesOfTheCall() {
        #expect(Container[\.chainBranch].value() == 1 + 42)
        Container.withOverrides {
            $0.chainLeaf.value = { 2 }
        } operation: {
            #expect(Container[\.chainBranch].value() == 2 + 42)
            #expect(Container[\.chainRoot].value() == 2 + 42 + 2 + 1729)
        }
        Container.withOverrides {
            $0.chainBranch.value = { 100 }
            $0.chainOtherBranch.value = { 200 }
        } operation: {
            #expect(Container[\.chainRoot].value() == 300)
            #expect(Container[\.chainLeaf].value() == 1)
        }
    }

    @Test func aValueWithAnInjectedPropertyIsBuiltInEachOverridesContainer() {
        Container.withOverrides {
            $0.chainLeaf.value = { 99 }
        } operation: {
            #expect(Container[\.chainLeafReader].value() == 99)
            Container.withOverrides {
                $0.chainLeaf.value = { 42 }
            } operation: {
                #expect(Container[\.chainLeafReader].value() == 42)
            }
            #expect(Container[\.chainLeafReader].value() == 99)
        }
    }
}
