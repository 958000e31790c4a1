import Foundation
import Hummingbird
import Logging

/// The most any server could do for a page of a given size on this machine: Hummingbird 2 with
/// nothing but the bytes, read once at start from a folder (`<name>.body` and `<name>.type`) and
/// answered from memory at `/<name>`, with `<name>.etag` (when there is one) as its `ETag`, and a
/// 304 when `If-None-Match` is exactly that tag. The benchmark runs it beside Atrium with Atrium's
/// own pages.
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
        let router = Router()
        router.get("/health/live") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: #"{"status":"live"}"#)))
        }
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".body") {
            let name = String(file.dropLast(5))
            let bytes = ByteBuffer(data: try Data(contentsOf: folder.appending(path: file)))
            let type =
                (try? String(contentsOf: folder.appending(path: "\(name).type"), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines) ?? "text/html; charset=utf-8"
            let tag = (try? String(contentsOf: folder.appending(path: "\(name).etag"), encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
            router.get(RouterPath("/\(name)")) { request, _ in
                guard let tag else { return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: bytes)) }
                if request.headers[.ifNoneMatch] == tag { return Response(status: .notModified, headers: [.eTag: tag]) }
                return Response(status: .ok, headers: [.contentType: type, .eTag: tag], body: .init(byteBuffer: bytes))
            }
        }
        var logger = Logger(label: "bare")
        logger.logLevel = .warning
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "Bare"), logger: logger)
        try await app.runService()
    }
}
