import Foundation

/// Carries a return-to address from page to page as a query.
enum ReturnAddress {
    static func query(_ returnTo: String?) -> String {
        guard let returnTo else { return "" }
        return "?returnTo=" + (returnTo.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
    }
}
