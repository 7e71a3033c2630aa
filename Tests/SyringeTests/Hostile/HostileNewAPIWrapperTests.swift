import Foundation
import Syringe
import Testing

// Hostile probes of today's wrapper APIs: @WeakLazyInjected of a class-bound protocol, @DynamicInjected, and the
// projected values of the lazy wrappers ($x.resolvedValue, $x.resolve()).

protocol HnDelegate: AnyObject, Sendable {
    var id: Int { get }
}

final class HnLiveDelegate: HnDelegate {
    let id: Int
    init(id: Int) { self.id = id }
}

protocol HnValueProtocol: Sendable {
    var id: Int { get }
}

struct HnValueImpl: HnValueProtocol {
    var id = 7
}

final class HnCounted: Sendable {
    let id: Int
    init(id: Int) { self.id = id }
}

private let hnCountedBuilds = HostileCounter()

extension Container {
    var hnDelegate: any HnDelegate { provide(.shared) { HnLiveDelegate(id: 1) } }
    var hnUniqueDelegate: any HnDelegate { provide(.unique) { HnLiveDelegate(id: 2) } }
    var hnValueExistential: any HnValueProtocol { provide { HnValueImpl() } }
    var hnCounted: HnCounted { provide(.unique) { HnCounted(id: hnCountedBuilds.increment()) } }
}

final class HnDelegateOwner: @unchecked Sendable {  // wrappers are thread-safe; Swift sees `var`
    @WeakLazyInjected(\.hnDelegate) var delegate: (any HnDelegate)?
    @WeakLazyInjected var byType: (any HnDelegate)?
    @WeakLazyInjected(name: "named") var named: (any HnDelegate)?
    @WeakLazyInjected(\.hnUniqueDelegate) var unique: (any HnDelegate)?
}

final class HnLazyOwner: @unchecked Sendable {  // wrappers are thread-safe; Swift sees `var`
    @LazyInjected var counted: HnCounted
    @DynamicInjected var dynamic: HnCounted
    @DynamicInjected(\.hnCounted) var dynamicKeyPath
}

/// Builds a container that counts its `HnCounted` builds, optionally slowly.
private func hnCountingContainer(delay: UInt32 = 0) -> (Container, HostileCounter) {
    let container = Container()
    let builds = HostileCounter()
    container.register(HnCounted.self) {
        let id = builds.increment()
        if delay > 0 { usleep(delay) }
        return HnCounted(id: id)
    }
    return (container, builds)
}

@Suite("HostileNewAPI: wrappers and projected values")
struct HostileNewAPIWrapperTests {
    /// A class-bound protocol held weakly by key path, by type and by name, from a hand-built container.
    @Test func weakProtocolByKeyPathTypeAndName() {
        let container = Container()
        let held = HnLiveDelegate(id: 5)
        let named = HnLiveDelegate(id: 6)
        container.register((any HnDelegate).self) { held }
        container.register((any HnDelegate).self, name: "named") { named }
        container.withCurrent {
            let owner = HnDelegateOwner()
            #expect(owner.$byType.resolvedValue == nil)
            #expect(owner.byType === held)
            #expect(owner.named === named)
            #expect(owner.$named.resolvedValue === named)
            #expect(owner.delegate?.id == 1)
        }
    }

    /// A `.unique` protocol value is released at once: the first read sees it, later reads see nil.
    @Test func weakProtocolOfAUniqueValueIsReleased() {
        Container().withCurrent {
            let owner = HnDelegateOwner()
            let first = owner.unique
            #expect(first?.id == 2)
            _ = first
        }
        Container().withCurrent {
            let owner = HnDelegateOwner()
            _ = owner.unique
            #expect(owner.unique == nil)
            #expect(owner.$unique.resolvedValue == nil)
            // resolve() resolves again and hands the new strong object out.
            #expect(owner.$unique.resolve()?.id == 2)
        }
    }

    /// A value existential (a struct behind a non-class protocol) stops the program with the message.
    @Test func weakValueExistentialStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Owner { @WeakLazyInjected(\.hnValueExistential) var value: (any HnValueProtocol)? }
            _ = Owner().value
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("which is not an object"))
            #expect(text.contains("HnValueImpl"))
            #expect(text.contains("HostileNewAPIWrapperTests.swift:"))
        }
    }

    /// `$x.resolve()` on a weak wrapper whose object is gone resolves again from the container.
    @Test func weakResolveAgainAfterRelease() {
        let container = Container()
        let builds = HostileCounter()
        container.register((any HnDelegate).self, scope: .unique) { HnLiveDelegate(id: builds.increment()) }
        container.withCurrent {
            let owner = HnDelegateOwner()
            _ = owner.byType  // the first read hands the object out strongly, then holds it weakly
            #expect(owner.byType == nil)  // released
            #expect(builds.count == 1)
            #expect(owner.byType == nil)  // not resolved again
            #expect(builds.count == 1)
            let again = owner.$byType.resolve()
            #expect(again?.id == 2)
            #expect(builds.count == 2)
        }
    }

    /// `@DynamicInjected` reads a hand-built container, then the override around it, on every read.
    @Test func dynamicFollowsTheCurrentContainer() {
        let (container, builds) = hnCountingContainer()
        container.withCurrent {
            let owner = HnLazyOwner()
            #expect(owner.dynamic.id == 1)
            #expect(owner.dynamic.id == 2)
            Container.withOverrides {
                $0.register(HnCounted.self) { HnCounted(id: -1) }
            } operation: {
                #expect(owner.dynamic.id == -1)
            }
            #expect(owner.dynamic.id == 3)
            #expect(builds.count == 3)
        }
    }

    /// `@DynamicInjected` read from many threads at once, each bound to the same container: every read builds.
    @Test func dynamicFromManyThreads() async {
        let (container, builds) = hnCountingContainer()
        let owner = container.withCurrent { HnLazyOwner() }
        let binding = container.withCurrent { Container.current }
        let results = await boundedOnThreads(8, seconds: 5) { _ in
            binding.withCurrent { (0..<200).map { _ in owner.dynamic.id } }
        }
        #expect(results.allSatisfy { !$0.isHang })
        let all = results.compactMap(\.value).flatMap { $0 }
        #expect(all.count == 1600)
        #expect(Set(all).count == 1600)
        #expect(builds.count == 1600)
    }

    /// The lazy wrapper's first read from many threads at once builds once; all readers see that instance.
    @Test func lazyFirstReadRaceBuildsOnce() async {
        let (container, builds) = hnCountingContainer(delay: 20_000)
        let owner = HnLazyOwner()
        let binding = container.withCurrent { Container.current }
        let barrier = HostileBarrier(parties: 8)
        let results = await boundedOnThreads(8, seconds: 5) { _ in
            barrier.arriveAndWait()
            return binding.withCurrent { owner.counted.id }
        }
        #expect(results.allSatisfy { !$0.isHang })
        #expect(Set(results.compactMap(\.value)) == [1])
        #expect(builds.count == 1)
    }

    /// Many threads read `x` while another calls `$x.resolve()` in a loop: each read returns some built instance,
    /// never a torn or missing one, nothing hangs, and the last `resolve()`'s value is what stays.
    @Test func readersRaceResolveAgain() async {
        let (container, builds) = hnCountingContainer()
        let owner = HnLazyOwner()
        let binding = container.withCurrent { Container.current }
        let lastResolved = HostileBox(0)
        let results = await boundedOnThreads(6, seconds: 8) { index -> [Int] in
            binding.withCurrent {
                if index == 0 {
                    var seen: [Int] = []
                    for _ in 0..<300 { seen.append(owner.$counted.resolve().id) }
                    lastResolved.withLock { $0 = seen.last ?? 0 }
                    return seen
                }
                return (0..<3000).map { _ in owner.counted.id }
            }
        }
        #expect(results.allSatisfy { !$0.isHang })
        let values = results.compactMap(\.value)
        #expect(values.count == 6)
        let resolverValues = values.first ?? []
        #expect(Set(resolverValues).count == resolverValues.count)  // each resolve() built anew
        for readerValues in values.dropFirst() {
            #expect(readerValues.allSatisfy { $0 >= 1 && $0 <= builds.count })
        }
        // After the storm, a plain read returns the kept value; it is never reset by a reader.
        let kept = binding.withCurrent { owner.counted.id }
        #expect(owner.$counted.resolvedValue?.id == kept)
        #expect(kept >= lastResolved.current)
    }

    /// Many concurrent `resolve()` calls: each returns an instance, the container built at most one per call
    /// plus the first read, and the kept value is one of them.
    @Test func concurrentResolveAgain() async {
        let (container, builds) = hnCountingContainer(delay: 1000)
        let owner = HnLazyOwner()
        let binding = container.withCurrent { Container.current }
        let barrier = HostileBarrier(parties: 6)
        let results = await boundedOnThreads(6, seconds: 8) { _ in
            barrier.arriveAndWait()
            return binding.withCurrent { (0..<50).map { _ in owner.$counted.resolve().id } }
        }
        #expect(results.allSatisfy { !$0.isHang })
        let all = Set(results.compactMap(\.value).flatMap { $0 })
        #expect(builds.count <= 300)
        #expect(builds.count >= 1)
        let kept = owner.$counted.resolvedValue?.id
        #expect(kept.map { all.contains($0) } == true)
    }

    /// `$x.resolvedValue` never resolves, from any thread, before or after `resolve()`.
    @Test func resolvedValueNeverResolves() {
        let (container, builds) = hnCountingContainer()
        let owner = HnLazyOwner()
        container.withCurrent {
            for _ in 0..<10 { #expect(owner.$counted.resolvedValue == nil) }
            #expect(builds.count == 0)
            _ = owner.counted
            #expect(builds.count == 1)
            #expect(owner.$counted.resolvedValue?.id == 1)
            #expect(builds.count == 1)
        }
    }

    /// A copy of the wrapper (through the projected value) shares the cell: resolving the copy is seen by the
    /// property.
    @Test func projectedValueCopySharesTheCell() {
        let (container, _) = hnCountingContainer()
        let owner = HnLazyOwner()
        container.withCurrent {
            let projection = owner.$counted
            let first = owner.counted
            let second = projection.resolve()
            #expect(first !== second)
            #expect(owner.counted === second)
            #expect(projection.resolvedValue === second)
        }
    }

    /// `resolve()` before any read resolves (once) and keeps the value for the read.
    @Test func resolveBeforeFirstRead() {
        let (container, builds) = hnCountingContainer()
        let owner = HnLazyOwner()
        container.withCurrent {
            let resolved = owner.$counted.resolve()
            #expect(builds.count == 1)
            #expect(owner.counted === resolved)
            #expect(builds.count == 1)
        }
    }

    /// `resolve()` picks up a new container: the hand-built one, then an override on top.
    @Test func resolveAgainSeesNewBindings() {
        let (container, _) = hnCountingContainer()
        let owner = HnLazyOwner()
        container.withCurrent {
            #expect(owner.counted.id == 1)
            Container.withOverrides {
                $0.register(HnCounted.self) { HnCounted(id: 99) }
            } operation: {
                #expect(owner.counted.id == 1)  // kept
                #expect(owner.$counted.resolve().id == 99)
            }
            #expect(owner.counted.id == 99)  // kept after the override ended
        }
    }

    /// A lazy property whose factory reads the same property (a cycle) stops the program with a message.
    @Test func lazySelfCycleStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Node: @unchecked Sendable {
                @LazyInjected var other: HnCounted
            }
            let node = Node()
            let container = Container()
            container.register(HnCounted.self) { HnCounted(id: node.other.id + 1) }
            container.withCurrent { _ = node.other }
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("HnCounted"))
            #expect(text.contains("HostileNewAPIWrapperTests.swift:"))
        }
    }

    /// `$x.resolve()` called inside the factory of the property's own first read stops (a cycle), not hangs.
    @Test func resolveInsideOwnFactoryStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Node: @unchecked Sendable {
                @LazyInjected var other: HnCounted
            }
            let node = Node()
            let container = Container()
            container.register(HnCounted.self) { HnCounted(id: node.$other.resolve().id + 1) }
            container.withCurrent { _ = node.other }
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("HnCounted"))
        }
    }

    /// A throwing factory under `$x.resolve()` stops the program with the error text and the property's place.
    @Test func resolveAgainWithThrowingFactoryStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Owner: @unchecked Sendable { @LazyInjected var counted: HnCounted }
            let owner = Owner()
            let container = Container()
            let calls = HostileCounter()
            container.register(HnCounted.self) {
                if calls.increment() > 1 { throw HostileFailure(reason: "second build") }
                return HnCounted(id: 1)
            }
            container.withCurrent {
                _ = owner.counted
                _ = owner.$counted.resolve()
            }
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("second build"))
            #expect(text.contains("HostileNewAPIWrapperTests.swift:"))
        }
    }

    /// `$x.resolve()` while the first read is still in its factory: it returns a value built after the call.
    /// (The kept value must be the newer one; a stale one would be the in-flight build.)
    @Test func resolveDuringFirstReadDoesNotHang() async {
        let container = Container()
        let builds = HostileCounter()
        let entered = HostileBox(false)
        let release = HostileBox(false)
        container.register(HnCounted.self) {
            let build = builds.increment()
            if build == 1 {
                entered.withLock { $0 = true }
                let deadline = Date().addingTimeInterval(3)
                while !release.current && Date() < deadline { usleep(500) }
            }
            return HnCounted(id: build)
        }
        let owner = HnLazyOwner()
        let binding = container.withCurrent { Container.current }
        let results = await boundedOnThreads(2, seconds: 6) { index -> Int in
            binding.withCurrent {
                if index == 0 { return owner.counted.id }
                let deadline = Date().addingTimeInterval(3)
                while !entered.current && Date() < deadline { usleep(200) }
                Thread {
                    usleep(100_000); release.withLock { $0 = true }
                }.start()
                return owner.$counted.resolve().id
            }
        }
        #expect(results.allSatisfy { !$0.isHang })
        #expect(results[0].value == 1)
        // Whatever `resolve()` returned is what stays.
        #expect(owner.$counted.resolvedValue?.id == results[1].value)
    }
}
