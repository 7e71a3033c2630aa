import Foundation
import Syringe
import Testing

struct HDog: Sendable {
    let name: String
}

protocol HPet: Sendable { var name: String { get } }
struct HCat: HPet, Component {
    var name = "cat"
    init() {}
}

final class HKennel: Sendable {
    let dog: HDog?
    init(dog: HDog?) { self.dog = dog }
}

final class HMountable: @unchecked Sendable {  // `dog` is set by its injector before sharing
    var dog: HDog?
}
protocol HDogMountable: AnyObject { func mount(_ dog: HDog) }
extension HMountable: HDogMountable {
    func mount(_ dog: HDog) { self.dog = dog }
}

/// Issue 10, bugs 10–12: optionals with names and arguments, error texts, and `catch let error as
/// ResolutionError` in every place a user writes it.
@Suite("Hostile: errors and optionals", .timeLimit(.minutes(1)))
struct HostileErrorTests {
    // MARK: Optionals (bug 10)

    @Test func anOptionalWithArgumentsInsideAFactory() throws {
        let container = Container()
        container.register(HDog.self) { (_, name: String) in HDog(name: name) }
        container.register(HKennel.self) { r in HKennel(dog: try r.resolve(HDog?.self, arguments: "Rex")) }
        #expect(try container.resolve(HKennel.self).dog?.name == "Rex")
    }

    @Test func anOptionalWithArgumentsThroughResolveAsync() async throws {
        let container = Container()
        container.register(HDog.self) { (_, name: String) in HDog(name: name) }
        #expect(try await container.resolveAsync(HDog?.self, arguments: "Rex")?.name == "Rex")
        container.register(HDog.self, name: "async") { (_, name: String) async in HDog(name: name) }
        #expect(try await container.resolveAsync(HDog?.self, name: "async", arguments: "Bo")?.name == "Bo")
    }

    @Test func anOptionalWithANameAndArguments() throws {
        let container = Container()
        container.register(HDog.self, name: "good") { (_, name: String, age: Int) in HDog(name: "\(name) \(age)") }
        #expect(try container.resolve(HDog?.self, name: "good", arguments: "Rex", 3)?.name == "Rex 3")
        let error = #expect(throws: ResolutionError.self) {
            try container.resolve(HDog?.self, name: "bad", arguments: "Rex", 3)
        }
        #expect(error?.code == .notRegistered)
    }

    @Test func anOptionalProtocolAnsweredByAComponent() throws {
        let container = Container()
        container.register(HCat.self)
        #expect(try container.resolve((any HPet)?.self)?.name == "cat")
    }

    @Test func anOptionalParameterOfADeclaredRegistration() throws {
        let container = Container()
        container.register(HKennel.self, using: HKennel.init)
        // Nothing registered for `HDog`: a mistake, not a silent nil.
        let error = #expect(throws: ResolutionError.self) { try container.resolve(HKennel.self) }
        #expect(error?.code == .notRegistered)
        container.register(HDog.self) { HDog(name: "Rex") }
        #expect(try container.resolve(HKennel.self).dog?.name == "Rex")
        _ = try container.verify()
    }

    @Test func anOptionalWithTheWrongArgumentsNamesTheWrappedType() {
        let container = Container()
        container.register(HDog.self) { (_, name: String) in HDog(name: name) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(HDog?.self, arguments: 1, 2) }
        #expect(error?.code == .argumentMismatch)
        #expect(error?.description.contains("register(HDog?.self") == false)
    }

    // MARK: Error texts (bug 11)

    @Test func anOnDisposeFailureNamesTheRegistrationAndTheHook() async throws {
        let container = Container()
        container.register(HDog.self, scope: .singleton) { HDog(name: "Rex") }
            .onDispose { _ in throw HostileFailure(reason: "leash stuck") }
        let hookLine = #line - 1
        _ = try container.resolve(HDog.self)
        do {
            try await container.shutdown()
            Issue.record("expected an error")
        } catch let error as ResolutionError {
            let text = error.description
            #expect(text.contains("HDog"))
            #expect(text.contains("leash stuck"))
            #expect(text.contains("HostileErrorTests.swift:\(hookLine)"))
            #expect(!text.contains("factory threw"))
        }
    }

    @Test func anAsyncHookFailureSaysItWasTheHook() async throws {
        let container = Container()
        container.register(HDog.self) { HDog(name: "Rex") }
            .onCreated { _, _ async throws in throw HostileFailure(reason: "no collar") }
        let hookLine = #line - 1
        do {
            _ = try await container.resolveAsync(HDog.self)
            Issue.record("expected an error")
        } catch let error as ResolutionError {
            #expect(error.summary.contains("onCreated hook threw"))
            #expect(error.description.contains("HostileErrorTests.swift:\(hookLine)"))
            #expect(error.underlyingError is HostileFailure)
        }
    }

    @Test func aFactoryFailureKeepsTheUnderlyingErrorForCatchWhere() {
        let container = Container()
        container.register(HDog.self) { throw HostileFailure(reason: "ran away") }
        do {
            _ = try container.resolve(HDog.self)
            Issue.record("expected an error")
        } catch let error as ResolutionError where error.underlyingError is HostileFailure {
            #expect(error.code == .factoryFailed)
            #expect(error.description.contains("ran away"))
        } catch {
            Issue.record("the underlying error was lost: \(error)")
        }
    }

    // MARK: catch let error as ResolutionError, everywhere (bug 12)

    @Test func catchShapesAUserWrites() async throws {
        let container = Container()
        container.register(HKennel.self, scope: .singleton) { r in HKennel(dog: try r.resolve(HDog.self)) }
        container.contribute(HKennel.self) { r in HKennel(dog: try r.resolve(HDog.self)) }
        var codes: [ResolutionError.Code] = []
        do { try container.build() } catch let error as ResolutionError { codes += error.errors.map(\.code) }
        do { _ = try container.validate() } catch let error as ResolutionError { codes.append(error.code) }
        // Opaque registrations only: verify() proves nothing, so it reports nothing.
        do { _ = try container.verify() } catch let error as ResolutionError { codes.append(error.code) }
        do { _ = try container.resolveAll(HKennel.self) } catch let error as ResolutionError {
            codes.append(error.code)
        }
        do {
            _ = try await container.resolveAllAsync(HKennel.self)
        } catch let error as ResolutionError {
            codes.append(error.code)
        }
        do {
            try container.inject(into: HMountable())
            container.registerInjector(for: (any HDogMountable).self) { target, r in target.mount(try r.resolve()) }
            try container.inject(into: HMountable())
        } catch let error as ResolutionError {
            codes.append(error.code)
        }
        let lazy: Lazy<HDog> = try container.resolve(Lazy<HDog>.self)
        do { _ = try lazy.value } catch let error as ResolutionError { codes.append(error.code) }
        let provider: Provider<HDog> = try container.resolve(Provider<HDog>.self)
        do { _ = try provider() } catch let error as ResolutionError { codes.append(error.code) }
        do {
            try await container.withScope(Scope("hostile-errors")) { _ = try container.resolve(HKennel.self) }
        } catch let error as ResolutionError {
            codes.append(error.code)
        }
        #expect(
            codes == [
                .notRegistered, .multiple, .notRegistered, .notRegistered, .notRegistered, .notRegistered,
                .notRegistered, .notRegistered,
            ])
    }

    /// Inside a factory: catch the error of an optional dependency and fall back, the way users write it.
    @Test func aFactoryThatCatchesAndFallsBack() throws {
        let container = Container()
        container.register(HKennel.self) { r in
            do {
                return HKennel(dog: try r.resolve(HDog.self))
            } catch let error as ResolutionError where error.code == .notRegistered {
                return HKennel(dog: nil)
            }
        }
        #expect(try container.resolve(HKennel.self).dog == nil)
        container.register(HDog.self) { HDog(name: "Rex") }
        #expect(try container.resolve(HKennel.self).dog?.name == "Rex")
    }

    /// A factory that catches a cycle and falls back: the resolution goes on and keeps nothing broken.
    @Test func aFactoryThatCatchesACycleAndFallsBack() throws {
        let container = Container()
        container.register(HKennel.self, scope: .singleton) { r in
            do {
                _ = try r.resolve(HKennel.self)
            } catch let error as ResolutionError {
                #expect(error.code == .cycle)
            }
            return HKennel(dog: nil)
        }
        let kennel = try container.resolve(HKennel.self)
        #expect(try container.resolve(HKennel.self) === kennel)
    }

    @Test func switchingOverTheCode() {
        let container = Container()
        var seen = ""
        do {
            _ = try container.resolve(HDog.self)
        } catch let error as ResolutionError {
            switch error.code {
            case .notRegistered: seen = "missing"
            case .cycle: seen = "cycle"
            default: seen = "other"
            }
        } catch {
            seen = "not a ResolutionError"
        }
        #expect(seen == "missing")
    }
}
