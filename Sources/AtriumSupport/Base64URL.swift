import Foundation

/// Base64 with the URL- and cookie-safe alphabet and no padding (RFC 4648 §5). Written straight
/// from the bytes: Foundation's Base64 and then three characters changed in a `Data` byte by byte
/// was 5 % of a first visit (a visitor pass and its form token each encode a MAC).
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    package static func encode(_ data: Data) -> String {
        data.withUnsafeBytes { encode($0) }
    }

    package static func encode(_ bytes: UnsafeRawBufferPointer) -> String {
        // Four characters for every three bytes, two or three for the one or two left over.
        let count = (bytes.count * 4 + 2) / 3
        return String(unsafeUninitializedCapacity: count) { buffer in
            alphabet.withUnsafeBufferPointer { alphabet in
                var written = 0
                var index = 0
                while index < bytes.count {
                    let first = UInt32(bytes[index])
                    let second = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
                    let third = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
                    let group = first << 16 | second << 8 | third
                    let remaining = bytes.count - index
                    let characters = remaining >= 3 ? 4 : remaining + 1
                    for position in 0..<characters {
                        buffer[written] = alphabet[Int(group >> UInt32(18 - 6 * position) & 0x3F)]
                        written += 1
                    }
                    index += 3
                }
                return written
            }
        }
    }

    /// The bytes of `text`, or nil when it is not unpadded Base64URL in its one canonical spelling
    /// (the unused low bits of the last character zero), so a signed value has only one accepted form.
    package static func decode(_ text: String) -> Data? {
        guard let data = lenientlyDecoded(text), encode(data) == text else { return nil }
        return data
    }

    /// The bytes of unpadded Base64URL in any spelling (JWT parts from other issuers need not be canonical).
    package static func lenientlyDecoded(_ text: String) -> Data? {
        var bytes = Array(text.utf8)
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "-"): bytes[index] = UInt8(ascii: "+")
            case UInt8(ascii: "_"): bytes[index] = UInt8(ascii: "/")
            case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="): return nil
            default: break
            }
        }
        bytes += repeatElement(UInt8(ascii: "="), count: (4 - bytes.count % 4) % 4)
        return Data(base64Encoded: Data(bytes))
    }
}
