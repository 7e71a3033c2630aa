/// The hashes of keys for the registry's table: type identities mixed into a word, and names hashed with
/// FNV-1a. Every constant is 64-bit and every computation is done in `UInt64`, then truncated to the
/// platform's word, so that the same code compiles and hashes well where `UInt` is 32 bits (watchOS's
/// arm64_32). `Scripts/check-32bit.sh` compiles ``KeyHash`` for a 32-bit target.
extension Key {
    /// A cheap hash for the registry's table: a mix of type identities and of the name's bytes.
    var fastHash: Int {
        if let origin { return origin.fastHash }
        var hash = Key.mix(ObjectIdentifier(serviceType))
        if let name { hash ^= Key.mix(bits: Key.hash(name: name)) &* KeyHash.nameFactor }
        if let argumentTypes { hash ^= Key.mix(ObjectIdentifier(argumentTypes)) &* KeyHash.argumentsFactor }
        return hash
    }

    /// FNV-1a over the name's Unicode scalars: names are short and chosen by the app, so a seeded hash (what
    /// `hashValue` is, about 250 instructions for a short string) buys nothing on the way to a named instance.
    /// Equal names must hash alike, and strings are equal when canonically equivalent: an ASCII scalar is its
    /// own normal form, and only three other scalars are equivalent to one (U+037E to `;`, U+1FEF to `` ` ``,
    /// U+212A to `K`), so any other name is hashed as the standard library hashes strings (normalised).
    static func hash(name: String) -> UInt {
        var hash = KeyHash.fnvOffset
        for scalar in name.unicodeScalars {
            guard let value = KeyHash.asciiEquivalent(of: scalar.value) else {
                return UInt(bitPattern: name.hashValue)
            }
            hash = KeyHash.fnv(hash, value)
        }
        return UInt(truncatingIfNeeded: hash)
    }

    /// Spreads the bits of a type's identity (a metadata address) over the word.
    @inline(__always)
    static func mix(_ identity: ObjectIdentifier) -> Int {
        KeyHash.mix(UInt(bitPattern: identity))
    }

    /// ``mix(_:)`` of a type identity's bits.
    @inline(__always)
    static func mix(bits identity: UInt) -> Int {
        KeyHash.mix(identity)
    }
}

extension Key.Origin {
    /// The registry's hash of this origin, consistent with `==`.
    var fastHash: Int {
        switch self {
        case .injectionKey(let type, _):
            return Key.mix(ObjectIdentifier(type))
        case .property(let owner, let name, _):
            // FNV-1a over the property name's bytes (properties of one name in two files share a hash).
            var hash = KeyHash.fnvOffset
            name.withUTF8Buffer { bytes in
                for byte in bytes { hash = KeyHash.fnv(hash, UInt32(byte)) }
            }
            return Key.mix(ObjectIdentifier(owner)) ^ Int(truncatingIfNeeded: hash)
        case .contribution(let id, _, _):
            return Int(truncatingIfNeeded: id &* KeyHash.golden)
        case .allContributions(let element):
            return Key.mix(ObjectIdentifier(element)) &* 7
        }
    }
}

/// The arithmetic of the hashes, on integers only (no type of Syringe), so that this part compiles on its own
/// for any target.
enum KeyHash {
    /// FNV-1a's offset basis and prime (64-bit).
    static var fnvOffset: UInt64 { 0xcbf2_9ce4_8422_2325 }
    static var fnvPrime: UInt64 { 0x100_0000_01b3 }
    /// 2^64 divided by the golden ratio.
    static var golden: UInt64 { 0x9E37_79B9_7F4A_7C15 }
    /// What a name's and the argument types' hashes are multiplied by before they join the type's.
    static var nameFactor: Int { 31 }
    static var argumentsFactor: Int { Int(truncatingIfNeeded: UInt64(0x9E37_79B9)) }

    /// One step of FNV-1a.
    @inline(__always)
    static func fnv(_ hash: UInt64, _ value: UInt32) -> UInt64 {
        (hash ^ UInt64(value)) &* fnvPrime
    }

    /// The finaliser of MurmurHash3 over a word, computed in 64 bits and truncated to the platform's word.
    @inline(__always)
    static func mix(_ word: UInt) -> Int {
        var bits = UInt64(word)
        bits ^= bits >> 33
        bits &*= 0xff51_afd7_ed55_8ccd
        bits ^= bits >> 33
        return Int(truncatingIfNeeded: bits)
    }

    /// The ASCII scalar a name's scalar `value` hashes as: itself when ASCII, the ASCII scalar it is
    /// canonically equivalent to for the three that are, else `nil` (hash the name as the standard library
    /// does).
    @inline(__always)
    static func asciiEquivalent(of value: UInt32) -> UInt32? {
        if value < 0x80 { return value }
        switch value {
        case 0x037E: return 0x3B
        case 0x1FEF: return 0x60
        case 0x212A: return 0x4B
        default: return nil
        }
    }
}
