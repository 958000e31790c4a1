import AtriumHost
import AtriumSDK
import AtriumTestKit
import Foundation
import PropertyBased
import Testing

@testable import AtriumFixtures

/// Arbitrary input never traps, never hangs (a quadratic step on these sizes would run past the
/// time limit), and always gets an answer from 200 to 499: typed route parameters, form and JSON
/// action bodies, and configuration files.
@Suite("Properties of hostile input", .timeLimit(.minutes(2)))
struct PropertyTests {
    /// Characters that make trouble in paths, forms and YAML.
    static let troublesome: [Character] = Array("aZ09%+-._~&=[]{}#:,*!|>'\"\\/ \t\n") + ["\u{0}", "é", "\u{301}", "😀", "\u{202E}"]

    static let tricky = Gen<Character?>.element(of: troublesome).map { $0! }

    /// Integers as text, with the edges of Int and numbers past them.
    static let numbers = Gen<String?>.element(
        of: ["-9223372036854775808", "9223372036854775807", "9223372036854775808", "-0", "+1", "0", "00", "1e3", "0x10", "-1", "٣"]
    ).map { $0! }

    static func percentEncoded(_ text: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        allowed.remove("%")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }

    @Test func typedRouteParametersAnswerWithoutTrapping() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            await propertyCheck(count: 200, input: Self.tricky.string(of: 0...40), Self.numbers, Gen.int()) { text, number, int in
                for segment in [Self.percentEncoded(text), number, String(int), Self.percentEncoded(text) + "%", "%" + String(text.prefix(2))] {
                    for path in ["/notes/items/\(segment)", "/notes/tags/\(segment)"] {
                        let status = try await browser.get(path).status
                        #expect((200..<500).contains(status), "\(path) answered \(status)")
                    }
                }
            }
        }
    }

    @Test func formBodiesAnswerWithoutTrapping() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let token = try #require(browser.lastCSRFToken)
            await propertyCheck(count: 300, input: Self.tricky.string(of: 0...200)) { body in
                for sent in [body, body + "&_csrf=\(token)", "text=\(body)&_csrf=\(token)"] {
                    let page = try await browser.send(
                        "/notes", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: sent)
                    #expect((200..<500).contains(page.status), "\(sent.debugDescription) answered \(page.status)")
                }
            }
        }
    }

    @Test func jsonBodiesAnswerWithoutTrapping() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes", accept: "application/json")
            await propertyCheck(count: 300, input: Self.tricky.string(of: 0...200)) { text in
                let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                for body in [text, "{\"text\": \"\(escaped)\"}", "{\"text\": \(text)}", String(repeating: "[", count: text.count * 50)] {
                    let page = try await browser.postJSON("/notes", json: body)
                    #expect((200..<500).contains(page.status), "\(body.prefix(200).debugDescription) answered \(page.status)")
                }
            }
        }
    }

    @Test func largeBodiesAreReadInLinearTime() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            let token = try #require(browser.lastCSRFToken)
            let shapes = [
                String(repeating: "a=1&", count: 200_000),
                String(repeating: "x[]=1&", count: 150_000),
                "a" + String(repeating: "[a]", count: 300_000) + "=1",
                "text=" + String(repeating: "%41", count: 300_000),
            ]
            for body in shapes {
                let page = try await browser.send(
                    "/notes", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"], body: body + "&_csrf=\(token)")
                #expect((200..<500).contains(page.status), "\(body.prefix(20)) answered \(page.status)")
            }
        }
    }

    @Test func configurationFilesAnswerWithProblemsNeverATrap() async throws {
        let keys = Gen<String?>.element(of: ["modules", "http", "port", "host", "notes", "greeting", "limit", "storage", "log", "level", "x"]).map {
            $0!
        }
        let values = Gen<String>.oneOf(
            Self.numbers.eraseToAnySequence(),
            Self.tricky.string(of: 0...12).eraseToAnySequence(),
            Gen<String?>.element(of: ["[notes]", "{a: 1}", "&a x", "*a", "[[1]]", "~", "yes", "", "- a"]).map { $0! }.eraseToAnySequence()
        )
        let lines = zip(keys, values, Gen.int(in: 0...3)).map { key, value, depth in
            String(repeating: "  ", count: depth) + "\(key): \(value)"
        }
        await propertyCheck(count: 300, input: lines.array(of: 0...12)) { lines in
            let text = lines.joined(separator: "\n")
            do {
                _ = try await Fixture.problems(text)
            } catch {
                Issue.record("\(text.debugDescription) threw \(error) instead of reporting problems")
            }
        }
    }
}
