import AtriumSDK
import Foundation
import HTTPTypes

/// A response as a test sees it.
public struct TestPage: Sendable {
    /// The HTTP status.
    public let status: Int
    /// The headers.
    public let headers: HTTPFields
    /// The body, as text.
    public let body: String

    /// Where a redirect leads.
    public var location: String? { headers[.location] }

    /// The anti-forgery token of the first form on the page, if any.
    public var csrfToken: String? {
        guard let range = body.range(of: #"name="_csrf" value="([^"]+)""#, options: .regularExpression) else { return nil }
        let match = body[range]
        return match.split(separator: "\"").dropFirst(3).first.map(String.init)
    }

    /// The screen of a JSON answer (ask with `accept: "application/json"`): the tree a native client
    /// reads, for asserting a page without its HTML. Throws, quoting the answer, when it is not one.
    public var screen: Screen {
        get throws {
            struct Document: Decodable { let screen: Screen }
            do {
                return try JSONDecoder().decode(Document.self, from: Data(body.utf8)).screen
            } catch {
                throw NotAScreen(status: status, contentType: headers[.contentType] ?? "none", start: String(body.prefix(200)))
            }
        }
    }

    /// An answer that is not a JSON screen.
    public struct NotAScreen: Error, CustomStringConvertible {
        /// The answer's status.
        public let status: Int
        /// The answer's content type.
        public let contentType: String
        /// The start of the answer's body.
        public let start: String
        public var description: String { "the answer (\(status), \(contentType)) is not a JSON screen: \(start)" }
    }

    /// The `Set-Cookie` headers of the response.
    public var setCookies: [String] { headers[values: .setCookie] }
}
