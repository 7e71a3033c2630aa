import Syringe
import Testing

private struct BaseRateKey: InjectionKey {
    static var defaultValue: Int { 1729 }
}

/// A key whose default reads another key, as swift-dependencies users write `@Dependency` inside a `liveValue`.
private struct DerivedRateKey: InjectionKey {
    static var defaultValue: Int { Container[\.baseRate] + 1 }
}

private struct RateReader {
    @Injected(\.baseRate) var rate: Int
}

private struct RateReaderKey: InjectionKey {
    static var defaultValue: RateReader { RateReader() }
}

extension Container {
    fileprivate var baseRate: Int {
        get { self[BaseRateKey.self] }
        set { self[BaseRateKey.self] = newValue }
    }
    fileprivate var derivedRate: Int { self[DerivedRateKey.self] }
    fileprivate var rateReader: RateReader { self[RateReaderKey.self] }
    fileprivate var derivedByProperty: Int { provide { Container[\.baseRate] + 2 } }
}

/// Found by running swift-dependencies' own tests: a key's default (or a property's factory) that reads another
/// key through `Container[\.x]` or an `@Injected` read `Container.shared`, not the container being read, and the
/// container kept what it computed from the wrong one.
@Suite("A key's default sees the container it is read from")
struct KeyDefaultContainerTests {
    @Test func aDefaultReadsTheOtherKeyFromTheContainerBeingRead() {
        let container = Container()
        container.baseRate = 7
        #expect(container.derivedRate == 8)
        #expect(container.rateReader.rate == 7)
        #expect(container.derivedByProperty == 9)
        // Nothing leaked to the process-wide container, which still reads its own default.
        #expect(Container.shared.derivedRate == 1730)
    }

    @Test func aValueKeptFromAnEscapedContainerIsItsOwn() {
        let captured = Container.withOverrides {
            $0.baseRate = 7
        } operation: {
            Container.current
        }
        #expect(captured.container.derivedRate == 8)
        #expect(captured.withCurrent { Container[\.derivedRate] } == 8)
        #expect(captured.withCurrent { Container.shared.rateReader.rate } == 7)
    }

    @Test func aChildContainerReadsItsParentsOverride() {
        let parent = Container()
        parent.baseRate = 3
        let child = Container(parent: parent)
        #expect(child.derivedRate == 4)
    }
}
