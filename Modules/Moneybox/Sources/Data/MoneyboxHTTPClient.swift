import AtriumSDK
import Foundation

/// The Moneybox API over HTTP, exactly as its contract says: the app's headers on every request, the
/// bearer token after sign-in, JSON bodies, and the API's `Message` for every non-2xx answer.
struct MoneyboxHTTPClient: MoneyboxAPI {
    let http: any RemoteHTTPClient
    /// Ends with "/": "https://api-test02.moneyboxapp.com/".
    let baseURL: String
    let timeout: Duration

    func signIn(email: String, password: String) async throws(MoneyboxError) -> MoneyboxSession {
        let body = MoneyboxWire.LoginRequest(email: email, password: password, idfa: "ANYTHING")
        // A 401 here is a refused sign-in, not an expired session.
        let answer: MoneyboxWire.LoginResponse = try await send("POST", "users/login", body: body, token: nil)
        return MoneyboxSession(
            investor: Investor(firstName: answer.user.firstName, lastName: answer.user.lastName), bearerToken: answer.session.bearerToken)
    }

    func portfolio(token: String) async throws(MoneyboxError) -> Portfolio {
        let answer: MoneyboxWire.ProductsResponse = try await send("GET", "investorproducts", body: nil as MoneyboxWire.PaymentRequest?, token: token)
        return Portfolio(
            totalPlanValue: answer.totalPlanValue,
            products: answer.productResponses.map { response in
                Product(
                    id: response.id,
                    name: Self.nonEmpty(response.product?.friendlyName) ?? Self.nonEmpty(response.product?.name) ?? "Account \(response.id)",
                    planValue: response.planValue,
                    moneybox: response.moneybox
                )
            }
        )
    }

    func addMoney(_ amount: Decimal, toProduct productID: Int, token: String, idempotencyKey: String) async throws(MoneyboxError) -> Decimal {
        let body = MoneyboxWire.PaymentRequest(amount: amount, investorProductId: productID)
        let answer: MoneyboxWire.PaymentResponse = try await send(
            "POST", "oneoffpayments", body: body, token: token, extraHeaders: [MoneyboxWire.idempotencyKey: idempotencyKey])
        return answer.moneybox
    }

    private func send<Body: Encodable, Answer: Decodable>(
        _ method: String, _ path: String, body: Body?, token: String?, extraHeaders: [String: String] = [:]
    ) async throws(MoneyboxError) -> Answer {
        var headers = [
            "AppId": MoneyboxWire.appID,
            "Content-Type": "application/json",
            "appVersion": MoneyboxWire.appVersion,
            "apiVersion": MoneyboxWire.apiVersion,
        ]
        if let token { headers["Authorization"] = "Bearer \(token)" }
        headers.merge(extraHeaders) { _, extra in extra }
        let encoded = body.flatMap { try? MoneyboxWire.encoder().encode($0) }
        let response: RemoteResponse
        do {
            response = try await http.send(RemoteRequest(method: method, url: baseURL + path, headers: headers, body: encoded, timeout: timeout))
        } catch {
            switch error {
            case .timedOut: throw .timedOut
            case .notConnected, .invalidURL, .refusedAddress: throw .unreachable
            case .tooLarge, .other: throw .unreadable
            }
        }
        guard response.isSuccess else {
            let problem = try? MoneyboxWire.decoder().decode(MoneyboxWire.ErrorResponse.self, from: response.body)
            let message =
                Self.nonEmpty(problem?.message)
                ?? "Moneybox could not do that (error \(response.status)). Please try again."
            if response.status == 401 && token != nil { throw .sessionExpired(message: message) }
            throw .refused(status: response.status, message: message)
        }
        do {
            return try MoneyboxWire.decoder().decode(Answer.self, from: response.body)
        } catch {
            throw .unreadable
        }
    }

    /// The text when it has any, at most 500 characters (an API's message is shown as it is).
    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return String(text.prefix(500))
    }
}
