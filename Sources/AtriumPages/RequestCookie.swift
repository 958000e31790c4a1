/// Reads one cookie of a request where it lies, without joining or splitting anything: Hummingbird
/// gives each cookie of a `Cookie` header a field of its own, and joining them into a new string
/// that is then split again cost about 2 % of a signed-in page. Read as a browser's cookies are
/// read: the first cookie of that name wins, spaces and tabs before a name are skipped, and the
/// value is everything after the first `=` up to the next `;`.
package enum RequestCookie {
    /// The value of the cookie `name` in `request`, if it sent one.
    package static func value(named name: String, in request: PageRequest) -> String? {
        request.fields.cookie(named: name)
    }

    /// The value of the cookie `name` in one `Cookie` field's value.
    package static func value(named name: String, inHeader header: String) -> String? {
        var header = header
        var name = name
        return header.withUTF8 { bytes in
            name.withUTF8 { name in
                var start = 0
                while start < bytes.count {
                    var end = start
                    while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
                    var nameStart = start
                    while nameStart < end, bytes[nameStart] == UInt8(ascii: " ") || bytes[nameStart] == UInt8(ascii: "\t") { nameStart += 1 }
                    var equals = nameStart
                    while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
                    if equals < end, UnsafeBufferPointer(rebasing: bytes[nameStart..<equals]).elementsEqual(name) {
                        return String(decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end]), as: UTF8.self)
                    }
                    start = end + 1
                }
                return nil
            }
        }
    }
}
