/// Bytes written as lowercase hexadecimal, two digits a byte (session token hashes, scene state ids).
package enum HexDigits {
    private static let digits = Array("0123456789abcdef".utf8)

    /// The first `count` bytes of `bytes` (a digest need not be copied into an array first).
    package static func string(of bytes: some Sequence<UInt8>, count: Int) -> String {
        String(unsafeUninitializedCapacity: count * 2) { buffer in
            var index = 0
            for byte in bytes.prefix(count) {
                buffer[index] = digits[Int(byte >> 4)]
                buffer[index + 1] = digits[Int(byte & 0x0F)]
                index += 2
            }
            return index
        }
    }
}
