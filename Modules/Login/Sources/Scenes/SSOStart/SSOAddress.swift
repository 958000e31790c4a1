import AtriumSDK

/// A provider's sign-in start: `/login/sso/{id}`.
struct SSOAddress: RouteParameters {
    var id: String
}
