import Testing

@testable import Syringe

private protocol FormGauge: Sendable { var reading: Int { get } }
private struct FormBarometer: FormGauge {
    let reading: Int
    init() { reading = 1013 }
}
private struct FormPage: Sendable {
    let number: Int
}
private struct FormBook: Sendable {
    let pages: [FormPage]
}
/// Not `Sendable`: resolved with arguments inside an async factory, it stays in the factory's isolation.
private final class FormDraft {
    let page: Int
    init(page: Int) { self.page = page }
}

private func openFormLedger() async throws -> FormLedger { FormLedger(entries: 3) }
private struct FormLedger: Sendable {
    let entries: Int
}

/// The forms of `Register` and `Contribute` that a module writes less often: each makes the registration that the
/// container method of the same shape makes.
@Suite("Modules: every form of Register and Contribute")
struct RegisterFormsTests {
    struct Forms: Module {
        var registrations: some Registrations {
            Register(FormPage.self) { (_, number: Int) async throws in FormPage(number: number) }
            Register(FormLedger.self, scope: .singleton, using: openFormLedger)
            Register(FormBarometer.self, using: FormBarometer.init)
                .forwarding((any FormGauge).self)
                .forwarding((any FormGauge).self, name: "outside")
            Register(FormBook.self) { r async throws in
                FormBook(pages: [
                    try await r.resolveAsync(arguments: 1), try await r.resolveAsync(FormPage.self, arguments: 2),
                ])
            }
            Register(FormDraft.self) { (_, page: Int) in FormDraft(page: page) }
            Register(String.self, name: "draft") { r async throws in
                let draft: FormDraft = try await r.resolveAsync(arguments: 7)
                return "draft \(draft.page)"
            }
            Register(Int.self, name: "live") { 1 }.liveOnly()
            Contribute((any FormGauge).self) { _ async throws in FormBarometer() }
            Contribute((any FormGauge).self) { FormBarometer() }.liveOnly()
        }
    }

    @Test func eachFormRegistersWhatItsContainerMethodWould() async throws {
        let container = Container { Forms() }
        #expect(try await container.resolveAsync(FormPage.self, arguments: 4).number == 4)
        let ledger = try await container.resolveAsync(FormLedger.self)
        #expect(ledger.entries == 3)
        #expect(throws: ResolutionError.self) { try container.resolve(FormLedger.self) }  // its `using:` is async
        #expect(try container.resolve((any FormGauge).self).reading == 1013)
        #expect(try container.resolve((any FormGauge).self, name: "outside").reading == 1013)
        #expect(try await container.resolveAsync(FormBook.self).pages.map(\.number) == [1, 2])
        #expect(try await container.resolveAsync(String.self, name: "draft") == "draft 7")
        #expect(try await container.resolveAllAsync((any FormGauge).self).map(\.reading) == [1013, 1013])
        let liveOnly = container.ownEntries().filter(\.isLiveOnly).map(\.key.description)
        #expect(liveOnly.count == 2)
        #expect(liveOnly.contains("Int (name: \"live\")"))
    }
}
