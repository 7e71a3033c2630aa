import SyringeShims

/// Reads which case an enum is in, where the enum is the only stored property of a struct `Outer` and its type is
/// not visible to the caller (another module's internal enum, such as Hummingbird's response body).
///
/// `Mirror` can tell, but builds a mirror of the struct and another of its field for every value: about 4.5 µs of
/// a served request in `Benchmarks/RequestCost`. This asks the runtime for the case's name directly, as the
/// standard library's `String(describing:)` does for an enum: the layout is learned once, from a sample, by
/// `Mirror`, and a struct laid out in any other way gives `nil` (its caller keeps using `Mirror`).
///
/// ```swift
/// let backing = SoleEnumField(learningFrom: ResponseBody())
/// backing?.isCase("byteBuffer", of: response.body)
/// ```
package struct SoleEnumField<Outer>: @unchecked Sendable {
    // @unchecked Sendable: a type's metadata, which the runtime never moves or frees.
    private let enumType: UnsafeRawPointer

    /// Learns `Outer`'s layout from `sample`: `nil` unless `Outer` is a struct whose one stored property is an enum
    /// of the same size, stride and alignment (the struct is then laid out as that enum).
    package init?(learningFrom sample: Outer) {
        let mirror = Mirror(reflecting: sample)
        guard mirror.displayStyle == .struct, mirror.children.count == 1, let field = mirror.children.first?.value,
            Mirror(reflecting: field).displayStyle == .enum
        else { return nil }
        let fieldType: Any.Type = type(of: field)
        guard Self.layout(of: fieldType) == Self.layout(of: Outer.self) else { return nil }
        enumType = unsafeBitCast(fieldType, to: UnsafeRawPointer.self)
    }

    /// Whether the enum inside `value` is in the case named `name`.
    package func isCase(_ name: StaticString, of value: Outer) -> Bool {
        withUnsafePointer(to: value) { address in
            guard let caseName = swift_EnumCaseName(address, enumType) else { return false }
            // The runtime's name is a C string: compared up to the first difference, its terminator included.
            var index = 0
            for byte in UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount) {
                if UInt8(bitPattern: caseName[index]) != byte { return false }
                index += 1
            }
            return caseName[index] == 0
        }
    }

    private static func layout<T>(of _: T.Type) -> [Int] {
        [MemoryLayout<T>.size, MemoryLayout<T>.stride, MemoryLayout<T>.alignment]
    }
}
