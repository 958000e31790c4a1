import AtriumHost
import AtriumTestKit
import Foundation
import HTTPTypes
import Testing

@testable import AtriumFixtures

/// `GET /metrics`: requests by method, route pattern and status, in Prometheus's text format.
@Suite("Metrics")
struct MetricsTests {
    @Test func requestsAreCountedByRoutePatternNeverByTheRawPath() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            _ = try await browser.get("/notes")
            _ = try await browser.get("/notes")
            _ = try await browser.get("/notes/tags/secret-ada@example.com")
            _ = try await browser.get("/no/such/page/private-token-123")
            let page = try await browser.get("/metrics")
            #expect(page.status == 200)
            #expect(page.headers[.contentType]?.hasPrefix("text/plain; version=0.0.4") == true)
            #expect(page.body.contains(#"atrium_http_requests_total{method="GET",route="/notes",status="200"} 2"#), "\(page.body)")
            #expect(page.body.contains(#"atrium_http_requests_total{method="GET",route="/notes/tags/{tag}",status="200"} 1"#))
            #expect(page.body.contains(#"atrium_http_requests_total{method="GET",route="unmatched",status="404"} 1"#))
            #expect(page.body.contains(#"atrium_http_request_duration_seconds_bucket{method="GET",route="/notes",le="0.005"}"#))
            #expect(!page.body.contains("ada@example.com") && !page.body.contains("private-token-123"), "no visitor's path or data")
        }
    }

    @Test func methodsAVisitorMakesUpAreCountedAsOneLabel() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        try await host.run { browser in
            for index in 0..<5 { _ = try await browser.send("/notes", method: HTTPRequest.Method("BREW\(index)")!) }
            let page = try await browser.get("/metrics")
            #expect(page.body.contains(#"method="other""#), "\(page.body)")
            #expect(!page.body.contains("BREW"), "no series per made-up method")
        }
    }

    @Test func httpMetricsFalseTurnsTheEndpointOff() async throws {
        let host = try await Fixture.host(Fixture.notesAndAccounts + "\nhttp:\n  metrics: false\n")
        defer { host.tearDown() }
        try await host.run { browser in
            let page = try await browser.get("/metrics")
            #expect(page.status == 404)
        }
    }
}
