import AtriumPages
import HTTPTypes
import Hummingbird
import NIOCore
import Synchronization

/// A document the host publishes about itself (the OpenAPI document, the scene schema), made the
/// first time it is asked for, then kept: it would cost boot time to prepare and few requests ask
/// for it. It changes only with the registry (a reload, a new build), so a client may keep it and
/// must ask again before using it (`Cache-Control: no-cache`): its tag answers 304 while it is the same.
final class LazyResponseBody: Sendable {
    private let make: @Sendable () -> [UInt8]
    private let contentType: String
    private let made = Mutex<(buffer: ByteBuffer, tag: EntityTag)?>(nil)

    init(contentType: String, _ make: @escaping @Sendable () -> [UInt8]) {
        self.contentType = contentType
        self.make = make
    }

    static let cacheControl = "no-cache"

    private var bytes: (buffer: ByteBuffer, tag: EntityTag) {
        made.withLock { made in
            if let made { return made }
            let buffer = ByteBuffer(bytes: make())
            let document = (buffer, EntityTag(of: buffer))
            made = document
            return document
        }
    }

    /// The document, or 304 when the request names its tag.
    func response(to request: Request) -> Response {
        let (buffer, tag) = bytes
        if tag.isMatched(by: request.headers[values: .ifNoneMatch]) {
            return Response(status: .notModified, headers: [.eTag: tag.value, .cacheControl: Self.cacheControl])
        }
        return Response(
            status: .ok, headers: [.contentType: contentType, .cacheControl: Self.cacheControl, .eTag: tag.value],
            body: .init(byteBuffer: buffer))
    }
}
