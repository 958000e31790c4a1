import AtriumSDK
import Foundation
import Hummingbird

/// An action body: a form post (`application/x-www-form-urlencoded`) or JSON.
struct FormActionInput: ActionInput {
    enum Encoding: Sendable { case form, json }

    let body: String
    let encoding: Encoding

    init(body: String, contentType: String?) {
        self.body = body
        self.encoding = (contentType?.lowercased().contains("application/json") ?? false) ? .json : .form
    }

    func decode<Action: Decodable>(_ type: Action.Type) throws -> Action {
        switch encoding {
        case .form: try URLEncodedFormDecoder().decode(type, from: body)
        case .json: try JSONDecoder().decode(type, from: Data(body.utf8))
        }
    }

    /// The anti-forgery token sent in the body, if any.
    var csrfToken: String? {
        struct TokenField: Decodable {
            var _csrf: String?
        }
        return (try? decode(TokenField.self))?._csrf
    }
}
