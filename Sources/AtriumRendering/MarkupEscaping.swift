/// The one escaping routine of the HTML renderer, for text and attribute values alike: `&`, `<`,
/// `>`, `"` and `'` become character references, and control characters HTML forbids (all of C0
/// but tab, line feed and carriage return, and DEL) become U+FFFD, so no value can close an
/// element or an attribute, or reach a parser as something it cannot read.
enum MarkupEscaping {
    /// Appends `text` escaped. Bytes that need nothing are copied in runs.
    static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for index in 0..<bytes.count {
                let byte = bytes[index]
                guard needsEscape[Int(byte)] else { continue }
                if runStart < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
                switch byte {
                case UInt8(ascii: "&"): out.append(contentsOf: ampersand)
                case UInt8(ascii: "<"): out.append(contentsOf: lessThan)
                case UInt8(ascii: ">"): out.append(contentsOf: greaterThan)
                case UInt8(ascii: "\""): out.append(contentsOf: quote)
                case UInt8(ascii: "'"): out.append(contentsOf: apostrophe)
                default: out.append(contentsOf: replacement)
                }
                runStart = index + 1
            }
            if runStart < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...])) }
        }
    }

    /// `text` escaped, as a string (tests and small values).
    static func escaped(_ text: String) -> String {
        var out: [UInt8] = []
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private static let ampersand = Array("&amp;".utf8)
    private static let lessThan = Array("&lt;".utf8)
    private static let greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8)
    private static let apostrophe = Array("&#39;".utf8)
    private static let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]

    /// Which bytes need escaping: the five markup characters and the forbidden controls. Bytes of
    /// multi-byte UTF-8 characters (0x80 and up) never do.
    private static let needsEscape: [Bool] = (0..<256).map { value in
        switch value {
        case 0x26, 0x3C, 0x3E, 0x22, 0x27: true
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F: true
        default: false
        }
    }
}
