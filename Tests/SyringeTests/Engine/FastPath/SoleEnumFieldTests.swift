import Testing

@testable import Syringe

/// A struct whose only stored property is an enum it keeps to itself, shaped like Hummingbird's response body:
/// payload cases of different sizes (a reference, a closure) and a case without one.
private struct Body {
    private enum Backing {
        case buffer([UInt8])
        case empty
        case closure(Int?, @Sendable () -> Void)
    }

    private let backing: Backing

    static func buffer(_ bytes: [UInt8]) -> Body { Body(backing: .buffer(bytes)) }
    static let empty = Body(backing: .empty)
    static func closure(_ length: Int?) -> Body { Body(backing: .closure(length, {})) }
}

/// A struct around a single-payload enum (its cases told apart by the payload's spare bits).
private struct Maybe {
    enum Backing {
        case some(String)
        case none
    }
    let backing: Backing
}

private struct TwoFields {
    let first: Maybe.Backing
    let second: Int
}

private struct NotAnEnum {
    let count: Int
}

private struct Nested {
    let body: Body
}

@Suite("Engine: the case of a struct's sole enum")
struct SoleEnumFieldTests {
    @Test func eachCaseIsToldApart() throws {
        let field = try #require(SoleEnumField(learningFrom: Body.empty))
        let bodies: [(Body, StaticString)] = [
            (.buffer([1, 2, 3]), "buffer"), (.buffer([]), "buffer"), (.empty, "empty"), (.closure(nil), "closure"),
            (.closure(12), "closure"), (.closure(0), "closure"),
        ]
        for (body, name) in bodies {
            #expect(field.isCase(name, of: body))
            for other in ["buffer", "empty", "closure"] as [StaticString] where other.description != name.description {
                #expect(!field.isCase(other, of: body))
            }
        }
    }

    @Test func aNameMatchesOnlyWhole() throws {
        let field = try #require(SoleEnumField(learningFrom: Body.empty))
        let body = Body.buffer([7])
        #expect(field.isCase("buffer", of: body))
        #expect(!field.isCase("buf", of: body))
        #expect(!field.isCase("buffers", of: body))
        #expect(!field.isCase("", of: body))
        #expect(!field.isCase("Buffer", of: body))
    }

    @Test func aSinglePayloadEnumToo() throws {
        let field = try #require(SoleEnumField(learningFrom: Maybe(backing: .none)))
        #expect(field.isCase("some", of: Maybe(backing: .some("text"))))
        #expect(field.isCase("none", of: Maybe(backing: .none)))
        #expect(!field.isCase("none", of: Maybe(backing: .some(""))))
    }

    @Test func aLearnedLayoutReadsEveryLaterValue() throws {
        // Learned from one case, read on many values built afterwards (the payloads' memory differs each time).
        let field = try #require(SoleEnumField(learningFrom: Body.closure(nil)))
        for index in 0..<1_000 {
            let body = index.isMultiple(of: 3) ? Body.buffer(Array(repeating: 1, count: index)) : .closure(index)
            #expect(field.isCase(index.isMultiple(of: 3) ? "buffer" : "closure", of: body))
        }
    }

    @Test func anyOtherLayoutIsRefused() {
        #expect(SoleEnumField(learningFrom: TwoFields(first: .none, second: 1)) == nil)
        #expect(SoleEnumField(learningFrom: NotAnEnum(count: 1)) == nil)
        #expect(SoleEnumField(learningFrom: Nested(body: .empty)) == nil)
        #expect(SoleEnumField(learningFrom: Maybe.Backing.none) == nil)
        #expect(SoleEnumField(learningFrom: 3) == nil)
        #expect(SoleEnumField(learningFrom: Journal()) == nil)
    }
}
