import AtriumSDK
import Foundation

/// The original app's code check: `POST <url>` with `{"code": "1234"}`; 200 `{"status": "ok"}`
/// accepts, 401 refuses, anything else is a failure; no connection or no answer in time is
/// "unreachable". It signs no account in.
struct RemoteCodeVerifier: CodeVerifier {
    struct Request: Encodable { var code: String }
    struct Answer: Decodable { var status: String }

    let http: any RemoteHTTPClient
    let url: String
    let timeout: Duration

    func verify(_ code: String, email: String?) async throws -> CodeVerdict {
        let body = try JSONEncoder().encode(Request(code: code))
        let response: RemoteResponse
        do {
            response = try await http.send(
                RemoteRequest(method: "POST", url: url, headers: ["Content-Type": "application/json"], body: body, timeout: timeout))
        } catch {
            switch error {
            case .notConnected, .timedOut: return .unreachable
            case .invalidURL, .tooLarge, .refusedAddress, .other: return .failed
            }
        }
        switch response.status {
        case 200:
            guard let answer = try? JSONDecoder().decode(Answer.self, from: response.body), answer.status.lowercased() == "ok" else { return .failed }
            return .accepted(accountID: nil)
        case 401: return .refused
        default: return .failed
        }
    }
}
