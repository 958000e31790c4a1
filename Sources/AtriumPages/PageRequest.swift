@_spi(AtriumHost) import AtriumSDK
import Foundation
import Logging
import NIOCore
import Tracing

/// A request for one of the host's pages, a module's scene or endpoint, as the HTTP layer (or an
/// in-process caller: a module calling its own sandbox, `atrium render`, a test) hands it over:
/// what its answer depends on, with no HTTP framework's types. The header fields are read through
/// ``fields`` when first needed, not copied: most requests read few of them.
package struct PageRequest: Sendable {
    package enum Method: String, Sendable {
        case get = "GET"
        case head = "HEAD"
        case post = "POST"
    }

    package var method: Method
    /// The path asked for, with its query, as sent (`/cookbook/recipes/2?returnTo=%2F`).
    package var target: String
    /// The request's header fields.
    package var fields: any PageRequestFields
    /// A POST's body, read to at most ``bodyLimit`` bytes by whoever hands the request over.
    package var body: ByteBuffer?
    /// The address of the connection's other end, when there is a connection.
    package var peerAddress: String?
    /// The request's server span while tracing is on: the page names its module and scene on it.
    package var span: (any Span)?
    package var logger: Logger
    /// What `Accept` asks for, when whoever handed the request over negotiated it already (else
    /// negotiated when first needed).
    package var negotiated: ResponseFormat.Negotiated?

    /// Action and endpoint bodies are small: a larger one is refused (413) before it is read.
    package static let bodyLimit = 1024 * 1024

    package init(
        method: Method, target: String, fields: any PageRequestFields, body: ByteBuffer? = nil, peerAddress: String? = nil,
        span: (any Span)? = nil, logger: Logger
    ) {
        self.method = method
        self.target = target
        self.fields = fields
        self.body = body
        self.peerAddress = peerAddress
        self.span = span
        self.logger = logger
    }

    /// The path without its query.
    package var path: Substring {
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return Substring(target) }
        return target[..<question]
    }

    /// The query without its `?`, if there is one.
    package var query: Substring? {
        guard let question = target.utf8.firstIndex(of: UInt8(ascii: "?")) else { return nil }
        return target[target.index(after: question)...]
    }

    /// Whether the page's GET is asked for (a HEAD answers what its GET would, without a body).
    var isRead: Bool { method != .post }

    /// What the request's `Accept` asks for.
    package var format: ResponseFormat.Negotiated { negotiated ?? ResponseFormat.negotiate(fields.value(.accept)) }

    /// The request's `returnTo`, when it is a path on this site.
    package var returnTo: String? {
        // Most requests have no query: none is parsed for them.
        guard let query else { return nil }
        return LocalPath.validated(QueryFields.value(named: "returnTo", in: query))
    }

    /// The path of the page the request came from (its `Referer`), when it is on this site.
    package var localReferer: String? {
        guard let referer = fields.value(.referer), let url = URL(string: referer) else { return nil }
        return LocalPath.validated(url.path.isEmpty ? nil : url.path)
    }
}

/// The header fields a page reads, by what they are for.
package enum PageField: Sendable, CaseIterable {
    case accept, acceptLanguage, cookie, ifNoneMatch, referer, formToken, contentType, contentLength, forwardedFor, lastEventID, idempotencyKey,
        authorization
}

/// How a ``PageRequest`` reads its header fields: the HTTP layer's own, or a list made in-process.
package protocol PageRequestFields: Sendable {
    /// The field's value; several fields of one name joined with `, ` (the `Cookie` field's with `; `).
    func value(_ field: PageField) -> String?
    /// Every value of the field, each as sent.
    func values(_ field: PageField) -> [String]
    /// Every field, by name as sent (for an endpoint, which reads what its contract asks).
    func all() -> [(name: String, value: String)]
    /// The value of the cookie `name` (the first sent of that name), read where it lies.
    func cookie(named name: String) -> String?
}

extension PageRequestFields {
    package func cookie(named name: String) -> String? {
        for header in values(.cookie) {
            if let value = RequestCookie.value(named: name, inHeader: header) { return value }
        }
        return nil
    }
}

/// Header fields given as a list: for requests made in-process.
package struct PageFieldList: PageRequestFields {
    private let fields: [PageField: [String]]
    /// Fields a page does not read, for an endpoint (a sandbox's `Authorization`).
    private let others: [(name: String, value: String)]

    package init(_ fields: [PageField: String] = [:], others: [(name: String, value: String)] = []) {
        self.fields = fields.mapValues { [$0] }
        self.others = others
    }

    package init(values: [PageField: [String]], others: [(name: String, value: String)] = []) {
        self.fields = values
        self.others = others
    }

    package func value(_ field: PageField) -> String? {
        guard let values = fields[field], !values.isEmpty else { return nil }
        return values.joined(separator: field == .cookie ? "; " : ", ")
    }

    package func values(_ field: PageField) -> [String] { fields[field] ?? [] }

    package func all() -> [(name: String, value: String)] {
        fields.flatMap { field, values in values.map { (name: field.name, value: $0) } } + others
    }
}

extension PageField {
    /// The field's name as HTTP writes it.
    package var name: String {
        switch self {
        case .accept: "Accept"
        case .acceptLanguage: "Accept-Language"
        case .cookie: "Cookie"
        case .ifNoneMatch: "If-None-Match"
        case .referer: "Referer"
        case .formToken: "X-CSRF-Token"
        case .contentType: "Content-Type"
        case .contentLength: "Content-Length"
        case .forwardedFor: "X-Forwarded-For"
        case .lastEventID: "Last-Event-ID"
        case .idempotencyKey: "Idempotency-Key"
        case .authorization: "Authorization"
        }
    }
}
