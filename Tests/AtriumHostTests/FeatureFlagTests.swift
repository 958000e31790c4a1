import AtriumHost
import AtriumRuntime
import AtriumSDK
import AtriumTestKit
import Foundation
import Testing

@testable import AtriumFixtures

/// Feature flags: declared in a manifest, set under `flags:`, evaluated on the server per visitor.
@Suite("Feature flags")
struct FeatureFlagTests {
    static func host(flags: String) async throws -> TestHost {
        try await Fixture.host(Fixture.notesAndAccounts + "\nflags:\n" + flags)
    }

    @Test func aFlagIsItsDefaultUntilTheConfigurationSetsIt() async throws {
        for (flags, expected) in [("", false), ("  notes.beta: true\n", true), ("  notes.beta: false\n", false)] {
            let host = try await Self.host(flags: flags)
            defer { host.tearDown() }
            try await host.run { browser in
                let html = try await browser.get("/notes").body
                let json = try await browser.get("/notes", accept: "application/json").body
                #expect(html.contains("Hello (beta)") == expected, "\(flags)")
                #expect(json.contains("Hello (beta)") == expected, "the JSON form follows the same flag")
            }
        }
    }

    @Test func aShareOfVisitorsIsStablePerVisitorAndNearTheShare() async throws {
        let host = try await Self.host(flags: "  notes.beta: {percent: 30}\n")
        defer { host.tearDown() }
        let seen = try await host.run { browser in
            var on = 0
            for _ in 0..<200 {
                let visitor = browser.anotherVisitor()
                let first = try await visitor.get("/notes").body.contains("(beta)")
                for _ in 0..<2 { #expect(try await visitor.get("/notes").body.contains("(beta)") == first, "the same visitor, the same answer") }
                if first { on += 1 }
            }
            return on
        }
        #expect((30...90).contains(seen), "about 30 % of 200 visitors: \(seen)")
    }

    @Test func percentZeroAndHundredAreNobodyAndEverybody() async throws {
        for (share, expected) in [(0, false), (100, true)] {
            let host = try await Self.host(flags: "  notes.beta: {percent: \(share)}\n")
            defer { host.tearDown() }
            try await host.run { browser in
                for _ in 0..<20 {
                    let page = try await browser.anotherVisitor().get("/notes")
                    #expect(page.body.contains("(beta)") == expected)
                }
            }
        }
    }

    @Test func aListOfUsersIsOnOnlyForThem() async throws {
        let host = try await Self.host(flags: "  notes.beta: {users: [ADA@example.com]}\n")
        defer { host.tearDown() }
        try await host.run { browser in
            #expect(!(try await browser.get("/notes").body.contains("(beta)")), "nobody signed in")
            _ = try await browser.get("/accounts/sign-in")
            _ = try await browser.post("/accounts/sign-in", form: ["name": "ada"])
            #expect(try await browser.get("/notes").body.contains("(beta)"), "ada@example.com, in any case")
            let grace = browser.anotherVisitor()
            _ = try await grace.get("/accounts/sign-in")
            _ = try await grace.post("/accounts/sign-in", form: ["name": "grace"])
            #expect(!(try await grace.get("/notes").body.contains("(beta)")))
        }
    }

    @Test func unknownFlagsAndBadValuesAreProblemsAtTheirKeys() async throws {
        let problems = try await Fixture.problems(
            Fixture.notesAndAccounts + """

                flags:
                  notes.gamma: true
                  places.wide: true
                  notes.beta: maybe
                """)
        #expect(problems.contains { $0.key == "flags.notes.gamma" && $0.message.hasPrefix("unknown flag") && $0.fix == "flags are: notes.beta" })
        #expect(problems.contains { $0.key == "flags.places.wide" && $0.message.hasPrefix("module 'places' is not enabled") })
        #expect(problems.contains { $0.key == "flags.notes.beta" && $0.message.hasPrefix("'maybe' is not a flag value") })
        for (value, message) in [
            ("{percent: 101}", "percent must be a whole number from 0 to 100, not '101'"),
            ("{percent: -1}", "percent must be a whole number from 0 to 100, not '-1'"),
            ("{percent: '9223372036854775808'}", "percent must be a whole number from 0 to 100"),
            ("{percent: 5, users: [a@b.c]}", "give either `percent` or `users`, not both"),
            ("{users: nobody}", "users must be a list of email addresses"),
            ("{users: [not-an-email]}", "users must be a list of email addresses"),
            ("{share: 5}", "unknown key 'share'"),
            ("[true]", "is not a flag value"),
        ] {
            let found = try await Fixture.problems(Fixture.notesAndAccounts + "\nflags:\n  notes.beta: \(value)\n")
            #expect(
                found.count == 1 && found.first?.key == "flags.notes.beta" && found.first?.message.hasPrefix(message) == true, "\(value): \(found)")
        }
        let notASection = try await Fixture.problems(Fixture.notesAndAccounts + "\nflags: true\n")
        #expect(notASection.map(\.key) == ["flags"])
    }

    @Test func theBucketIsStableAndSpreadsVisitors() {
        #expect(FlagRollout.bucket(flag: "notes.beta", id: "visitor:1") == FlagRollout.bucket(flag: "notes.beta", id: "visitor:1"))
        let buckets = (0..<10_000).map { FlagRollout.bucket(flag: "notes.beta", id: "visitor:\($0)") }
        #expect(buckets.allSatisfy { (0..<100).contains($0) })
        let under25 = buckets.filter { $0 < 25 }.count
        #expect((2_200...2_800).contains(under25), "\(under25) of 10,000 under 25")
        let other = (0..<10_000).map { FlagRollout.bucket(flag: "notes.gamma", id: "visitor:\($0)") }
        #expect(zip(buckets, other).filter { $0 == $1 }.count < 300, "flags are independent")
    }
}
