import AtriumPages
import HTTPTypes
import Hummingbird
import NIOCore

/// Adapts between Hummingbird and the page target: a request's head becomes a ``PageRequest`` (its
/// fields read through ``HTTPRequestFields`` when the page needs them, not copied), and a
/// ``PageAnswer`` a response, its fields by kind made once.
package enum PageAdapter {
    /// `request` as a page request, with `body` (a POST's, read by the caller).
    static func pageRequest(_ request: Request, context: AtriumRequestContext, body: ByteBuffer? = nil) -> PageRequest {
        var page = PageRequest(
            method: method(of: request), target: request.uri.string, fields: HTTPRequestFields(fields: request.headers), body: body,
            peerAddress: context.peerAddress, span: context.span, logger: context.logger)
        page.negotiated = context.accepted
        return page
    }

    static func method(of request: Request) -> PageRequest.Method {
        switch request.method {
        case .head: .head
        case .post: .post
        default: .get
        }
    }

    /// Every kind of answer's fields, made once (a field's name and value are checked when made).
    private static let fields: [HTTPFields] = AnswerFields.all.map { pairs in
        var fields = HTTPFields()
        for (name, value) in pairs { fields.append(HTTPField(name: HTTPField.Name(name)!, value: value)) }
        return fields
    }

    /// `answer` as a response.
    /// The names the host's own answers add, made once (a name made per answer is checked and
    /// lowercased each time).
    private static let knownNames: [String: HTTPField.Name] = Dictionary(
        uniqueKeysWithValues: ["Retry-After", "Allow", "Atrium-Account", "Clear-Site-Data", "Idempotent-Replayed"].map { ($0, HTTPField.Name($0)!) })

    static func response(_ answer: PageAnswer) -> Response {
        var headers = fields[answer.fields.index]
        let length = answer.body.readableBytes
        // Named here, with the answer's other fields: else Hummingbird's response looks for it and
        // sets it, a second change of the fields after the copy these appends make.
        if length > 0 { headers.append(HTTPField(name: .contentLength, value: String(length))) }
        if let tag = answer.tag { headers.append(HTTPField(name: .eTag, value: tag)) }
        if let location = answer.location { headers.append(HTTPField(name: .location, value: location)) }
        for cookie in answer.cookies { headers.append(HTTPField(name: .setCookie, value: cookie)) }
        for (name, value) in answer.extra {
            // The body's length is the host's to say (an endpoint's reply naming one is not believed).
            if let name = knownNames[name] ?? HTTPField.Name(name), name != .contentLength { headers.append(HTTPField(name: name, value: value)) }
        }
        let status = HTTPResponse.Status(code: answer.status)
        // A 304 and a redirect carry no body.
        guard length > 0 else { return Response(status: status, headers: headers) }
        return Response(status: status, headers: headers, body: .init(byteBuffer: answer.body))
    }
}

/// A request's header fields, as the page target reads them: looked up when asked for.
struct HTTPRequestFields: PageRequestFields {
    let fields: HTTPFields

    func value(_ field: PageField) -> String? {
        let name = Self.name(of: field)
        if field == .cookie {
            let values = fields[values: name]
            return values.isEmpty ? nil : values.joined(separator: "; ")
        }
        return fields.value(of: name)
    }

    func values(_ field: PageField) -> [String] { fields[values: Self.name(of: field)] }

    /// Read in the fields as they lie: `values(.cookie)` would make an array of every `Cookie` field first.
    func cookie(named name: String) -> String? { RequestCookie.value(named: name, in: fields) }

    func all() -> [(name: String, value: String)] { fields.map { ($0.name.canonicalName, $0.value) } }

    @inline(__always)
    private static func name(of field: PageField) -> HTTPField.Name {
        switch field {
        case .accept: .accept
        case .acceptLanguage: .acceptLanguage
        case .cookie: .cookie
        case .ifNoneMatch: .ifNoneMatch
        case .referer: .referer
        case .formToken: .csrfToken
        case .contentType: .contentType
        case .contentLength: .contentLength
        case .forwardedFor: .xForwardedFor
        case .lastEventID: lastEventID
        case .idempotencyKey: idempotencyKey
        case .authorization: .authorization
        }
    }

    private static let lastEventID = HTTPField.Name("Last-Event-ID")!
    private static let idempotencyKey = HTTPField.Name("Idempotency-Key")!
}
