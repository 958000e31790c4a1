import Hummingbird

/// Which renderer answers a request, chosen from its `Accept` header: JSON when it asks for
/// `application/json`, text when it asks for `text/plain` and not HTML, else HTML.
enum ResponseFormat: String, Sendable, CaseIterable {
    case html, json, text

    init(request: Request) {
        let accept = request.headers[.accept]?.lowercased() ?? ""
        if accept.contains("application/json") {
            self = .json
        } else if accept.contains("text/plain") && !accept.contains("text/html") {
            self = .text
        } else {
            self = .html
        }
    }

    var contentType: String {
        switch self {
        case .html: "text/html; charset=utf-8"
        case .json: "application/json; charset=utf-8"
        case .text: "text/plain; charset=utf-8"
        }
    }
}
