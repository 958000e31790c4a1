/// Bytes written as hexadecimal, two digits a byte (session token hashes, scene state ids, request
/// ids, visitor ids).
///
/// Not generic: a generic over `Sequence` called from another target runs unspecialised, asking the
/// runtime for its types' metadata byte by byte (it was 4 % of a signed-in page's time, measured).
package enum HexDigits {
    /// The first `count` bytes of `bytes` (all of them when there are fewer).
    package static func string(of bytes: UnsafeRawBufferPointer, count: Int) -> String {
        let count = min(count, bytes.count)
        return String(unsafeUninitializedCapacity: count * 2) { buffer in
            for index in 0..<count {
                let byte = bytes[index]
                buffer[2 * index] = digit(byte >> 4)
                buffer[2 * index + 1] = digit(byte & 0x0F)
            }
            return count * 2
        }
    }

    /// The first `count` bytes of `bytes`.
    package static func string(of bytes: [UInt8], count: Int) -> String {
        bytes.withUnsafeBytes { string(of: $0, count: count) }
    }

    /// The digit of a value from 0 to 15, lowercase unless asked.
    package static func digit(_ value: UInt8, uppercase: Bool = false) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : (uppercase ? UInt8(ascii: "A") : UInt8(ascii: "a")) + value - 10
    }
}
