import Foundation

/// Reads Server-Sent Events from a body that arrives in chunks, as the HTML standard defines the
/// format: lines end in LF, CRLF or CR; `data` lines join with LF; a blank line dispatches; a
/// comment (`:`) is ignored. An event longer than `limit` bytes ends the stream with an error rather
/// than growing without bound.
struct EventStreamParser {
    struct Event: Equatable {
        var type: String
        var data: String
        var id: String?
    }

    let limit: Int
    private var line: [UInt8] = []
    private var afterCR = false
    private var type = ""
    private var data: [UInt8] = []
    private var hasData = false
    /// The last `id` the stream gave (kept across events, as the standard says).
    private(set) var lastID: String?
    /// The reconnection delay the stream asked for, in milliseconds.
    private(set) var retry: Int?

    init(limit: Int = 8 << 20) { self.limit = limit }

    struct TooLong: Error {}

    /// The events completed by `chunk`.
    mutating func events(in chunk: Data) throws -> [Event] {
        var events: [Event] = []
        for byte in chunk {
            if afterCR {
                afterCR = false
                if byte == 0x0A { continue }
            }
            switch byte {
            case 0x0A, 0x0D:
                afterCR = byte == 0x0D
                if let event = take(line) { events.append(event) }
                line.removeAll(keepingCapacity: true)
            default:
                line.append(byte)
                guard line.count + data.count <= limit else { throw TooLong() }
            }
        }
        return events
    }

    private mutating func take(_ line: [UInt8]) -> Event? {
        if line.isEmpty {
            defer {
                type = ""
                data.removeAll()
                hasData = false
            }
            guard hasData else { return nil }
            return Event(type: type.isEmpty ? "message" : type, data: String(decoding: data, as: UTF8.self), id: lastID)
        }
        if line.first == UInt8(ascii: ":") { return nil }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let name = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
        var value = colon.map { line[line.index(after: $0)...] } ?? []
        if value.first == UInt8(ascii: " ") { value = value.dropFirst() }
        switch name {
        case "event": type = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(0x0A) }
            data.append(contentsOf: value)
            hasData = true
        case "id": if !value.contains(0) { lastID = String(decoding: value, as: UTF8.self) }
        // ASCII digits only, as the standard says (`-5` and `+5` are ignored); too many, the largest.
        case "retry": if let milliseconds = AtriumClient.wholeNumber(String(decoding: value, as: UTF8.self)) { retry = milliseconds }
        default: break
        }
        return nil
    }
}
