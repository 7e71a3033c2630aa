import Foundation
import Testing

@testable import Syringe

struct FPContextService: Sendable {
    let name: String
}

extension Container {
    fileprivate var fpExternalContext: FPContextService { provide { FPContextService(name: "FACTORY") } }
    fileprivate var fpInternalContext: FPContextService {
        provide {
            FPContextService(name: "FACTORY")
        } contexts: {
            .onDebug { FPContextService(name: "DEBUG") }
        }
    }
    fileprivate var fpTestContext: FPContextService {
        provide {
            FPContextService(name: "FACTORY")
        } contexts: {
            .onTest { FPContextService(name: "TEST") }
        }
    }
    fileprivate var fpAllContexts: FPContextService {
        provide {
            FPContextService(name: "FACTORY")
        } contexts: {
            .onDebug { FPContextService(name: "DEBUG") }
                .onPreview { FPContextService(name: "PREVIEW") }
                .onTest { FPContextService(name: "TEST") }
                .onArgument("ARG") { FPContextService(name: "ARG") }
        }
    }
    fileprivate var fpArgsContext: FPContextService {
        provide {
            FPContextService(name: "FACTORY")
        } contexts: {
            .onArgument("ARG1") { FPContextService(name: "ARG") }
                .onArgument("ARG2") { FPContextService(name: "ARG") }
        }
    }
}

@Suite("FactoryParity: contexts")
struct FactoryParityContextTests {
    /// What each service resolves to in `context`: a registration with alternatives, and three properties.
    func names(_ context: ProcessContext) throws -> [String] {
        try ProcessContext.with(context) {
            let container = Container()
            container.register(FPContextService.self) { FPContextService(name: "REGISTERED") }
                .onPreview { FPContextService(name: "PREVIEW") }
                .onTest { FPContextService(name: "TEST") }
                .onArgument("ARG") { FPContextService(name: "ARG") }
            return [
                try container.resolve(FPContextService.self).name, container.fpInternalContext.name,
                container.fpArgsContext.name, container.fpAllContexts.name,
            ]
        }
    }

    /// A debug build with no preview and no test uses the registration and the debug alternatives.
    @Test func noPreviewNoTest() throws {
        #expect(try names(ProcessContext(isDebug: true)) == ["REGISTERED", "DEBUG", "FACTORY", "DEBUG"])
    }

    /// A release build outside tests and previews uses the factories.
    @Test func noContextAtAll() throws {
        #expect(try names(ProcessContext()) == ["REGISTERED", "FACTORY", "FACTORY", "FACTORY"])
    }

    /// A preview uses the preview alternatives.
    @Test func withPreview() throws {
        #expect(
            try names(ProcessContext(isPreview: true, isDebug: true)) == ["PREVIEW", "DEBUG", "FACTORY", "PREVIEW"])
    }

    /// A test process uses the test alternatives.
    @Test func withTest() throws {
        #expect(try names(ProcessContext(isTest: true, isDebug: true)) == ["TEST", "DEBUG", "FACTORY", "TEST"])
    }

    /// A launch argument beats every other context.
    @Test func withArgument() throws {
        let context = ProcessContext(isPreview: true, isTest: true, isDebug: true, arguments: ["ARG"])
        #expect(try names(context) == ["ARG", "DEBUG", "FACTORY", "ARG"])
    }

    /// Any one of several arguments selects its alternative.
    @Test func withOneOfSeveralArguments() throws {
        #expect(
            try names(ProcessContext(isDebug: true, arguments: ["ARG2"])) == ["REGISTERED", "DEBUG", "ARG", "DEBUG"])
    }

    /// An argument nobody asked for changes nothing.
    @Test func unmatchedArgument() throws {
        let context = ProcessContext(isDebug: true, arguments: ["ARG3"])
        #expect(try names(context) == ["REGISTERED", "DEBUG", "FACTORY", "DEBUG"])
    }

    /// A debug alternative added to a registration later is used in a debug build.
    @Test func debugAlternativeAddedLater() throws {
        let name = try ProcessContext.with(ProcessContext(isDebug: true)) {
            let container = Container()
            container.register(FPContextService.self) { FPContextService(name: "REGISTERED") }
                .onDebug { FPContextService(name: "DEBUG") }
            return try container.resolve(FPContextService.self).name
        }
        #expect(name == "DEBUG")
    }

    /// An override of a property with a debug alternative is what the property then gives.
    @Test func overrideBeatsTheDebugAlternative() {
        ProcessContext.with(ProcessContext(isDebug: true)) {
            let container = Container()
            #expect(container.fpInternalContext.name == "DEBUG")
            container.override(\.fpInternalContext) { FPContextService(name: "CHANGED") }
            #expect(container.fpInternalContext.name == "CHANGED")
        }
    }

    /// A property's test alternative is used in a test, and a test's override replaces it.
    @Test func overrideTestContext() {
        ProcessContext.with(ProcessContext(isTest: true, isDebug: true)) {
            let container = Container()
            #expect(container.fpTestContext.name == "TEST")
            container.override(\.fpTestContext) { FPContextService(name: "CHANGED") }
            #expect(container.fpTestContext.name == "CHANGED")
        }
    }

    /// A property with no alternatives gives its factory in every context.
    @Test func propertyWithoutAlternatives() {
        let context = ProcessContext(isPreview: true, isTest: true, isDebug: true, arguments: ["ARG"])
        ProcessContext.with(context) {
            #expect(Container().fpExternalContext.name == "FACTORY")
        }
    }
}
