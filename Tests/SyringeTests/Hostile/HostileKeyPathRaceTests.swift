import Foundation
import Syringe
import Testing

private struct HRacedKey: InjectionKey {
    static var defaultValue: HSessionBox { HSessionBox(id: 0) }
}

extension Container {
    fileprivate var hostileRaced: HSessionBox {
        get { self[HRacedKey.self] }
        set { self[HRacedKey.self] = newValue }
    }
    fileprivate var hostileProvidedRaced: HSessionBox {
        get { provide(.cached) { HSessionBox(id: 0) } }
        set { override(newValue) }
    }
    fileprivate var hostileAlternative: HSessionBox { HSessionBox(id: -1) }
}

/// Key-path overrides, resets and remaps racing reads: a read gets the default, an override or the remap,
/// never a crash, a hang or a value of the wrong kind.
@Suite("Hostile: key paths under races", .timeLimit(.minutes(1)))
struct HostileKeyPathRaceTests {
    @Test func overridesAndResetsRacingReads() async {
        let container = Container()
        let outcomes = await boundedOnThreads(6, seconds: 30) { index -> Bool in
            for step in 0..<1_000 {
                switch index {
                case 0: container.hostileRaced = HSessionBox(id: step + 1)
                case 1: container.reset(\.hostileRaced)
                case 2: container.hostileProvidedRaced = HSessionBox(id: step + 1)
                case 3: container.reset(\.hostileProvidedRaced)
                default:
                    if container.hostileRaced.id < 0 || container.hostileProvidedRaced.id < 0 { return false }
                }
            }
            return true
        }
        #expect(outcomes.allSatisfy { $0.value == true })
    }

    @Test func taskLocalRemapsRacingReads() async {
        let container = Container()
        let wrong = await withTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    var wrong = 0
                    for _ in 0..<300 {
                        if index % 2 == 0 {
                            let id = InjectionMapper.withMapping(\.hostileRaced, to: \.hostileAlternative) {
                                (try? container.resolve(\.hostileRaced).id) ?? -2
                            }
                            if id != -1 { wrong += 1 }
                        } else if (try? container.resolve(\.hostileRaced).id) != 0 {
                            wrong += 1
                        }
                    }
                    return wrong
                }
            }
            var all = 0
            for await count in group { all += count }
            return all
        }
        #expect(wrong == 0)
    }
}
