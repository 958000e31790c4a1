import AtriumSDK
import Foundation
import Hummingbird

/// An action body: a form post (`application/x-www-form-urlencoded`) or JSON.
struct FormActionInput: ActionInput {
    enum Encoding: Sendable { case form, json }

    /// Only the anti-forgery field: decoding it reads the whole form, so it also finds every
    /// syntax problem (a field sent twice, a broken percent-escape) before anything acts on it.
    private struct TokenField: Decodable {
        var _csrf: String?
    }

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

    /// What makes the body unreadable as a whole, in a visitor's words; nil when it can be read.
    var syntaxProblem: String? {
        switch encoding {
        case .form:
            do {
                _ = try decode(TokenField.self)
                return nil
            } catch let error as URLEncodedFormError {
                return Self.describe(error)
            } catch {
                return "the form is not valid"
            }
        case .json:
            guard (try? JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed])) != nil else {
                return "the body is not valid JSON"
            }
            return nil
        }
    }

    /// The anti-forgery token sent in the body, if any.
    var csrfToken: String? {
        guard encoding == .form else { return nil }
        return (try? decode(TokenField.self))?._csrf
    }

    static func describe(_ error: URLEncodedFormError) -> String {
        let value = error.value.count > 40 ? error.value.prefix(40) + "…" : error.value
        switch error.code {
        case .duplicateKeys: return "the field '\(value)' was sent more than once"
        case .failedToPercentDecode: return "'\(value)' is not correctly percent-encoded"
        case .corruptKeyValue: return "the field name '\(value)' cannot be read"
        case .addingToInvalidType, .notSupported, .invalidArrayIndex: return "the field '\(value)' mixes a list and a single value"
        default: return "the form is not valid"
        }
    }
}
