import Foundation
import Syringe
import Testing

final class Beacon: Sendable {
    let label: String
    init(_ label: String) { self.label = label }
}

protocol BeaconDelegate: AnyObject, Sendable {
    var label: String { get }
}

final class LiveBeaconDelegate: BeaconDelegate {
    let label: String
    init(_ label: String) { self.label = label }
}

struct BeaconSettings: Sendable {
    var level = 1
}

extension Container {
    var beacon: Beacon { provide(.unique) { Beacon("unique") } }
    var sharedBeacon: Beacon { provide(.shared) { Beacon("shared") } }
    var beaconDelegate: any BeaconDelegate { provide(.shared) { LiveBeaconDelegate("live") } }
    var beaconSettings: BeaconSettings { provide { BeaconSettings() } }
}

final class BeaconScreen {
    @LazyInjected(\.beacon) var lazy
    @WeakLazyInjected(\.sharedBeacon) var weak: Beacon?
    @WeakLazyInjected(\.beaconDelegate) var delegate: (any BeaconDelegate)?
    @DynamicInjected(\.beacon) var dynamic
    @DynamicInjected var dynamicByType: Beacon
}

/// The lazy wrappers' projected values (`$x`), `@WeakLazyInjected` of a class-bound
/// protocol and `@DynamicInjected`.
@Suite("Property wrappers: projected values, weak protocols, dynamic injection", .serialized)
struct WrapperProjectionTests {
    private func withBeacons(_ body: () throws -> Void) rethrows {
        try Container.withOverrides {
            $0.register(Beacon.self) { Beacon("registered") }
        } operation: {
            try body()
        }
    }

    @Test func resolvingALazyPropertyAgainWhileItsFirstReadResolvesKeepsTheNewValue() async {
        let resolving = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let builds = Protected(0)
        struct Owner: Sendable { @LazyInjected(\.beacon) var beacon }
        await Container.withOverrides {
            $0.override(\.beacon) {
                let build = builds.withLock { count -> Int in
                    count += 1
                    return count
                }
                // Build 1 is the override's install, which reads the key path once (Testing.md).
                if build == 2 {
                    resolving.signal()
                    release.wait()
                }
                return Beacon("build \(build)")
            }
        } operation: {
            let owner = Owner()
            // The first read blocks in its factory: on a thread of its own, not one of the shared pool's few.
            let current = Container.current
            let firstRead = Protected<String?>(nil)
            let readDone = DispatchSemaphore(value: 0)
            Thread {
                current.withCurrent { firstRead.withLock { $0 = owner.beacon.label } }
                readDone.signal()
            }.start()
            #expect(await waitOnThread(resolving))
            #expect(owner.$beacon.resolvedValue == nil)
            release.signal()
            #expect(await waitOnThread(readDone))
            #expect(firstRead.withLock { $0 } == "build 2")
            #expect(owner.$beacon.resolve().label == "build 3")
            #expect(owner.beacon.label == "build 3")
        }
    }

    @Test func theProjectedValueOfALazyPropertyTellsWhetherItResolvedAndResolvesAgain() {
        withBeacons {
            let screen = BeaconScreen()
            #expect(screen.$lazy.resolvedValue == nil)
            let first = screen.lazy
            #expect(screen.$lazy.resolvedValue === first)
            #expect(screen.lazy === first)
            let second = screen.$lazy.resolve()
            #expect(second !== first)
            #expect(screen.lazy === second)
        }
    }

    @Test func aWeakPropertyResolvesAgainThroughItsProjectedValue() {
        withBeacons {
            let screen = BeaconScreen()
            #expect(screen.$weak.resolvedValue == nil)
            let held = screen.weak
            #expect(held?.label == "shared")
            #expect(screen.$weak.resolvedValue === held)
            #expect(screen.$weak.resolve() === held)
        }
    }

    @Test func aWeakPropertyOfAClassBoundProtocolHoldsItsObjectWeakly() {
        Container.withOverrides { _ in
        } operation: {
            var held: (any BeaconDelegate)? = Container.shared.beaconDelegate
            let screen = BeaconScreen()
            #expect(screen.delegate === held)
            #expect(screen.delegate?.label == "live")
            held = nil
            #expect(screen.delegate == nil)
        }
    }

    @Test func aWeakPropertyOfAValueStopsWithAMessage() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Owner { @WeakLazyInjected(\.beaconSettings) var settings: BeaconSettings? }
            _ = Owner().settings
        }.map { result in
            let text = String(decoding: result.standardErrorContent, as: UTF8.self)
            #expect(text.contains("cannot hold `BeaconSettings` weakly"))
            #expect(text.contains("resolved a value of type `BeaconSettings`, which is not an object"))
            #expect(text.contains("use @LazyInjected for a value"))
            #expect(text.contains("WrapperProjectionTests.swift:"))
        }
    }

    @Test func aDynamicPropertyResolvesOnEveryRead() {
        withBeacons {
            let screen = BeaconScreen()
            #expect(screen.dynamic !== screen.dynamic)
            #expect(screen.dynamicByType.label == "registered")
            Container.withOverrides {
                $0.register(Beacon.self) { Beacon("override") }
                $0.override(\.beacon) { Beacon("key path override") }
            } operation: {
                #expect(screen.dynamicByType.label == "override")
                #expect(screen.dynamic.label == "key path override")
            }
            #expect(screen.dynamicByType.label == "registered")
        }
    }
}

/// Waits for `semaphore` on a thread of its own (the waiting task sleeps): `false` after 10 seconds.
private func waitOnThread(_ semaphore: DispatchSemaphore) async -> Bool {
    let signalled = Protected<Bool?>(nil)
    Thread { signalled.withLock { $0 = semaphore.wait(timeout: .now() + 10) == .success } }.start()
    while true {
        if let outcome = signalled.withLock({ $0 }) { return outcome }
        try? await Task.sleep(for: .milliseconds(1))
    }
}
