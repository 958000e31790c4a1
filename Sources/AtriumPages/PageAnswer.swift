import NIOCore

/// What the host answers a ``PageRequest``: a status, the header fields (a set the HTTP layer made
/// once, and the few that vary: the tag, where a redirect leads, the cookies), and the body. The HTTP
/// layer writes it as a response; an in-process caller reads it as it is.
package struct PageAnswer: Sendable {
    package var status: Int
    /// The fields every answer of its kind carries (``AnswerFields``).
    package var fields: AnswerFields
    /// The page's `ETag`, for a page's state.
    package var tag: String?
    /// Where a redirect leads.
    package var location: String?
    /// `Set-Cookie` values.
    package var cookies: [String] = []
    /// Other fields, by name (`Allow`, `Retry-After`, an endpoint's own).
    package var extra: [(name: String, value: String)] = []
    package var body: ByteBuffer

    package init(
        status: Int, fields: AnswerFields, tag: String? = nil, location: String? = nil, cookies: [String] = [],
        extra: [(name: String, value: String)] = [], body: ByteBuffer = ByteBuffer()
    ) {
        self.status = status
        self.fields = fields
        self.tag = tag
        self.location = location
        self.cookies = cookies
        self.extra = extra
        self.body = body
    }

    /// The value of the field `name` (compared without case) among those this answer carries.
    package func value(of name: String) -> String? {
        let lowered = name.lowercased()
        if lowered == "etag" { return tag }
        if lowered == "location" { return location }
        if lowered == "set-cookie" { return cookies.first }
        return (extra.first { $0.name.lowercased() == lowered } ?? fields.pairs.first { $0.name.lowercased() == lowered })?.value
    }
}

/// The header fields an answer carries by its kind, besides those that vary: made once each, so the
/// HTTP layer builds its fields for each kind once and copies them (a field's name and value are
/// checked each time one is made).
package struct AnswerFields: Sendable, Hashable {
    /// Its place among ``all``.
    package let index: Int

    /// The fields of every kind, in order.
    package static let all: [[(name: String, value: String)]] = kinds.map(\.pairs)

    package var pairs: [(name: String, value: String)] { Self.kinds[index].pairs }

    private struct Kind {
        var pairs: [(name: String, value: String)]
    }

    private static let kinds: [Kind] = {
        var kinds: [Kind] = []
        // A page's state: per format, signed in or not, answered 304 or not, multilingual or not.
        for isMultilingual in [false, true] {
            for format in ResponseFormat.allCases {
                for isSignedIn in [false, true] {
                    for isNotModified in [false, true] {
                        var pairs = [("Cache-Control", cacheControl(format: format, isSignedIn: isSignedIn)), ("Vary", vary(isMultilingual))]
                        if !isNotModified { pairs.insert(("Content-Type", format.contentType), at: 0) }
                        kinds.append(Kind(pairs: pairs))
                    }
                }
            }
        }
        // What is no page's state (an error, a form's answer), per format; then a redirect; then JSON.
        for format in ResponseFormat.allCases { kinds.append(Kind(pairs: [("Content-Type", format.contentType), ("Cache-Control", "no-store")])) }
        kinds.append(Kind(pairs: [("Cache-Control", "no-store")]))
        kinds.append(Kind(pairs: [("Content-Type", "application/json; charset=utf-8"), ("Cache-Control", "no-store")]))
        kinds.append(Kind(pairs: []))
        return kinds
    }()

    /// A page's state in `format`.
    static func state(_ format: ResponseFormat, isSignedIn: Bool, isNotModified: Bool, isMultilingual: Bool) -> AnswerFields {
        AnswerFields(index: (isMultilingual ? 16 : 0) + format.position * 4 + (isSignedIn ? 2 : 0) + (isNotModified ? 1 : 0))
    }

    /// What is no page's state, in `format`: never kept by anyone.
    package static func plain(_ format: ResponseFormat) -> AnswerFields { AnswerFields(index: 32 + format.position) }

    /// A redirect, or an answer with no body of its own kind.
    static let redirect = AnswerFields(index: 36)

    /// An endpoint's JSON error.
    static let json = AnswerFields(index: 37)

    /// An endpoint's own answer: its fields are its own (``PageAnswer/extra``).
    static let endpoint = AnswerFields(index: 38)

    /// What a page may be kept as (every page answers its ``EntityTag``): by the visitor's own
    /// client only (`private`: even a page without a form token is answered under the visitor's
    /// session), and asked again before each use (`no-cache`, which the tag makes a 304 when nothing
    /// changed). A signed-in person's page in a browser is not kept at all (`no-store`): after
    /// signing out on a shared computer, Back must not show it from the browser's cache; a native
    /// client keeps its documents itself.
    static func cacheControl(format: ResponseFormat, isSignedIn: Bool) -> String {
        format == .html && isSignedIn ? "private, no-store" : "private, no-cache"
    }

    /// What a page's bytes depend on besides its address: the format asked for and the session
    /// (which holds the language chosen), and `Accept-Language` where more than one is offered.
    static func vary(_ isMultilingual: Bool) -> String {
        isMultilingual ? "Accept, Accept-Language, Cookie" : "Accept, Cookie"
    }
}

extension ResponseFormat {
    /// Its place among `allCases`, as the answer fields' table is laid out.
    fileprivate var position: Int {
        switch self {
        case .html: 0
        case .json: 1
        case .text: 2
        case .eventStream: 3
        }
    }
}
