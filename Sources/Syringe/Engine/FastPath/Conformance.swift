import SyringeShims

/// Answers "can a `C` be returned as `any P`?" for a concrete type `C` and an existential type `any P`, both
/// known only as metatypes, without an instance of `C`.
///
/// Swift's casts cannot ask this: in generic code `C.self is S.Type` with `S == any P` tests for the
/// metatype of the existential itself, never for conformance. So this reads the protocols out of the
/// existential's runtime metadata and asks the runtime, `swift_conformsToProtocol`, for each of them.
/// It is reflection, so it runs only where its answer is memoised: on the miss path of a lookup.
enum Conformance {
    /// The parts of an existential type (`any P`, `any P & Q`, `Base & P`, `any P & AnyObject`).
    struct Requirements {
        /// Swift protocol descriptors, one for each protocol of the composition.
        var protocols: [UnsafeRawPointer] = []
        /// Whether the existential names an Objective-C protocol, which this check does not answer.
        var hasObjCProtocol = false
        /// Whether only classes can conform (`AnyObject`, a class-bound protocol, a superclass).
        var isClassBound = false
        /// The metadata of the superclass constraint of `Base & P`.
        var superclass: UnsafeRawPointer?

        /// `Any`, `AnyObject` and `any Sendable` name no protocol: every type would match.
        var namesSomething: Bool { !protocols.isEmpty || hasObjCProtocol || superclass != nil }
    }

    /// Values of the Swift ABI (include/swift/ABI/MetadataValues.h).
    private enum ABI {
        static let existentialKind: UInt = 0x303
        /// ExistentialTypeFlags: set when the existential is *not* class-bound (the bit is inverted).
        static let classConstraintIsAny: UInt32 = 0x8000_0000
        static let hasSuperclass: UInt32 = 0x4000_0000
        /// Low bit of a ProtocolDescriptorRef on platforms with Objective-C interop.
        static let objCProtocolTag: UInt = 1
    }

    /// The requirements of `existential`, or `nil` when it is not a plain existential type (a concrete type,
    /// or an extended existential such as `any Collection<Int>`).
    ///
    /// The layout read here is TargetExistentialTypeMetadata: the metadata kind (one word), the flags
    /// (UInt32), the number of protocols (UInt32), the superclass metadata pointer when the flags say so, then
    /// one ProtocolDescriptorRef (one word) per protocol.
    static func requirements(of existential: any Any.Type) -> Requirements? {
        let metadata = unsafeBitCast(existential, to: UnsafeRawPointer.self)
        guard metadata.load(as: UInt.self) == ABI.existentialKind else { return nil }
        let word = MemoryLayout<UInt>.size
        let flags = metadata.load(fromByteOffset: word, as: UInt32.self)
        let count = Int(metadata.load(fromByteOffset: word + 4, as: UInt32.self))
        var offset = word + 8
        var requirements = Requirements()
        requirements.isClassBound = flags & ABI.classConstraintIsAny == 0
        if flags & ABI.hasSuperclass != 0 {
            requirements.superclass = metadata.load(fromByteOffset: offset, as: UnsafeRawPointer.self)
            offset += word
        }
        for index in 0..<count {
            let reference = metadata.load(fromByteOffset: offset + index * word, as: UInt.self)
            #if canImport(ObjectiveC)
            if reference & ABI.objCProtocolTag != 0 {
                requirements.hasObjCProtocol = true
                continue
            }
            #endif
            if let descriptor = UnsafeRawPointer(bitPattern: reference) { requirements.protocols.append(descriptor) }
        }
        return requirements
    }

    /// Whether a value of the concrete type `type` can be returned as `existential`: it conforms to every
    /// protocol of the composition, and is a class (a subclass of the superclass constraint) where required.
    ///
    /// `false` for existentials that name nothing (`Any`, `AnyObject`, `any Sendable`), for Objective-C
    /// protocols and for extended existentials: register those forwardings explicitly.
    static func type(_ type: any Any.Type, conformsTo existential: any Any.Type) -> Bool {
        guard let requirements = requirements(of: existential), requirements.namesSomething,
            !requirements.hasObjCProtocol
        else { return false }
        if requirements.isClassBound || requirements.superclass != nil {
            guard let subclass = type as? AnyClass else { return false }
            if let superclass = requirements.superclass, !inherits(subclass, from: superclass) { return false }
        }
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        return requirements.protocols.allSatisfy { swift_conformsToProtocol(metadata, $0) != nil }
    }

    /// Whether a `type` value is also a `supertype`: a concrete type conforming to the protocol `supertype` (`any P`),
    /// or a class inheriting from the class `supertype` (not the class itself). For the near misses of an error.
    static func type(_ type: any Any.Type, isSubtypeOf supertype: any Any.Type) -> Bool {
        if TypeName.isExistential(supertype) {
            return !TypeName.isExistential(type) && self.type(type, conformsTo: supertype)
        }
        guard let subclass = type as? AnyClass, let base = supertype as? AnyClass,
            ObjectIdentifier(subclass) != ObjectIdentifier(base)
        else { return false }
        var current: AnyClass? = _getSuperclass(subclass)
        while let candidate = current {
            if ObjectIdentifier(candidate) == ObjectIdentifier(base) { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }

    /// Whether `subclass` is `superclass` or inherits from it.
    private static func inherits(_ subclass: AnyClass, from superclass: UnsafeRawPointer) -> Bool {
        var current: AnyClass? = subclass
        while let candidate = current {
            if unsafeBitCast(candidate, to: UnsafeRawPointer.self) == superclass { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }

    /// Whether a `source` value can be handed out as a `target`: the same type, a subclass of it, or (for an
    /// existential `target`) a conforming type. For checks made once, at registration.
    static func type<Source, Target>(_ source: Source.Type, isConvertibleTo target: Target.Type) -> Bool {
        if TypeName.isExistential(Target.self) { return type(Source.self, conformsTo: Target.self) }
        return Source.self is Target.Type
    }
}
