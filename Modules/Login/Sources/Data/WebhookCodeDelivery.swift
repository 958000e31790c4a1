import AtriumSDK
import Foundation

/// Delivery through a mail or SMS gateway: `POST <webhookURL>` with `{"to", "code", "expiresAt",
/// "language", "text"}`: `text` is the message in the person's language, ready to send.
struct WebhookCodeDelivery: CodeDelivery {
    struct Message: Encodable {
        var to: String
        var code: String
        var expiresAt: String
        var language: String
        var text: String
    }

    /// Why the gateway did not take the code.
    struct Refused: Error, CustomStringConvertible {
        var description: String
    }

    let http: any RemoteHTTPClient
    let url: String
    let timeout: Duration

    func deliver(_ message: CodeMessage) async throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let body = try encoder.encode(
            Message(
                to: message.email, code: message.code, expiresAt: message.expiresAt.formatted(.iso8601), language: message.language,
                text: message.text))
        let response: RemoteResponse
        do {
            response = try await http.send(
                RemoteRequest(method: "POST", url: url, headers: ["Content-Type": "application/json"], body: body, timeout: timeout))
        } catch {
            throw Refused(description: "the code gateway could not be reached: \(error)")
        }
        guard response.isSuccess else { throw Refused(description: "the code gateway answered \(response.status)") }
    }
}
