import AtriumSDK
import Foundation

/// One entry of `login.sso`: an OpenID Connect provider people can continue with.
public struct SSOProviderSettings: Codable, Sendable {
    /// The provider's id in addresses: `/login/sso/<id>` (lower-case letters, digits and `-`).
    public var id = ""
    /// The button says "Continue with <title>".
    public var title = ""
    /// The issuer's URL; its discovery document is `<issuer>/.well-known/openid-configuration`.
    public var issuer = ""
    public var clientID = ""
    /// The client's secret; when absent, `LOGIN_SSO_<ID>_CLIENT_SECRET` from the environment (id in
    /// upper case, `-` as `_`), else none (a public client).
    public var clientSecret: String?
    public var scopes = "openid profile email"
    /// Extra authorize parameters, such as `connection: google-oauth2` for one Auth0 connection.
    public var parameters: [String: String]?

    public init() {}

    private enum CodingKeys: String, CodingKey { case id, title, issuer, clientID, clientSecret, scopes, parameters }

    /// Each item of the list decodes on its own, so settings with a default are read as optional.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        issuer = try container.decode(String.self, forKey: .issuer)
        clientID = try container.decode(String.self, forKey: .clientID)
        clientSecret = try container.decodeIfPresent(String.self, forKey: .clientSecret)
        scopes = try container.decodeIfPresent(String.self, forKey: .scopes) ?? scopes
        parameters = try container.decodeIfPresent([String: String].self, forKey: .parameters)
    }

    /// The secret to use: the configured one, else the environment's.
    var effectiveSecret: String? {
        if let clientSecret, !clientSecret.isEmpty { return clientSecret }
        let name = "LOGIN_SSO_\(id.uppercased().replacingOccurrences(of: "-", with: "_"))_CLIENT_SECRET"
        return ProcessInfo.processInfo.environment[name].flatMap { $0.isEmpty ? nil : $0 }
    }

    func problems(at index: Int) -> [SettingProblem] {
        let key = "sso[\(index)]"
        var problems: [SettingProblem] = []
        if id.isEmpty || id.count > 40 || !id.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) {
            problems.append(
                SettingProblem(key: "\(key).id", message: "'\(id)' is not a provider id", fix: "use lower-case letters, digits and -, such as google")
            )
        }
        if title.trimmingCharacters(in: .whitespaces).isEmpty {
            problems.append(SettingProblem(key: "\(key).title", message: "is missing", fix: "the button says \"Continue with <title>\""))
        }
        if !WebAddress.isValid(issuer, allowingQuery: false) {
            problems.append(
                SettingProblem(
                    key: "\(key).issuer", message: "'\(issuer)' is not an http(s) issuer URL",
                    fix: "write the issuer, such as https://accounts.google.com"))
        }
        if clientID.isEmpty {
            problems.append(SettingProblem(key: "\(key).clientID", message: "is missing", fix: "the client id the provider gave this site"))
        }
        if !scopes.split(separator: " ").contains("openid") {
            problems.append(SettingProblem(key: "\(key).scopes", message: "must include openid", fix: "such as: openid profile email"))
        }
        let reserved: Set = ["response_type", "client_id", "redirect_uri", "scope", "state", "nonce", "code_challenge", "code_challenge_method"]
        for name in (parameters ?? [:]).keys.sorted() where reserved.contains(name) {
            problems.append(SettingProblem(key: "\(key).parameters.\(name)", message: "is set by the sign-in itself", fix: "remove it"))
        }
        return problems
    }
}
