import HTTPTypes

/// Reads one cookie of a request where it lies, without joining or splitting anything: Hummingbird
/// gives each cookie of a `Cookie` header a field of its own, and `headers[.cookie]` joins them into
/// a new string that Hummingbird's `Cookies` then splits again (together about 2 % of a signed-in
/// page). Read as `Cookies` reads: the first cookie of that name wins, spaces and tabs before a
/// name are skipped, and the value is everything after the first `=` up to the next `;`.
enum RequestCookie {
    /// The value of the cookie `name` among `fields`' `Cookie` fields.
    static func value(named name: String, in fields: HTTPFields) -> String? {
        for field in fields where field.name == .cookie {
            if let value = value(named: name, inHeader: field.value) { return value }
        }
        return nil
    }

    /// The value of the cookie `name` in one `Cookie` header (cookies separated by `;`).
    static func value(named name: String, inHeader header: String) -> String? {
        let bytes = header.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
            var nameStart = start
            while nameStart < end, bytes[nameStart] == UInt8(ascii: " ") || bytes[nameStart] == UInt8(ascii: "\t") {
                bytes.formIndex(after: &nameStart)
            }
            if let equals = bytes[nameStart..<end].firstIndex(of: UInt8(ascii: "=")), bytes[nameStart..<equals].elementsEqual(name.utf8) {
                return String(header[bytes.index(after: equals)..<end])
            }
            start = end == bytes.endIndex ? end : bytes.index(after: end)
        }
        return nil
    }
}
