import Foundation
import HTTPTypes

/// A response as a test sees it.
public struct TestPage: Sendable {
    public let status: Int
    public let headers: HTTPFields
    public let body: String

    /// Where a redirect leads.
    public var location: String? { headers[.location] }

    /// The anti-forgery token of the first form on the page, if any.
    public var csrfToken: String? {
        guard let range = body.range(of: #"name="_csrf" value="([^"]+)""#, options: .regularExpression) else { return nil }
        let match = body[range]
        return match.split(separator: "\"").dropFirst(3).first.map(String.init)
    }

    /// The `Set-Cookie` headers of the response.
    public var setCookies: [String] { headers[values: .setCookie] }
}
