import Foundation

/// Base64 with the URL- and cookie-safe alphabet and no padding (RFC 4648 §5), on top of
/// Foundation's Base64: only the three characters that differ are changed, byte by byte.
package enum Base64URL {
    package static func encode(_ data: Data) -> String {
        var encoded = data.base64EncodedData()
        var length = encoded.count
        while length > 0, encoded[length - 1] == UInt8(ascii: "=") { length -= 1 }
        encoded.removeSubrange(length...)
        for index in encoded.indices {
            switch encoded[index] {
            case UInt8(ascii: "+"): encoded[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): encoded[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// The bytes of `text`, or nil when it is not unpadded Base64URL in its one canonical spelling
    /// (the unused low bits of the last character zero), so a signed value has only one accepted form.
    static func decode(_ text: String) -> Data? {
        guard let data = lenientlyDecoded(text), encode(data) == text else { return nil }
        return data
    }

    /// The bytes of unpadded Base64URL in any spelling (JWT parts from other issuers need not be canonical).
    static func lenientlyDecoded(_ text: String) -> Data? {
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
