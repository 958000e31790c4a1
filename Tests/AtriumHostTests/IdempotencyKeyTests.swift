import AtriumSDK
import AtriumTestKit
import Foundation
import HTTPTypes
import Testing

@testable import AtriumActions
@testable import AtriumPages
@testable import AtriumStorage

/// An action sent twice with one `Idempotency-Key` is done once: the repeat is answered the first
/// outcome, on the host's storage (so on every host), per visitor or account.
@Suite("Idempotency keys")
struct IdempotencyKeyTests {
    static let key = HTTPField.Name("Idempotency-Key")!

    /// How many times `text` stands in the visitor's notes page.
    static func count(_ text: String, for browser: TestBrowser) async throws -> Int {
        try await browser.get("/notes").body.components(separatedBy: text).count - 1
    }

    @Test func aFormSentTwiceWithOneKeyIsDoneOnceAndTheRepeatIsAnsweredTheFirstOutcome() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let first = try await browser.post("/notes", form: ["text": "Buy eggs", IdempotencyKey.formField: "k-1"])
            #expect(first.status == 303)
            #expect(first.headers[HTTPField.Name("Idempotent-Replayed")!] == nil)
            let again = try await browser.post("/notes", form: ["text": "Buy eggs", IdempotencyKey.formField: "k-1"])
            #expect(again.status == 303)
            #expect(again.location == first.location)
            #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(try await Self.count("Buy eggs", for: browser) == 1)
            // A new key is a new action.
            #expect(try await browser.post("/notes", form: ["text": "Buy eggs", IdempotencyKey.formField: "k-2"]).status == 303)
            #expect(try await Self.count("Buy eggs", for: browser) == 2)
        }
    }

    @Test func theHeaderCarriesAKeyForJSONAndTheFieldsOrderAndTokenDoNotMatter() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let token = try #require(browser.lastCSRFToken)
            let headers: HTTPFields = [
                .accept: "application/json", .contentType: "application/json", HTTPField.Name("X-CSRF-Token")!: token, Self.key: "json-1",
            ]
            let first = try await browser.send("/notes", method: .post, headers: headers, body: #"{"text":"From JSON"}"#)
            let again = try await browser.send("/notes", method: .post, headers: headers, body: #"{"text":"From JSON"}"#)
            #expect(first.status == again.status)
            #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            // A form's fields in another order, the key in the header: the same action.
            let form = "pinned=true&text=Pinned+note&_csrf=\(token)"
            let reordered = "_csrf=\(token)&text=Pinned+note&pinned=true"
            let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded", Self.key: "form-1"]
            #expect(try await browser.send("/notes", method: .post, headers: formHeaders, body: form).status == 303)
            let repeated = try await browser.send("/notes", method: .post, headers: formHeaders, body: reordered)
            #expect(repeated.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(try await Self.count("From JSON", for: browser) == 1)
            #expect(try await Self.count("Pinned note", for: browser) == 1)
        }
    }

    @Test func aKeyUsedForAnotherActionIsRefusedAndAnotherVisitorsKeyIsTheirOwn() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            #expect(try await browser.post("/notes", form: ["text": "First", IdempotencyKey.formField: "shared"]).status == 303)
            let other = try await browser.post("/notes", form: ["text": "Second", IdempotencyKey.formField: "shared"])
            #expect(other.status == 422)
            #expect(other.body.contains("reused the key of an earlier, different request"))
            #expect(try await Self.count("Second", for: browser) == 0)

            // Another visitor sending the same key acts for themselves, and is never shown the
            // first visitor's outcome.
            let stranger = browser.anotherVisitor()
            _ = try await stranger.get("/notes")
            let theirs = try await stranger.post("/notes", form: ["text": "First", IdempotencyKey.formField: "shared"])
            #expect(theirs.status == 303)
            #expect(theirs.headers[HTTPField.Name("Idempotent-Replayed")!] == nil)
            #expect(try await Self.count("First", for: stranger) == 1)
        }
    }

    @Test func aRefusedFormIsAnsweredAgainAndAMalformedKeyIsRefused() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let refused = try await browser.post("/notes", form: ["text": " ", IdempotencyKey.formField: "empty-1"])
            #expect(refused.status == 422)
            let again = try await browser.post("/notes", form: ["text": " ", IdempotencyKey.formField: "empty-1"])
            #expect(again.status == 422)
            #expect(again.body == refused.body)
            #expect(again.headers[.contentType] == refused.headers[.contentType])
            for bad in ["", "has space", String(repeating: "k", count: 256), "é"] {
                let answer = try await browser.post("/notes", form: ["text": "Never", IdempotencyKey.formField: bad])
                #expect(answer.status == 400, "key \(bad.debugDescription)")
                #expect(answer.body.contains("Idempotency-Key"))
            }
            #expect(try await Self.count("Never", for: browser) == 0)
        }
    }

    @Test func manyRepeatsAtOnceActOnce() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<20 {
                    group.addTask { try await browser.post("/notes", form: ["text": "Concurrent", IdempotencyKey.formField: "race"]).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 303 || $0 == 409 }, "\(statuses)")
            #expect(statuses.contains(303))
            #expect(try await Self.count("Concurrent", for: browser) == 1)
        }
    }

    @Test func keptOutcomesAreBoundedPerOwnerAndPurgedWhenTheyExpire() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        let store = try #require(ActionOutcomes.store(on: host.storage))
        func claim(_ owner: String, _ key: String, at now: Double, fingerprint: String = "f") async throws -> ActionClaim {
            try await store.claim(
                owner: owner, key: key, fingerprint: fingerprint, at: now, staleBefore: now - IdempotentActions.lease,
                expiredBefore: now - IdempotentActions.lifetime, most: 5)
        }
        func done(_ owner: String, _ key: String, at now: Double) async throws {
            try await store.finish(
                owner: owner, key: key, fingerprint: "f", at: now, outcome: StoredOutcome(status: 303, location: "/notes"), most: 5)
        }
        for index in 0..<8 {
            #expect(try await claim("visitor:a", "key-\(index)", at: Double(1000 + index)) == .claimed)
            try await done("visitor:a", "key-\(index)", at: Double(1000 + index))
        }
        #expect(try await store.count(owner: "visitor:a") == 5, "the oldest went")
        #expect(try await claim("visitor:a", "key-0", at: 1100) == .claimed, "a forgotten key is new again")
        // A claim not yet finished is in progress; given up, it is free again.
        #expect(try await claim("visitor:a", "key-0", at: 1100) == .inProgress)
        try await store.release(owner: "visitor:a", key: "key-0")
        #expect(try await claim("visitor:a", "key-0", at: 1100) == .claimed)
        try await store.release(owner: "visitor:a", key: "key-0")
        // A finished one is answered, to its owner alone, and refused for another action.
        #expect(try await claim("visitor:a", "key-7", at: 1200) == .done(StoredOutcome(status: 303, location: "/notes")))
        #expect(try await claim("visitor:a", "key-7", at: 1200, fingerprint: "other") == .mismatch)
        #expect(try await claim("visitor:b", "key-7", at: 1200) == .claimed, "another owner's key is their own")
        try await store.release(owner: "visitor:b", key: "key-7")
        // A day later the outcome is gone: the key is new again, and a purge deletes the rest.
        #expect(try await claim("visitor:a", "key-7", at: 1007 + IdempotentActions.lifetime + 1) == .claimed)
        try await store.release(owner: "visitor:a", key: "key-7")
        #expect(try await store.purge(before: 1_000_000) >= 3)
        #expect(try await store.count(owner: "visitor:a") == 0)
    }

    @Test func anAccountKeepsMoreKeysThanAnAnonymousOwner() {
        #expect(IdempotentActions.most(for: "account:u") == 500)
        for owner in ["visitor:v", "credential:c", "address:127.0.0.1"] {
            #expect(IdempotentActions.most(for: owner) == 100, "\(owner)")
        }
        #expect(IdempotentActions.mostAnonymous >= 100, "at least what the kit and the worker keep waiting")
    }

    @Test func anEndpointPostSentTwiceWithOneKeyIsDoneOncePerCredential() async throws {
        let host = try await Fixture.host("modules: [echo]\n")
        defer { host.tearDown() }
        try await host.run { browser in
            func post(_ text: String, key: String?, credential: String = "Bearer letmein") async throws -> TestPage {
                var headers: HTTPFields = [.contentType: "application/json", .authorization: credential]
                if let key { headers[Self.key] = key }
                return try await browser.send("/echo/items/7", method: .post, headers: headers, body: #"{"text":"\#(text)"}"#)
            }
            let first = try await post("hello", key: "e-1")
            #expect(first.status == 201)
            #expect(first.body.contains(#""count":1"#))
            let again = try await post("hello", key: "e-1")
            #expect(again.status == 201 && again.body == first.body, "the first outcome, not a second count")
            #expect(again.headers[HTTPField.Name("Idempotent-Replayed")!] == "true")
            #expect(again.headers[.contentType] == first.headers[.contentType])
            // Another request with the key: refused, clearly. Another key, or none: done.
            let other = try await post("other", key: "e-1")
            #expect(other.status == 422 && other.body.contains("another request"))
            #expect(try await post("hello", key: "e-2").body.contains(#""count":2"#))
            #expect(try await post("hello", key: nil).body.contains(#""count":3"#))
            // Another credential's key is its own: it never gets the first one's outcome. (The
            // endpoint refuses this credential, and its refusal is what is kept for it.)
            let stranger = try await post("hello", key: "e-1", credential: "Bearer someone-else")
            #expect(stranger.status == 401 && stranger.headers[HTTPField.Name("Idempotent-Replayed")!] == nil)
            #expect(try await post("hello", key: String(repeating: "x", count: 256)).status == 400)
            #expect(try await post("hello", key: "e-3").body.contains(#""count":4"#), "a malformed key did nothing")
        }
    }

    @Test func oneSQLiteFileHasOneStoreSoAClaimIsSeenAcrossAReload() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        // Each generation of the pages (a reload makes another) asks for the store again.
        let first = try #require(ActionOutcomes.store(on: host.storage))
        let second = try #require(ActionOutcomes.store(on: host.storage))
        let claimed = try await first.claim(
            owner: "visitor:v", key: "k", fingerprint: "f", at: 1_000, staleBefore: 0, expiredBefore: 0, most: IdempotentActions.most)
        #expect(claimed == .claimed)
        let repeated = try await second.claim(
            owner: "visitor:v", key: "k", fingerprint: "f", at: 1_001, staleBefore: 0, expiredBefore: 0, most: IdempotentActions.most)
        #expect(repeated == .inProgress, "the other generation sees the action still acting")
    }

    @Test func onlyWhatWasDoneForGoodIsKept() {
        #expect(IdempotentActions.isFinal(303))
        #expect(IdempotentActions.isFinal(422))
        #expect(!IdempotentActions.isFinal(429))
        #expect(!IdempotentActions.isFinal(503))
    }
}
