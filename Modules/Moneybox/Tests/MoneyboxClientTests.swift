import AtriumHost
import AtriumRuntime
import AtriumSDK
import AtriumServices
import AtriumTestKit
import Foundation
import Testing

@testable import Moneybox

@Suite("The Moneybox client speaks the API's contract")
struct MoneyboxClientTests {
    /// `timeout` is long unless the test is about it: a machine busy with every other suite never
    /// reaches it.
    static func client(_ stub: StubHTTPServer, timeout: Duration = .seconds(60)) -> MoneyboxHTTPClient {
        MoneyboxHTTPClient(http: HostHTTPClient(), baseURL: stub.baseURL + "/", timeout: timeout)
    }

    @Test func signInSendsTheAppsHeadersAndBodyAndReadsARealisticAnswer() async throws {
        try await StubHTTPServer.with(["/users/login": .init(body: MoneyboxFixtures.login)]) { stub in
            let session = try await Self.client(stub).signIn(email: "test+ios@moneyboxapp.com", password: "P455word12")
            #expect(session.investor == Investor(firstName: "Michael", lastName: "Jordan"))
            #expect(session.bearerToken == "TsMWRkbrcu3NGrpf84gi2+pg0iOMVymyKklmkY0oI84=")
            let request = try #require(stub.requests.first)
            #expect(request.method == "POST")
            #expect(request.headers["appid"] == "8cb2237d0679ca88db6464")
            #expect(request.headers["content-type"] == "application/json")
            #expect(request.headers["appversion"] == "7.10.0")
            #expect(request.headers["apiversion"] == "3.0.0")
            #expect(request.headers["authorization"] == nil)
            let body = try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: String]
            #expect(body == ["Email": "test+ios@moneyboxapp.com", "Password": "P455word12", "Idfa": "ANYTHING"])
        }
    }

    @Test func productsAreReadAsExactDecimalsWhateverElseTheAnswerHolds() async throws {
        try await StubHTTPServer.with(["/investorproducts": .init(body: MoneyboxFixtures.products)]) { stub in
            let portfolio = try await Self.client(stub).portfolio(token: "tok")
            #expect(portfolio.totalPlanValue == Decimal(string: "5651.96"))
            #expect(portfolio.products.map(\.id) == [8043, 8044, 9001])
            #expect(portfolio.products.map(\.name) == ["Stocks & Shares ISA", "Lifetime ISA", "Account 9001"])
            #expect(portfolio.products[0].planValue == Decimal(string: "2958.16"))
            #expect(portfolio.products[1].planValue == Decimal(string: "2693.8"))
            #expect(portfolio.products[0].moneybox == 30)
            #expect(Money(portfolio.totalPlanValue, currency: "GBP").formatted == "£5,651.96")
            #expect(Money(portfolio.products[1].moneybox, currency: "GBP").formatted == "£0.00")
            let request = try #require(stub.requests.first)
            #expect(request.method == "GET")
            #expect(request.headers["authorization"] == "Bearer tok")
            #expect(request.headers["appid"] == "8cb2237d0679ca88db6464")
        }
    }

    @Test func aPaymentPostsTheAmountAndProductAndReadsTheNewMoneybox() async throws {
        try await StubHTTPServer.with(["/oneoffpayments": .init(body: #"{"Moneybox": 40.000000, "Other": null}"#)]) { stub in
            let moneybox = try await Self.client(stub).addMoney(10, toProduct: 8043, token: "tok", idempotencyKey: "key-0123456789abcdef")
            #expect(moneybox == 40)
            let request = try #require(stub.requests.first)
            #expect(request.headers["authorization"] == "Bearer tok")
            #expect(request.headers["idempotency-key"] == "key-0123456789abcdef", "the payment is named, so it is made once")
            let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Int])
            #expect(body == ["Amount": 10, "InvestorProductId": 8043])
        }
    }

    @Test func everyErrorShowsTheAPIsMessageAndA401AfterSignInEndsTheSession() async throws {
        let refused = #"{"Name":"Login failed","Message":"Incorrect email address or password. Please check and try again.","ValidationErrors":[]}"#
        try await StubHTTPServer.with([
            "/users/login": .init(status: 401, body: refused),
            "/investorproducts": .init(status: 401, body: MoneyboxFixtures.expired),
            "/oneoffpayments": .init(
                status: 400,
                body:
                    #"{"Name":"Validation","Message":"Amount is over your ISA allowance.","ValidationErrors":[{"Name":"Amount","Message":"Too much"}]}"#
            ),
        ]) { stub in
            let client = Self.client(stub)
            await #expect(throws: MoneyboxError.refused(status: 401, message: "Incorrect email address or password. Please check and try again.")) {
                _ = try await client.signIn(email: "a@b.c", password: "x")
            }
            await #expect(throws: MoneyboxError.sessionExpired(message: "Your session has expired. Please close the app and log in again.")) {
                _ = try await client.portfolio(token: "tok")
            }
            await #expect(throws: MoneyboxError.refused(status: 400, message: "Amount is over your ISA allowance.")) {
                _ = try await client.addMoney(10, toProduct: 1, token: "tok", idempotencyKey: "key-0123456789abcdef")
            }
        }
    }

    @Test func anErrorWithoutAMessageStillSaysSomethingPlain() async throws {
        _ = try await StubHTTPServer.with(["/investorproducts": .init(status: 502, body: "Bad gateway", contentType: "text/html")]) {
            stub in
            await #expect(throws: MoneyboxError.refused(status: 502, message: "Moneybox could not do that (error 502). Please try again.")) {
                _ = try await Self.client(stub).portfolio(token: "tok")
            }
        }
    }

    @Test func anUndecodableAnswerATimeoutAndARefusedConnectionEachHaveTheirOwnMessage() async throws {
        try await StubHTTPServer.with([
            "/investorproducts": .init(body: #"{"TotalPlanValue": "lots", "ProductResponses": []}"#),
            "/users/login": .init(body: MoneyboxFixtures.login, delay: .seconds(3)),
        ]) { stub in
            await #expect(throws: MoneyboxError.unreadable) { _ = try await Self.client(stub).portfolio(token: "tok") }
            await #expect(throws: MoneyboxError.timedOut) {
                _ = try await Self.client(stub, timeout: .milliseconds(300)).signIn(email: "a@b.c", password: "x")
            }
        }
        // Nothing listens on port 9 of the loopback address.
        let nowhere = MoneyboxHTTPClient(http: HostHTTPClient(), baseURL: "http://127.0.0.1:9/", timeout: .seconds(60))
        await #expect(throws: MoneyboxError.unreachable) { _ = try await nowhere.portfolio(token: "tok") }
        #expect(MoneyboxError.unreadable.description == "Moneybox sent an answer that could not be read. Please try again.")
        #expect(MoneyboxError.timedOut.description == "Moneybox did not answer in time. Please try again.")
        #expect(MoneyboxError.unreachable.description == "Moneybox could not be reached. Please check your connection and try again.")
    }

    @Test func anEnormousMessageIsShortenedBeforeItIsShown() async throws {
        let long = String(repeating: "x", count: 100_000)
        try await StubHTTPServer.with(["/investorproducts": .init(status: 400, body: #"{"Message":"\#(long)"}"#)]) { stub in
            do {
                _ = try await Self.client(stub).portfolio(token: "tok")
                Issue.record("a 400 must throw")
            } catch let error as MoneyboxError {
                #expect(error.description.count == 500)
            }
        }
    }
}
