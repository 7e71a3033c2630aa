import Testing

@testable import Syringe

/// The hashes are computed in 64 bits and truncated to the word: the values on 64-bit words are those of the
/// 64-bit algorithms, and the 32-bit ones are their low halves (`Scripts/check-32bit.sh` compiles them there).
@Suite("Core: key hashes")
struct KeyHashTests {
    @Test func mixIsMurmurHash3sFinaliser() {
        // fmix64(1) from the reference implementation.
        var expected: UInt64 = 1
        expected ^= expected >> 33
        expected &*= 0xff51_afd7_ed55_8ccd
        expected ^= expected >> 33
        #expect(KeyHash.mix(1) == Int(truncatingIfNeeded: expected))
        #expect(UInt64(UInt(bitPattern: KeyHash.mix(1))) & 0xffff_ffff == expected & 0xffff_ffff)
    }

    @Test func nameHashIsFNV1a() {
        // FNV-1a 64 of "a": 0xaf63dc4c8601ec8c.
        #expect(UInt64(Key.hash(name: "a")) & 0xffff_ffff == 0x8601_ec8c)
        if MemoryLayout<UInt>.size == 8 { #expect(UInt64(Key.hash(name: "a")) == 0xaf63_dc4c_8601_ec8c) }
    }

    @Test func canonicallyEquivalentNamesHashAlike() {
        #expect(Key.hash(name: "\u{212A}ey") == Key.hash(name: "Key"))
        #expect(Key(Int.self, name: "\u{212A}ey").fastHash == Key(Int.self, name: "Key").fastHash)
    }

    @Test func argumentsFactorIsTheLow32BitGoldenRatio() {
        #expect(KeyHash.argumentsFactor == Int(truncatingIfNeeded: UInt64(0x9E37_79B9)))
    }
}
