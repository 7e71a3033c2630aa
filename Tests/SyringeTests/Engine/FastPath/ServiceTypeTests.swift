import Testing

@testable import Syringe

/// Found by Factory's tests: an `Optional` holding a class in `.shared` was never shared (its type is not a class).
@Suite("ServiceType")
struct ServiceTypeTests {
    @Test func anOptionalHoldingAClassIsSharedWhileHeld() throws {
        let container = Container()
        let built = Counter()
        container.register(ForecastBox?.self, scope: .shared) {
            built.increment()
            return ForecastBox("shared")
        }
        var first = try container.resolve(ForecastBox?.self)
        #expect(first != nil)
        #expect(try container.resolve(ForecastBox?.self) === first)
        #expect(built.count == 1)
        first = nil
        #expect(try container.resolve(ForecastBox?.self)?.source == "shared")  // none held: a new one
        #expect(built.count == 2)
    }

    @Test func theObjectOfAValue() {
        func object<T>(_ value: T) -> AnyObject? {
            var value = value
            return withUnsafeMutablePointer(to: &value) { ServiceType(of: T.self).object(at: ValueAddress($0)) }
        }
        let box = ForecastBox("box")
        #expect(object(box) === box)
        #expect(object(Optional(box)) === box)
        #expect(object(box as any Sendable) === box)
        #expect(object(ForecastBox?.none) == nil)
        #expect(object(Optional(42)) == nil)
        #expect(object(LiveForecast()) == nil)
    }

    @Test func nilIsAnOptionalsNoneOnly() {
        func isNil<T>(_ value: T) -> Bool {
            var value = value
            return withUnsafeMutablePointer(to: &value) { ServiceType(of: T.self).isNil(at: ValueAddress($0)) }
        }
        #expect(isNil(ForecastBox?.none))
        #expect(isNil(Int?.none))
        #expect(!isNil(Optional(0)))
        #expect(!isNil(ForecastBox("box")))
        #expect(!isNil(0))
        #expect(!isNil(Optional(ForecastBox?.none)))  // .some(nil) is a value
        #expect(Metadata.isOptional(Int?.self) && !Metadata.isOptional(Int.self))
        #expect(!Metadata.isOptional((any Forecast).self) && Metadata.isOptional((any Forecast)?.self))
    }
}
