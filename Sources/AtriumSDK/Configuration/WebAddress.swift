import Foundation

/// The check every setting that names a remote service needs: an absolute http(s) address with a host.
public enum WebAddress {
    /// Whether `text` is an http or https URL with a host (and, unless `allowingQuery`, no query).
    public static func isValid(_ text: String, allowingQuery: Bool = true) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else { return false }
        return allowingQuery || url.query == nil
    }
}
