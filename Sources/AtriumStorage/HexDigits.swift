/// Bytes written as lowercase hexadecimal, two digits a byte (session token hashes, scene state ids).
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

    private static func digit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
