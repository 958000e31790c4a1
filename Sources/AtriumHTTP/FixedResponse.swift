import HTTPTypes
import Hummingbird
import NIOCore

/// A file the host serves as it is (the stylesheet, a module's asset), its bytes and headers made
/// once at boot: each request shares the buffer instead of copying the file.
struct FixedResponse: Sendable {
    let headers: HTTPFields
    let body: ByteBuffer

    init(_ bytes: [UInt8], contentType: String, maxAge: Int) {
        headers = [.contentType: contentType, .cacheControl: "public, max-age=\(maxAge)"]
        body = ByteBuffer(bytes: bytes)
    }

    var response: Response { Response(status: .ok, headers: headers, body: .init(byteBuffer: body)) }
}
