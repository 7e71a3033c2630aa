import Testing

@testable import Syringe

private protocol Shape { var sides: Int { get } }
private protocol Named { var name: String { get } }
private protocol Polygon: Shape {}
private protocol Drawable: AnyObject {}
private protocol Unrelated {}
private struct Square: Polygon, Named {
    var sides: Int { 4 }
    var name: String { "square" }
}
private struct Circle: Shape { var sides: Int { 0 } }
private class Figure {}
private final class Sketch: Figure, Shape, Drawable { var sides: Int { 3 } }
private final class Loose: Shape, Drawable { var sides: Int { 1 } }
private struct Generic<Element>: Shape { var sides: Int { 2 } }

@Suite("Conformance: runtime checks without an instance")
struct ConformanceTests {
    @Test func aTypeConformsToAProtocolItAdopts() {
        #expect(Conformance.type(Square.self, conformsTo: (any Shape).self))
        #expect(Conformance.type(Square.self, conformsTo: (any Named).self))
        #expect(!Conformance.type(Circle.self, conformsTo: (any Named).self))
    }

    @Test func inheritedProtocolsCount() {
        #expect(Conformance.type(Square.self, conformsTo: (any Polygon).self))
        #expect(!Conformance.type(Circle.self, conformsTo: (any Polygon).self))
    }

    @Test func aCompositionNeedsEveryProtocol() {
        #expect(Conformance.type(Square.self, conformsTo: (any Shape & Named).self))
        #expect(!Conformance.type(Circle.self, conformsTo: (any Shape & Named).self))
        #expect(!Conformance.type(Square.self, conformsTo: (any Shape & Unrelated).self))
    }

    @Test func classBoundExistentialsNeedAClass() {
        #expect(Conformance.type(Sketch.self, conformsTo: (any Drawable).self))
        #expect(Conformance.type(Sketch.self, conformsTo: (any Shape & AnyObject).self))
        #expect(!Conformance.type(Circle.self, conformsTo: (any Shape & AnyObject).self))
    }

    @Test func aSuperclassConstraintNeedsASubclass() {
        #expect(Conformance.type(Sketch.self, conformsTo: (Figure & Shape).self))
        #expect(!Conformance.type(Loose.self, conformsTo: (Figure & Shape).self))
        #expect(!Conformance.type(Sketch.self, conformsTo: (Figure & Named).self))
    }

    @Test func genericTypesAreCheckedPerSpecialisation() {
        #expect(Conformance.type(Generic<Int>.self, conformsTo: (any Shape).self))
        #expect(!Conformance.type(Generic<Int>.self, conformsTo: (any Named).self))
    }

    @Test func existentialsThatNameNothingMatchNothing() {
        #expect(!Conformance.type(Square.self, conformsTo: Any.self))
        #expect(!Conformance.type(Sketch.self, conformsTo: AnyObject.self))
        #expect(!Conformance.type(Square.self, conformsTo: (any Sendable).self))
    }

    @Test func concreteTargetsAreNotExistentials() {
        #expect(Conformance.requirements(of: Square.self) == nil)
        #expect(!Conformance.type(Square.self, conformsTo: Circle.self))
        #expect(Conformance.requirements(of: (any Shape & Named).self)?.protocols.count == 2)
    }

    @Test func convertibilityCoversConcreteTypesSubclassesAndExistentials() {
        #expect(Conformance.type(Square.self, isConvertibleTo: Square.self))
        #expect(Conformance.type(Sketch.self, isConvertibleTo: Figure.self))
        #expect(Conformance.type(Square.self, isConvertibleTo: (any Named).self))
        #expect(!Conformance.type(Circle.self, isConvertibleTo: (any Named).self))
        #expect(!Conformance.type(Circle.self, isConvertibleTo: Square.self))
    }
}
