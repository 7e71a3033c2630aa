import Testing

@testable import Syringe

// A thousand distinct service types without a thousand declarations: `Numbered<H, T, U>` for the digits of 0…999.
protocol Digit {}
enum D0: Digit {}
enum D1: Digit {}
enum D2: Digit {}
enum D3: Digit {}
enum D4: Digit {}
enum D5: Digit {}
enum D6: Digit {}
enum D7: Digit {}
enum D8: Digit {}
enum D9: Digit {}

protocol Buildable: Sendable { init() }

final class Numbered<H: Digit, T: Digit, U: Digit>: Buildable {
    init() {}
}

var digits: [any Digit.Type] {
    [
        D0.self, D1.self, D2.self, D3.self, D4.self, D5.self, D6.self, D7.self, D8.self, D9.self,
    ]
}

/// The service type of number `n` (0…999).
func numbered(_ n: Int) -> any Buildable.Type {
    digits[n / 100].hundreds(n)
}

extension Digit {
    static func hundreds(_ n: Int) -> any Buildable.Type { digits[n / 10 % 10].tens(Self.self, n) }
    static func tens<H: Digit>(_: H.Type, _ n: Int) -> any Buildable.Type { digits[n % 10].units(H.self, Self.self) }
    static func units<H: Digit, T: Digit>(_: H.Type, _: T.Type) -> any Buildable.Type { Numbered<H, T, Self>.self }
}

/// Registers `service` as a singleton built by a function of `dependencies` (up to three), with `using:`.
func registerNumbered(
    _ service: any Buildable.Type, dependencies: [any Buildable.Type], in container: Container, runs: FactoryRuns
) {
    service.register(dependencies: dependencies, in: container, runs: runs)
}

extension Buildable {
    /// Registers `Self`, opening each dependency's type in turn.
    static func register(dependencies: [any Buildable.Type], in container: Container, runs: FactoryRuns) {
        switch dependencies.count {
        case 0:
            container.register(Self.self, scope: .singleton, using: { runs.built(Self()) })
        case 1: dependencies[0].one(Self.self, container, runs)
        case 2: dependencies[0].two(Self.self, dependencies[1], container, runs)
        default: dependencies[0].three(Self.self, dependencies[1], dependencies[2], container, runs)
        }
    }

    static func one<S: Buildable>(_: S.Type, _ container: Container, _ runs: FactoryRuns) {
        container.register(S.self, scope: .singleton, using: { (_: Self) in runs.built(S()) })
    }

    static func two<S: Buildable>(
        _: S.Type, _ second: any Buildable.Type, _ container: Container, _ runs: FactoryRuns
    ) {
        second.pair(S.self, Self.self, container, runs)
    }

    static func pair<S: Buildable, A>(_: S.Type, _: A.Type, _ container: Container, _ runs: FactoryRuns) {
        container.register(S.self, scope: .singleton, using: { (_: A, _: Self) in runs.built(S()) })
    }

    static func three<S: Buildable>(
        _: S.Type, _ second: any Buildable.Type, _ third: any Buildable.Type, _ container: Container,
        _ runs: FactoryRuns
    ) {
        second.triple(S.self, Self.self, third, container, runs)
    }

    static func triple<S: Buildable, A>(
        _: S.Type, _: A.Type, _ third: any Buildable.Type, _ container: Container, _ runs: FactoryRuns
    ) {
        third.last(S.self, A.self, Self.self, container, runs)
    }

    static func last<S: Buildable, A, B>(_: S.Type, _: A.Type, _: B.Type, _ container: Container, _ runs: FactoryRuns) {
        container.register(S.self, scope: .singleton, using: { (_: A, _: B, _: Self) in runs.built(S()) })
    }
}

/// The numbers service `n` depends on: a few smaller ones, so the graph is wide and shallow.
func dependencies(of n: Int) -> [Int] {
    var numbers: [Int] = []
    for candidate in [n / 2, n / 3, n / 7] where candidate < n && !numbers.contains(candidate) {
        numbers.append(candidate)
    }
    return numbers
}

@Suite("Graph: a thousand generated registrations")
struct GraphScaleTests {
    func thousand(skipping skipped: Int? = nil, runs: FactoryRuns) -> Container {
        let container = Container()
        for n in 0..<1000 where n != skipped {
            registerNumbered(numbered(n), dependencies: dependencies(of: n).map(numbered), in: container, runs: runs)
        }
        return container
    }

    @Test func aThousandDeclaredRegistrationsVerifyWithoutRunningAFactory() throws {
        let runs = FactoryRuns()
        let container = thousand(runs: runs)
        let report = try container.verify()
        #expect(report.description == "verified 1000 of 1000 registrations; 0 opaque")
        let rooted = try container.verify(roots: [numbered(999)] + (500..<999).map(numbered))
        #expect(rooted.verified == 1000)
        #expect(runs.count == 0)
        #expect(container.graph().edges.count == (0..<1000).map { dependencies(of: $0).count }.reduce(0, +))
        _ = try container.resolve(Numbered<D9, D9, D9>.self)
        #expect(runs.count > 1 && runs.count < 1000)
    }

    @Test func aMissingOneIsReportedForEveryRegistrationThatNeedsIt() throws {
        let runs = FactoryRuns()
        let container = thousand(skipping: 100, runs: runs)
        let error = #expect(throws: ResolutionError.self) { try container.verify() }
        let needing = (0..<1000).filter { dependencies(of: $0).contains(100) }
        #expect(error?.errors.count == needing.count)
        #expect(
            error?.errors.allSatisfy { $0.summary == "cannot resolve `Numbered<D1, D0, D0>` (no registration)." }
                == true)
        #expect(error?.errors.first?.path.map(\.description) == ["Numbered<D2, D0, D0>", "Numbered<D1, D0, D0>"])
        #expect(runs.count == 0)
    }

    @Test func aCycleThroughTheThousandIsShownWhole() throws {
        let runs = FactoryRuns()
        let container = thousand(runs: runs)
        // 1 now needs 999, which reaches 1 again: the first shortest way back is 999 → 499 → 71 → 10 → 1.
        registerNumbered(numbered(1), dependencies: [numbered(999)], in: container, runs: runs)
        let error = #expect(throws: ResolutionError.self) { try container.verify() }
        #expect(error?.errors.map(\.code) == [.cycle])
        #expect(
            error?.errors.first?.summary == "dependency cycle among declared dependencies: Numbered<D0, D0, D1> → "
                + "Numbered<D9, D9, D9> → Numbered<D4, D9, D9> → Numbered<D0, D7, D1> → Numbered<D0, D1, D0> → "
                + "Numbered<D0, D0, D1>.")
        #expect(runs.count == 0)
    }
}
