import Testing

@testable import Syringe

@Suite("Support: file IDs passed as one pointer")
struct FileIDTests {
    @Test(arguments: ["SyringeTests/FileIDTests.swift", "Türen/Schlüssel.swift", ""] as [StaticString])
    func theStaticStringComesBackWhole(_ literal: StaticString) {
        let rebuilt = FileID(literal).staticString
        #expect(rebuilt.description == literal.description)
        #expect(rebuilt.utf8CodeUnitCount == literal.utf8CodeUnitCount)
        #expect(rebuilt.isASCII == literal.isASCII)
        #expect(rebuilt.hasPointerRepresentation)
    }

    @Test func aFailedResolveNamesTheCallSiteThroughTheFastPath() throws {
        final class Missing {}
        let container = Container()
        // Outside `#expect`: inside a macro's argument, `#line` is the line the macro starts on.
        let line = #line + 1
        let resolve = { () throws -> Missing in try container.resolve(Missing.self) }
        let error = #expect(throws: ResolutionError.self) { _ = try resolve() }
        #expect(error?.fileID == "SyringeTests/FileIDTests.swift")
        #expect(error?.line == line)
    }

    @Test func aFailedResolveInsideAFactoryNamesThatCallSite() throws {
        final class Missing {}
        final class Needs { init(_: Missing) {} }
        let container = Container()
        let line = #line + 1
        container.register(Needs.self) { r in Needs(try r.resolve()) }
        let error = #expect(throws: ResolutionError.self) {
            _ = try container.resolve(Needs.self)
        }
        #expect(error?.description.contains("SyringeTests/FileIDTests.swift:\(line)") == true)
    }
}
