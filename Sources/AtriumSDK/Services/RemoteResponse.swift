import Foundation

/// A remote service's answer, whatever its status.
public struct RemoteResponse: Sendable, Equatable {
    /// The HTTP status.
    public var status: Int
    /// The body, whole.
    public var body: Data
    /// The answer's headers, by lower-case name (several values joined with ", ").
    public var headers: [String: String]

    /// A response with `status`, `body` and `headers`.
    public init(status: Int, body: Data, headers: [String: String] = [:]) {
        self.status = status
        self.body = body
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, second in "\(first), \(second)" })
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// A header's value, by name in any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }

    /// How long the answer may be kept, from `Cache-Control` (`max-age`; nothing for `no-store`
    /// and `no-cache`), nil when it does not say.
    public var maxAge: Duration? {
        guard let control = header("Cache-Control")?.lowercased() else { return nil }
        let directives = control.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if directives.contains("no-store") || directives.contains("no-cache") { return .zero }
        for directive in directives where directive.hasPrefix("max-age=") {
            if let seconds = Int(directive.dropFirst("max-age=".count)), seconds >= 0 { return .seconds(seconds) }
        }
        return nil
    }
}
