import Foundation
import Hummingbird
import Logging

/// The most any server could do for a page of a given size on this machine: Hummingbird 2 with
/// nothing but the bytes, read once at start from a folder and answered from memory at `/<name>`:
/// `<name>.body`, and the fields to answer it with in `<name>.fields` (one `Name: value` a line:
/// Atrium's own for that page but for `Date`, `Server` and `Content-Length`, which either server
/// writes itself), so both answer the same bytes. With `<name>.etag`, `If-None-Match` equal to that
/// tag is answered 304 with the fields of `<name>.304fields`. A folder without `.fields` files (an
/// older benchmark's) is answered with `<name>.type` as its `Content-Type` and the tag alone. The
/// benchmark runs it beside Atrium with Atrium's own pages.
///
/// Usage: atrium-bare-server PORT FOLDER
@main
struct BareServer {
    static func main() async throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 3, let port = Int(arguments[1]) else {
            FileHandle.standardError.write(Data("usage: atrium-bare-server PORT FOLDER\n".utf8))
            exit(64)
        }
        let folder = URL(fileURLWithPath: arguments[2])
        func text(_ file: String) -> String? {
            (try? String(contentsOf: folder.appending(path: file), encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        func fields(_ file: String) -> HTTPFields? {
            guard let lines = text(file) else { return nil }
            var fields = HTTPFields()
            for line in lines.split(separator: "\n") {
                guard let colon = line.firstIndex(of: ":"), let name = HTTPFields.Element.Name(String(line[..<colon])) else { continue }
                fields.append(HTTPFields.Element(name: name, value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
            return fields
        }
        let router = Router()
        // Atrium's health check, with its fields when the benchmark has kept them (`health-live.fields`).
        let live = fields("health-live.fields") ?? [.contentType: "application/json"]
        router.get("/health/live") { _, _ in
            Response(status: .ok, headers: live, body: .init(byteBuffer: ByteBuffer(string: #"{"status":"live"}"#)))
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".body") {
            let name = String(file.dropLast(5))
            let bytes = ByteBuffer(data: try Data(contentsOf: folder.appending(path: file)))
            let tag = text("\(name).etag")
            var answered = fields("\(name).fields") ?? [.contentType: text("\(name).type") ?? "text/html; charset=utf-8"]
            if let tag, answered[.eTag] == nil { answered[.eTag] = tag }
            let notModified = fields("\(name).304fields") ?? tag.map { [.eTag: $0] } ?? [:]
            router.get(RouterPath("/\(name)")) { [answered] request, _ in
                if let tag, request.headers[.ifNoneMatch] == tag { return Response(status: .notModified, headers: notModified) }
                return Response(status: .ok, headers: answered, body: .init(byteBuffer: bytes))
            }
        }
        var logger = Logger(label: "bare")
        logger.logLevel = .warning
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "Bare"), logger: logger)
        try await app.runService()
    }
}
