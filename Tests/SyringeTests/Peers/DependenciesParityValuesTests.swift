// swift-dependencies' DependencyValuesTests, ported to Syringe's keys, `withOverrides` and `Container.current`.
import Foundation
import Syringe
import Testing

@Suite("DependenciesParity: dependency values")
struct DependenciesParityValuesTests {
    /// An override is seen inside the operation and the key's value outside it.
    @Test func overrideIsSeenOnlyInsideTheOperation() {
        Container.withOverrides { _ in
        } operation: {
            let inside = Container.withOverrides {
                $0.dpNumber = 1729
            } operation: {
                Container[\.dpNumber]
            }
            #expect(inside == 1729)
            #expect(Container[\.dpNumber] == 42)
        }
    }

    /// Assigning a key twice in one overrides closure keeps the last value.
    @Test func theLastAssignmentInTheClosureWins() {
        Container.withOverrides {
            $0.dpNumber = 1
            $0.dpNumber = 2
        } operation: {
            #expect(Container[\.dpNumber] == 2)
        }
    }

    /// A key of an optional type can be overridden with `nil` and with a value, and keeps its default otherwise.
    @Test(arguments: [nil, "", "x"] as [String?])
    func optionalKeyTakesNilAndValues(value: String?) {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.dpOptional] == "live")
            Container.withOverrides {
                $0.dpOptional = value
            } operation: {
                #expect(Container[\.dpOptional] == value)
                #expect(Container.shared.dpOptional == value)
            }
        }
    }

    /// A key's value is built once per container: state set through one read is seen by the next.
    @Test func aKeysValueIsReused() {
        Container.withOverrides { _ in
        } operation: {
            let client = Container[\.dpReuse]
            #expect(client.count() == 0)
            client.setCount(42)
            #expect(Container[\.dpReuse].count() == 42)
        }
    }

    /// State set through the overrides closure's container is seen by the operation.
    @Test func stateSetInTheOverridesClosureIsSeenInside() {
        Container.withOverrides { _ in
        } operation: {
            let counts = Container.withOverrides {
                $0.dpReuse.setCount(42)
            } operation: {
                Container[\.dpReuse].count()
            }
            #expect(counts == 42)
        }
    }

    /// A key read inside the overrides closure gives the value the operation then reads.
    @Test func aKeyReadInTheOverridesClosureIsTheOperationsValue() {
        Container.withOverrides { _ in
        } operation: {
            let seen = DpLocked(-1)
            let inside = Container.withOverrides {
                seen.set($0.dpNumber)
            } operation: {
                Container[\.dpNumber]
            }
            #expect(seen.value == 42)
            #expect(inside == 42)
        }
    }

    /// Keys built from another key, early (when built) or late (when called), see an override of that key.
    @Test func derivedKeysSeeAnOverrideOfTheKeyTheyRead() {
        Container.withOverrides { _ in
        } operation: {
            #expect(Container[\.dpEarly].fetch() == 42)
            #expect(Container[\.dpLate].fetch() == 42)
            Container.withOverrides {
                $0.dpSome.fetch = { 1729 }
            } operation: {
                #expect(Container[\.dpEarly].fetch() == 1729)
                #expect(Container[\.dpLate].fetch() == 1729)
            }
            #expect(Container[\.dpEarly].fetch() == 42)
            #expect(Container[\.dpLate].fetch() == 42)
        }
    }

    /// A late-binding value read in one scope reads the key where it is called, not where it was read.
    @Test func aLateBindingValueReadsWhereItIsCalled() {
        Container.withOverrides { _ in
        } operation: {
            let escaped = Container.withOverrides {
                $0.dpSome.fetch = { 999 }
            } operation: {
                let late = Container[\.dpLate]
                #expect(late.fetch() == 999)
                return late
            }
            #expect(escaped.fetch() == 42)
            Container.withOverrides {
                $0.dpSome.fetch = { 1000 }
            } operation: {
                #expect(escaped.fetch() == 1000)
            }
        }
    }

    /// A key gives its test value in a test process, its preview value in a preview, its default value live.
    @Test func aKeysValueFollowsTheProcessContext() {
        let test: Int = ProcessContext.with(ProcessContext(isTest: true)) { Container().dpFull.value }
        let preview: Int = ProcessContext.with(ProcessContext(isPreview: true)) { Container().dpFull.value }
        let live: Int = ProcessContext.with(ProcessContext()) { Container().dpFull.value }
        #expect(test == 3)
        #expect(preview == 2)
        #expect(live == 1)
        for context in [ProcessContext(isTest: true), ProcessContext(isPreview: true), ProcessContext()] {
            ProcessContext.with(context) {
                let container = Container()
                container.dpFull.value = -1
                #expect(container.dpFull.value == -1)
            }
        }
    }

    /// An override of one field of a key's value is seen through the key.
    @Test func overridingOneFieldOfAKeysValue() {
        Container.withOverrides {
            $0.dpFull.value = -1
        } operation: {
            #expect(Container[\.dpFull].value == -1)
            #expect(Container[\.dpFull.value] == -1)
            #expect(DpFeature().full.value == -1)
        }
    }

    /// Nested overrides: the inner operation sees the outer overrides and its own.
    @Test func nestedOverridesLayer() {
        Container.withOverrides {
            $0.dpNumber = 1
        } operation: {
            Container.withOverrides {
                $0.dpText = "inner"
            } operation: {
                #expect(Container[\.dpNumber] == 1)
                #expect(Container[\.dpText] == "inner")
            }
            #expect(Container[\.dpText] == "goodbye")
        }
    }

    /// Nested async overrides: the inner operation sees both across suspension points.
    @Test func nestedAsyncOverridesLayer() async throws {
        try await Container.withOverrides {
            $0.dpNumber = 1
        } operation: {
            try await Container.withOverrides {
                $0.dpText = "inner"
            } operation: {
                try await Task.sleep(nanoseconds: 0)
                #expect(Container[\.dpNumber] == 1)
                #expect(Container[\.dpText] == "inner")
            }
        }
    }

    /// A captured `Container.current` binds the overrides again in GCD callbacks, nested ones too.
    @Test func aCapturedBindingCarriesOverridesIntoCallbacks() async {
        let values = await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
            Container.withOverrides {
                $0.dpFull.value = 42
            } operation: {
                let current = Container.current
                DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) {
                    let first = current.withCurrent { Container[\.dpFull].value }
                    DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) {
                        let second = current.withCurrent { Container[\.dpFull].value }
                        continuation.resume(returning: [first, second])
                    }
                }
            }
        }
        #expect(values == [42, 42])
    }

    /// A model made inside the overrides keeps them when it is used later from a GCD callback.
    @Test func aModelMadeInsideKeepsItsValuesInACallback() async {
        let model = Container.withOverrides {
            $0.dpFull.value = 42
        } operation: {
            DpFeature()
        }
        let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            DispatchQueue.global().async { continuation.resume(returning: model.full.value) }
        }
        #expect(value == 42)
    }

    /// A GCD callback that reads a key without a captured binding sees the process-wide container.
    @Test func aCallbackWithoutABindingDoesNotSeeTheOverrides() async {
        let value = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
            Container.withOverrides {
                $0.dpFull.value = 42
            } operation: {
                DispatchQueue.global().async { continuation.resume(returning: Container[\.dpFull].value) }
            }
        }
        #expect(value == 3)
    }

    /// Work started inside an operation, from a binding captured there, sees its overrides and can add more.
    @Test func aCapturedBindingCanBeOverriddenAgain() async {
        let values = await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
            Container.withOverrides {
                $0.dpFull.value = 42
            } operation: {
                let current = Container.current
                DispatchQueue.global().async {
                    let plain = current.withCurrent { Container[\.dpFull].value }
                    let layered = current.withOverrides {
                        $0.dpFull.value = 999
                    } operation: {
                        Container[\.dpFull].value
                    }
                    let nested = current.withCurrent {
                        Container.withOverrides {
                            $0.dpFull.value = 1000
                        } operation: {
                            Container[\.dpFull].value
                        }
                    }
                    continuation.resume(returning: [plain, layered, nested])
                }
            }
        }
        #expect(values == [42, 999, 1000])
    }

    /// A `Task { }` made inside the operation sees its overrides, also after the operation returned.
    @Test func aTaskMadeInsideSeesTheOverrides() async {
        let task = Container.withOverrides {
            $0.dpFull.value = 1_234_567_890
        } operation: {
            #expect(Container[\.dpFull].value == 1_234_567_890)
            return Task {
                try? await Task.sleep(nanoseconds: 1_000_000)
                return [Container[\.dpFull].value, DpFeature().full.value]
            }
        }
        #expect(await task.value == [1_234_567_890, 1_234_567_890])
    }

    /// Child tasks of a task group see the overrides of the operation that made the group.
    @Test func taskGroupChildrenSeeTheOverrides() async {
        let values = await Container.withOverrides {
            $0.dpFull.value = 42
        } operation: {
            await withTaskGroup(of: Int.self) { group in
                for _ in 0..<4 {
                    group.addTask { Container[\.dpFull].value }
                }
                return await group.reduce(into: [Int]()) { $0.append($1) }
            }
        }
        #expect(values == [42, 42, 42, 42])
    }

    /// An `AsyncStream(unfolding:)` runs in the consumer's task: without a captured binding it does not see
    /// the overrides of the operation that made it, with one it does.
    @Test func anUnfoldingStreamSeesOverridesOnlyThroughACapturedBinding() async {
        let (plain, captured) = Container.withOverrides {
            $0.dpFull.value = 42
        } operation: { () -> (AsyncStream<Int>, AsyncStream<Int>) in
            let plainDone = DpLocked(false)
            let capturedDone = DpLocked(false)
            let current = Container.current
            let plain = AsyncStream<Int>(unfolding: {
                defer { plainDone.set(true) }
                return plainDone.value ? nil : Container[\.dpFull].value
            })
            let captured = AsyncStream<Int>(unfolding: {
                current.withCurrent {
                    defer { capturedDone.set(true) }
                    return capturedDone.value ? nil : Container[\.dpFull].value
                }
            })
            return (plain, captured)
        }
        #expect(await plain.reduce(into: [Int]()) { $0.append($1) } == [3])
        #expect(await captured.reduce(into: [Int]()) { $0.append($1) } == [42])
    }

    /// A parent made inside the overrides makes children later, outside them, with its overrides.
    @Test func aParentPassesItsOverridesToChildrenMadeLater() {
        let parent = Container.withOverrides {
            $0.dpNumber = 1729
        } operation: {
            DpModel()
        }
        let child = parent.child()
        #expect(child.number == 1729)
    }

    /// Two tests each in a container of their own never see each other's cached state (first of two).
    @Test func cachedStateDoesNotLeakBetweenTests1() async {
        let value = await Container.withOverrides { _ in
        } operation: {
            await Container[\.dpCounter].increment()
        }
        #expect(value == 1)
    }

    /// Two tests each in a container of their own never see each other's cached state (second of two).
    @Test func cachedStateDoesNotLeakBetweenTests2() async {
        let value = await Container.withOverrides { _ in
        } operation: {
            await Container[\.dpCounter].increment()
        }
        #expect(value == 1)
    }

    /// A hundred tasks that read a key at once in a fresh container build its value once.
    @Test func concurrentReadsBuildAKeysValueOnce() async {
        for _ in 1...50 {
            DpCountedInit.builds.set(0)
            await Container.withOverrides { _ in
            } operation: {
                await withTaskGroup(of: Void.self) { group in
                    for _ in 1...100 {
                        group.addTask { _ = Container[\.dpCountedInit].fetch() }
                    }
                }
            }
            #expect(DpCountedInit.builds.value == 1)
        }
    }

    /// Overriding a key with its own value on another thread, while this one reads it, does not deadlock.
    @Test func overridingAKeyWithItselfOnAnotherThreadDoesNotDeadlock() async {
        await Container.withOverrides { _ in
        } operation: {
            let current = Container.current
            let done = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                DispatchQueue.global(qos: .utility).async {
                    current.withCurrent {
                        Container.withOverrides {
                            $0.dpFull = $0.dpFull
                        } operation: {
                            _ = Container[\.dpFull]
                        }
                    }
                    continuation.resume(returning: true)
                }
                let start = Date()
                while Date().timeIntervalSince(start) < 0.1 { _ = Container[\.dpFull] }
            }
            #expect(done)
            #expect(Container[\.dpFull].value == 3)
        }
    }
}
