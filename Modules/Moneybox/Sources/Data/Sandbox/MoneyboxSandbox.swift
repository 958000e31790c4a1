import AtriumSDK
import Foundation
import Synchronization

/// The Moneybox API's contract served by this host, so the default configuration works with no
/// network: the headers checked, the original test user, two products whose moneyboxes grow with
/// every payment (kept in the host's storage), bearer tokens that expire 5 minutes after their last
/// use, and sign-in attempts throttled per email. A payment sent with an `Idempotency-Key` is made
/// once: a repeat within a day answers what the first did.
final class MoneyboxSandbox: Sendable {
    static let sessions = "sandbox-sessions"
    static let balances = "sandbox-balances"
    static let failures = "sandbox-failures"
    static let payments = "sandbox-payments"
    /// How long a payment's idempotency key is remembered.
    static let paymentKeyLifetime: TimeInterval = 24 * 3600
    /// A token expires this long after its last use.
    static let sessionLifetime: TimeInterval = 5 * 60
    static let expiredMessage = "Your session has expired. Please close the app and log in again."
    /// Failed sign-ins allowed per email in `failureWindow` before the sandbox refuses them all.
    static let failureLimit = 5
    static let failureWindow: TimeInterval = 15 * 60

    let records: any RecordStore
    let tokens: any TokenSigner
    let clock: any WallClock
    let random: any RandomSource
    /// When expired sessions and old failure counts were last removed.
    private let lastSweep = Mutex<Date?>(nil)

    init(records: any RecordStore, tokens: any TokenSigner, clock: any WallClock, random: any RandomSource) {
        self.records = records
        self.tokens = tokens
        self.clock = clock
        self.random = random
    }

    /// `POST users/login`.
    func logIn(_ request: EndpointRequest) async throws -> EndpointReply {
        if let refused = Self.checkHeaders(request, hasBody: true) { return refused }
        try await sweepIfDue()
        struct Body: Decodable {
            var email: String?
            var password: String?
            var idfa: String?
        }
        guard let body = try? MoneyboxWire.decoder().decode(Body.self, from: request.body) else {
            return Self.problem(.badRequest, "Invalid request", "The request body is not valid JSON.")
        }
        var invalid: [SandboxAnswers.Problem.ValidationError] = []
        // The limits count code points, as JSON Schema and the contract's document states them (MoneyboxWire.loginRules).
        let email = (body.email ?? "").trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        if email.isEmpty { invalid.append(.init(name: "Email", message: "The Email field is required.")) }
        if (body.email ?? "").unicodeScalars.count > 254 { invalid.append(.init(name: "Email", message: "The Email field is too long.")) }
        let password = body.password ?? ""
        if password.isEmpty { invalid.append(.init(name: "Password", message: "The Password field is required.")) }
        if password.unicodeScalars.count > 128 { invalid.append(.init(name: "Password", message: "The Password field is too long.")) }
        guard invalid.isEmpty else {
            return Self.reply(
                SandboxAnswers.Problem(name: "Validation failed", message: "Please check your email and password.", validationErrors: invalid),
                status: .badRequest)
        }
        let now = clock.now
        let recent = try await records.record(SandboxFailures.self, id: email, in: Self.failures)
        if let recent, recent.count >= Self.failureLimit, now.timeIntervalSince(recent.since) < Self.failureWindow {
            return Self.problem(.tooManyRequests, "Too many attempts", "Too many failed attempts. Please wait 15 minutes and try again.")
        }
        guard let user = SandboxCatalog.users.first(where: { $0.email == email && $0.password == password }) else {
            try await records.update(SandboxFailures.self, id: email, in: Self.failures) { stored in
                if let current = stored, now.timeIntervalSince(current.since) < Self.failureWindow {
                    stored = SandboxFailures(email: email, count: current.count + 1, since: current.since)
                } else {
                    stored = SandboxFailures(email: email, count: 1, since: now)
                }
            }
            return Self.problem(.unauthorized, "Login failed", "Incorrect email address or password. Please check and try again.")
        }
        let (records, sessionID) = (self.records, random.token(bytes: 16))
        // The failures forgotten and the session opened together.
        try await records.transaction {
            if recent != nil { try await records.deleteRecord(id: email, in: Self.failures) }
            try await records.save(SandboxSession(id: sessionID, email: user.email, lastUsed: now), id: sessionID, in: Self.sessions)
        }
        let token = try await tokens.sign(SandboxTokenClaims(sid: sessionID), lifetime: .seconds(24 * 3600))
        return Self.reply(
            SandboxAnswers.Login(
                user: .init(
                    userId: user.userID, firstName: user.firstName, lastName: user.lastName, email: user.email, mobileNumber: user.mobileNumber),
                session: .init(bearerToken: token, externalSessionId: UUID().uuidString, sessionExternalId: UUID().uuidString)
            ))
    }

    /// `GET investorproducts`.
    func investorProducts(_ request: EndpointRequest) async throws -> EndpointReply {
        if let refused = Self.checkHeaders(request, hasBody: false) { return refused }
        guard try await useSession(of: request) != nil else { return Self.expired }
        var responses: [SandboxAnswers.Products.ProductResponse] = []
        for figures in SandboxCatalog.products {
            let added = try await records.record(SandboxBalance.self, id: String(figures.id), in: Self.balances)?.added ?? 0
            let planValue = figures.planValue + added
            let contributions = figures.contributions + added
            let earnings = planValue - contributions
            responses.append(
                .init(
                    id: figures.id, assetBoxGlobalId: "9b6d4c1e-\(figures.id)-4b8e-a6f1-0c2d3e4f5a6b", planValue: planValue,
                    moneybox: figures.moneybox + added,
                    product: .init(
                        id: figures.productID, name: figures.name, categoryType: figures.categoryType, type: figures.type,
                        friendlyName: figures.friendlyName),
                    investorAccount: .init(
                        contributionsNet: contributions, earningsNet: earnings, earningsAsPercentage: Self.percentage(earnings, of: contributions))
                ))
        }
        let total = responses.reduce(Decimal(0)) { $0 + $1.planValue }
        let contributions = responses.reduce(Decimal(0)) { $0 + $1.investorAccount.contributionsNet }
        return Self.reply(
            SandboxAnswers.Products(
                totalPlanValue: total, totalEarnings: total - contributions, totalContributionsNet: contributions,
                totalEarningsAsPercentage: Self.percentage(total - contributions, of: contributions), productResponses: responses))
    }

    /// `POST oneoffpayments`.
    func oneOffPayment(_ request: EndpointRequest) async throws -> EndpointReply {
        if let refused = Self.checkHeaders(request, hasBody: true) { return refused }
        guard let session = try await useSession(of: request) else { return Self.expired }
        struct Body: Decodable {
            var amount: Decimal?
            var investorProductId: Int?
        }
        guard let body = try? MoneyboxWire.decoder().decode(Body.self, from: request.body) else {
            return Self.problem(.badRequest, "Invalid request", "The request body is not valid JSON.")
        }
        guard let amount = body.amount, amount > 0, amount <= SandboxCatalog.largestPayment, Self.hasAtMostTwoDecimals(amount) else {
            return Self.reply(
                SandboxAnswers.Problem(
                    name: "Validation failed", message: "The amount must be from £0.01 to £20,000.00.",
                    validationErrors: [.init(name: "Amount", message: "The amount is not valid.")]), status: .badRequest)
        }
        guard let product = SandboxCatalog.products.first(where: { $0.id == body.investorProductId }) else {
            return Self.problem(.notFound, "Product not found", "That account could not be found.")
        }
        let key = request.header(MoneyboxWire.idempotencyKey)
        if let key, key.isEmpty || key.utf8.count > 128 {
            return Self.problem(.badRequest, "Invalid Idempotency-Key", "The Idempotency-Key header must be 1 to 128 characters.")
        }
        // The key's record and the balance change in one transaction: a payment is made and
        // remembered, or neither.
        let (records, now) = (self.records, clock.now)
        let keyID = key.map { "\(session.email) \($0)" }
        try await sweepIfDue()
        let outcome = try await records.transaction { () async throws -> SandboxPayment? in
            if let keyID, let earlier = try await records.record(SandboxPayment.self, id: keyID, in: Self.payments) {
                return earlier.productID == product.id && earlier.amount == amount ? earlier : nil
            }
            let added = try await records.update(SandboxBalance.self, id: String(product.id), in: Self.balances) { stored in
                let total = (stored?.added ?? 0) + amount
                stored = SandboxBalance(added: total)
                return total
            }
            let payment = SandboxPayment(
                id: keyID ?? "", productID: product.id, amount: amount, moneybox: product.moneybox + added, madeAt: now)
            if let keyID { try await records.save(payment, id: keyID, in: Self.payments) }
            return payment
        }
        guard let outcome else {
            return Self.problem(
                .init(code: 422), "Idempotency-Key reused", "This Idempotency-Key was used for another payment. Send this one with a new key.")
        }
        return Self.reply(SandboxAnswers.Payment(moneybox: outcome.moneybox))
    }

    /// Removes expired sessions and failure counts whose window has passed, at most once a minute
    /// (sign-ins add records; nothing else would remove the ones nobody uses again).
    private func sweepIfDue() async throws {
        let now = clock.now
        let isDue = lastSweep.withLock { last in
            guard last.map({ now.timeIntervalSince($0) >= 60 }) ?? true else { return false }
            last = now
            return true
        }
        guard isDue else { return }
        for session in try await records.records(SandboxSession.self, in: Self.sessions)
        where now.timeIntervalSince(session.lastUsed) > Self.sessionLifetime {
            try await records.deleteRecord(id: session.id, in: Self.sessions)
        }
        for failures in try await records.records(SandboxFailures.self, in: Self.failures)
        where now.timeIntervalSince(failures.since) >= Self.failureWindow {
            try await records.deleteRecord(id: failures.email, in: Self.failures)
        }
        for payment in try await records.records(SandboxPayment.self, in: Self.payments)
        where now.timeIntervalSince(payment.madeAt) > Self.paymentKeyLifetime {
            try await records.deleteRecord(id: payment.id, in: Self.payments)
        }
    }

    /// The session a request's bearer token names, its expiry slid forward; nil when there is
    /// none, the token is forged, or it was last used more than 5 minutes ago.
    private func useSession(of request: EndpointRequest) async throws -> SandboxSession? {
        guard let token = request.bearerToken, let claims = try? await tokens.verify(token, as: SandboxTokenClaims.self) else { return nil }
        let now = clock.now
        return try await records.update(SandboxSession.self, id: claims.sid, in: Self.sessions) { stored in
            guard let session = stored else { return nil }
            guard now.timeIntervalSince(session.lastUsed) <= Self.sessionLifetime else {
                stored = nil
                return nil
            }
            stored?.lastUsed = max(now, session.lastUsed)
            return stored
        }
    }

    /// The API's error for requests that lack the app's headers, or nil when they are there.
    static func checkHeaders(_ request: EndpointRequest, hasBody: Bool) -> EndpointReply? {
        guard request.header("AppId") == MoneyboxWire.appID else {
            return problem(.badRequest, "Invalid AppId", "This app is not recognised. Please update the app.")
        }
        guard request.header("appVersion")?.isEmpty == false, request.header("apiVersion")?.isEmpty == false else {
            return problem(.badRequest, "Missing version", "Please update the app to the latest version.")
        }
        if hasBody, request.header("Content-Type")?.lowercased().hasPrefix("application/json") != true {
            return problem(.init(code: 415), "Unsupported media type", "The request body must be JSON.")
        }
        return nil
    }

    static var expired: EndpointReply {
        problem(.unauthorized, "Bearer token expired", expiredMessage)
    }

    static func problem(_ status: HTTPStatus, _ name: String, _ message: String) -> EndpointReply {
        reply(SandboxAnswers.Problem(name: name, message: message, validationErrors: []), status: status)
    }

    /// A JSON answer with the API's key spelling.
    static func reply(_ value: some Encodable, status: HTTPStatus = .ok) -> EndpointReply {
        guard let body = try? MoneyboxWire.encoder().encode(value) else { return EndpointReply(status: .internalServerError) }
        return EndpointReply(status: status, body: body, headers: ["Content-Type": "application/json; charset=utf-8"])
    }

    static func hasAtMostTwoDecimals(_ amount: Decimal) -> Bool {
        var scaled = amount * 100
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return rounded == scaled
    }

    /// `part` as a percentage of `whole`, to six decimal places as the API writes them.
    static func percentage(_ part: Decimal, of whole: Decimal) -> Decimal {
        guard whole != 0 else { return 0 }
        var value = part / whole
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 6, .plain)
        return rounded
    }
}
