import Testing

@testable import Syringe

/// A slot's block is laid out from the platform's word and mutex, and fits its room on every supported platform,
/// 32-bit words included.
@Suite("Engine: the slot block's layout")
struct SlotBlockLayoutTests {
    /// `pthread_mutex_t` of each platform Package.swift declares (or that Syringe builds for): its size and
    /// alignment, with the word's size.
    static let platforms: [(name: String, word: Int, mutexSize: Int, mutexAlignment: Int)] = [
        ("Linux x86_64", 8, 40, 8),
        ("Linux arm64", 8, 48, 8),
        ("Darwin 64-bit (macOS, iOS, tvOS, watchOS arm64)", 8, 64, 8),
        ("watchOS arm64_32 (Darwin, 32-bit words)", 4, 44, 4),
        ("Linux armv7", 4, 24, 4),
        ("Android 64-bit", 8, 40, 4),
        ("Android 32-bit", 4, 4, 4),
    ]

    @Test func eightByteWords() {
        let layout = SlotBlockLayout(wordSize: 8, mutexSize: 40, mutexAlignment: 8)
        #expect(
            [layout.published, layout.flags, layout.plainType, layout.keyHash, layout.owner] == [0, 8, 16, 24, 32])
        #expect(layout.mutex == 40)
        #expect(layout.size == 80)
    }

    @Test func fourByteWords() {
        let layout = SlotBlockLayout(wordSize: 4, mutexSize: 44, mutexAlignment: 4)
        #expect([layout.published, layout.flags, layout.plainType, layout.keyHash, layout.owner] == [0, 4, 8, 12, 16])
        #expect(layout.mutex == 20)
        #expect(layout.size == 64)
    }

    @Test func theMutexStartsAtItsAlignment() {
        let layout = SlotBlockLayout(wordSize: 4, mutexSize: 40, mutexAlignment: 8)
        #expect(layout.mutex == 24)
        #expect(layout.size == 64)
    }

    @Test(arguments: platforms.indices)
    func everyPlatformFits(_ index: Int) {
        let platform = Self.platforms[index]
        let layout = SlotBlockLayout(
            wordSize: platform.word, mutexSize: platform.mutexSize, mutexAlignment: platform.mutexAlignment)
        #expect(layout.fits, "\(platform.name): \(layout.size) bytes in \(SlotBlockLayout.capacity)")
        #expect(platform.mutexAlignment <= SlotBlockLayout.capacityAlignment)
    }

    @Test func theRoomIsWhatTheSlotObjectHas() {
        #expect(MemoryLayout<InstanceSlot.BlockStorage>.size == SlotBlockLayout.capacity)
        #expect(MemoryLayout<InstanceSlot.BlockStorage>.alignment == SlotBlockLayout.capacityAlignment)
    }

    @Test func thisPlatformUsesItsOwnWordAndMutex() {
        let layout = InstanceSlot.Layout.current
        #expect(layout.flags == MemoryLayout<UInt>.stride)
        #expect(layout.size == layout.mutex + InlineLock.size)
        #expect(layout.fits)
    }

    /// The words a lock-free reader finds in a registration's block are where the layout says.
    @Test func aRegistrationsBlockHoldsItsWordsAtTheLayoutsOffsets() {
        let key = Key(Int.self)
        let entry = Entry(
            key: key, scope: .singleton, service: ServiceType(of: Int.self), factory: .sync({ _, _, _ in }),
            fileID: FileID(#fileID), line: #line)
        let block = entry.block
        let layout = InstanceSlot.Layout.current
        #expect(
            block.load(fromByteOffset: layout.plainType, as: UInt.self) == UInt(bitPattern: ObjectIdentifier(Int.self)))
        #expect(block.load(fromByteOffset: layout.keyHash, as: Int.self) == key.fastHash)
        #expect(
            block.load(fromByteOffset: layout.owner, as: UnsafeRawPointer.self)
                == UnsafeRawPointer(Unmanaged.passUnretained(entry).toOpaque()))
    }
}
