import NIOCore
import Testing

@testable import AtriumHost
@testable import AtriumLive
@testable import AtriumRendering

/// How a live stream frames its events (the contract's bytes).
@Suite("Scene event framing")
struct SceneEventStreamTests {
    @Test func eachLineOfTheDataIsADataLineAndAnEmptyLineEndsTheEvent() {
        let one = SceneEventStream.event("scene", id: "3f", data: ByteBuffer(string: #"{"a":"b\nc"}"#))
        #expect(String(buffer: one) == "event: scene\nid: 3f\ndata: {\"a\":\"b\\nc\"}\n\n", "the JSON's escaped newline is no line")
        let lines = SceneEventStream.event("redirect", id: nil, data: ByteBuffer(string: "first\n\nlast"))
        #expect(String(buffer: lines) == "event: redirect\ndata: first\ndata: \ndata: last\n\n")
    }

    @Test func aStateIsFramedWithTheStreamsTokenInItsPlaces() {
        let page = RenderedScreen(bytes: Array(#"{"t":"","u":""}"#.utf8), tokenOffsets: [6, 13])
        let event = SceneEventStream.event("scene", id: "3f", page: page, token: "tok")
        #expect(String(buffer: event) == "event: scene\nid: 3f\ndata: " + #"{"t":"tok","u":"tok"}"# + "\n\n")
        #expect(String(buffer: event) == String(buffer: SceneEventStream.event("scene", id: "3f", data: page.body(token: "tok"))))
        let plain = RenderedScreen(bytes: Array("a\nb".utf8))
        #expect(String(buffer: SceneEventStream.event("scene", id: "3f", page: plain, token: nil)) == "event: scene\nid: 3f\ndata: a\ndata: b\n\n")
    }
}
