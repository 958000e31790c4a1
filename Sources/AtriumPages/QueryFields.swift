/// The fields of a URL's query (`a=1&b=two+words`), as a form writes them: values percent-decoded
/// with `+` as a space, names as they are.
package enum QueryFields {
    /// The value of the first field named `name`, if any; nil too when its value does not decode.
    package static func value(named name: String, in query: Substring) -> String? {
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let equals = pair.firstIndex(of: "=")
            guard pair[..<(equals ?? pair.endIndex)] == name else { continue }
            guard let equals else { return "" }
            return decoded(pair[pair.index(after: equals)...])
        }
        return nil
    }

    /// Every field in order, its value decoded (a value that does not decode is left out).
    package static func all(in query: Substring) -> [(name: Substring, value: String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).compactMap { pair in
            guard let equals = pair.firstIndex(of: "=") else { return (pair, "") }
            return decoded(pair[pair.index(after: equals)...]).map { (pair[..<equals], $0) }
        }
    }

    /// `text` with each `%XX` as its byte (and `+` as a space unless `plusIsSpace` is false); nil
    /// when an escape is broken or the bytes are not UTF-8.
    package static func decoded(_ text: Substring, plusIsSpace: Bool = true) -> String? {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || (plusIsSpace && $0 == UInt8(ascii: "+")) }) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+") where plusIsSpace: bytes.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else { return nil }
                bytes.append(high << 4 | low)
            default: bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
