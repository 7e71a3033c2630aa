import Testing

@testable import Syringe

/// How error messages write a type: as the user wrote it in Swift.
@Suite("TypeName: types as written")
struct TypeNameTests {
    @Test func existentialsOptionalsAndArraysReadAsSwiftSpellsThem() {
        #expect(TypeName.describe(Car.self) == "Car")
        #expect(TypeName.describe((any Engine).self) == "any Engine")
        #expect(TypeName.describe(Service?.self) == "Service?")
        #expect(TypeName.describe((any Token)?.self) == "(any Token)?")
        #expect(TypeName.describe([any Plugin].self) == "[any Plugin]")
        #expect(TypeName.describe([[Int]]?.self) == "[[Int]]?")
        #expect(Key([any Plugin].self).description == "[any Plugin]")
        #expect(TypeName.describe(Lazy<any Engine>.self) == "Lazy<any Engine>")
        #expect(TypeName.describe(Provider<(any Token)?>.self) == "Provider<(any Token)?>")
        #expect(TypeName.describe(Lazy<Car>?.self) == "Lazy<Car>?")
    }
}
