import NIOCore
import Testing

@testable import AtriumHost

/// How a live stream frames its events (the contract's bytes).
@Suite("Scene event framing")
struct SceneEventStreamTests {
    @Test func eachLineOfTheDataIsADataLineAndAnEmptyLineEndsTheEvent() {
        let one = SceneEventStream.event("scene", id: "3f", data: ByteBuffer(string: #"{"a":"b\nc"}"#))
        #expect(String(buffer: one) == "event: scene\nid: 3f\ndata: {\"a\":\"b\\nc\"}\n\n", "the JSON's escaped newline is no line")
        let lines = SceneEventStream.event("redirect", id: nil, data: ByteBuffer(string: "first\n\nlast"))
        #expect(String(buffer: lines) == "event: redirect\ndata: first\ndata: \ndata: last\n\n")
    }
}
