import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@_spi(AtriumHost) @testable import AtriumHost

/// Found by trying to break the host: each anonymous visitor who saved something cost about
/// 1.7 KB of database, with no bound. Now the visitors kept are bounded, and what each may keep.
@Suite("Anonymous visitors' limits")
struct VisitorLimitsTests {
    static func host(_ limits: String) async throws -> TestHost {
        let directory = FileManager.default.temporaryDirectory.appending(path: "atrium-test-\(UUID().uuidString)")
        return try await Fixture.host(
            Fixture.notesAndAccounts + "\n" + TestStorage.forHosts.section(for: directory) + limits, directory: directory)
    }

    @Test func pastTheBudgetTheVisitorsNotSeenForLongestAreForgotten() async throws {
        let host = try await Self.host("  maxVisitors: 3\n")
        defer { host.tearDown() }
        try await host.run { browser in
            var visitors: [TestBrowser] = []
            for index in 0..<5 {
                let visitor = browser.anotherVisitor()
                _ = try await visitor.get("/notes")
                #expect(try await visitor.post("/notes", form: ["text": "Note \(index)"]).status == 303)
                visitors.append(visitor)
            }
            #expect(try await host.storage.visitorRowCount() == 3)
            for (index, visitor) in visitors.enumerated() {
                let page = try await visitor.get("/notes").body
                #expect(page.contains("Note \(index)") == (index >= 2), "visitor \(index)")
            }
            // Coming back counts: the first kept visitor saves again and outlives a newcomer's arrival.
            #expect(try await visitors[2].post("/notes", form: ["text": "Again"]).status == 303)
            let newcomer = browser.anotherVisitor()
            _ = try await newcomer.get("/notes")
            #expect(try await newcomer.post("/notes", form: ["text": "New"]).status == 303)
            #expect(try await visitors[2].get("/notes").body.contains("Again"))
            #expect(!(try await visitors[3].get("/notes").body.contains("Note 3")), "the one not seen for longest went")
        }
    }

    @Test func oneVisitorKeepsNoMoreThanTheirShareAndSigningInLiftsIt() async throws {
        let host = try await Self.host("  maxVisitorRecords: 3\n  maxVisitorBytes: 2000\n")
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            for index in 0..<3 { #expect(try await browser.post("/notes", form: ["text": "Note \(index)"]).status == 303) }
            let fourth = try await browser.post("/notes", form: ["text": "One too many"])
            #expect(fourth.status == 413)
            #expect(fourth.body.contains("This browser has saved as much as it can without an account."))
            #expect(try await browser.get("/notes").body.contains("Note 2"), "what was kept stays")

            let other = browser.anotherVisitor()
            _ = try await other.get("/notes")
            #expect(try await other.post("/notes", form: ["text": String(repeating: "x", count: 1500)]).status == 303)
            #expect(try await other.post("/notes", form: ["text": String(repeating: "y", count: 1500)]).status == 413, "bytes count too")

            #expect(try await browser.post("/accounts/sign-in", form: ["name": "ada"]).status == 303)
            #expect(try await browser.get("/notes").body.contains("Note 2"), "moved to the account")
            #expect(try await browser.post("/notes", form: ["text": "Signed in"]).status == 303, "an account has no visitor limit")
        }
    }
}
