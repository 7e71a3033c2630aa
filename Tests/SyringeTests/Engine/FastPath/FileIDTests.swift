import Testing

@testable import Syringe

@Suite("Support: file IDs passed as one pointer")
struct FileIDTests {
    @Test(arguments: ["SyringeTests/FileIDTests.swift", "Türen/Schlüssel.swift", ""] as [StaticString])
    func theTextComesBackWhole(_ literal: StaticString) {
        #expect(FileID(literal).description == literal.description)
    }

    /// A registration's place, kept as one pointer, is named whole in a message about it.
    @Test func aRegistrationsPlaceIsNamedInItsMessages() throws {
        final class Missing {}
        final class Needs { init(_: Missing) {} }
        let container = Container()
        let line = #line + 1
        container.register(Needs.self, scope: .singleton, using: Needs.init)
        let error = #expect(throws: ResolutionError.self) { try container.verify() }
        #expect(error?.description.contains("SyringeTests/FileIDTests.swift:\(line)") == true)
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
