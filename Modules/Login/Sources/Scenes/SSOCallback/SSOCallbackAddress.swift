import AtriumSDK

/// Where a provider sends the browser back: `/login/sso/{id}/callback?code=…&state=…` (or `error=…`).
struct SSOCallbackAddress: RouteParameters {
    var id: String
    var code: String?
    var state: String?
    var error: String?
}
