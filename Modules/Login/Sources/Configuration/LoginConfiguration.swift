import AtriumSDK

/// The `login` section: sessions, where people land, the one-time code and single sign-on.
public struct LoginConfiguration: ModuleConfiguration {
    /// How long a signed-in session lasts after its last use, in days (1 to 3650).
    public var sessionDays = 30
    /// Where a user lands after signing in when no page asked for it.
    public var homeRoute: RouteName = "profile"
    /// The map's route name, for the profile's Map tab (none: no tabs).
    public var mapRoute: RouteName?
    /// Signing in with a one-time code.
    public var code = CodeSettings()
    /// OpenID Connect providers people can continue with.
    public var sso: [SSOProviderSettings] = []

    public static let settingDescriptions = [
        "sessionDays": "A signed-in session lasts this many days after its last use (1 to 3650)",
        "homeRoute": "The route name people land on after signing in when no page asked for one",
        "mapRoute": "The route name of the map (mobility binds \"map\"), for the profile's Map and Profile tabs; left out, no tabs",
        "code.verifier": "One-time codes: issued (the host sends a code to an account's email) or remote (the Rewards contract at code.url)",
        "code.url": "With remote: the address that checks codes",
        "code.length": "Digits per code (4 to 8)",
        "code.expiryMinutes": "How long an issued code works",
        "code.delivery": "How issued codes reach people: log (development) or webhook",
        "code.webhookURL": "With webhook: where {\"to\", \"code\", \"expiresAt\"} is posted (a mail or SMS gateway)",
        "code.timeoutSeconds": "For the remote check and the webhook",
        "sso": "OpenID Connect providers",
        "sso.id": "The provider's id in addresses (/login/sso/<id>)",
        "sso.title": "Shown as \"Continue with <title>\"",
        "sso.issuer": "The provider's issuer URL (its discovery document is read from it)",
        "sso.clientID": "This host's client id at the provider",
        "sso.clientSecret": "This host's client secret (or LOGIN_SSO_<ID>_CLIENT_SECRET); never logged",
        "sso.scopes": "The scopes asked for",
        "sso.parameters": "Extra authorize parameters, such as connection: google-oauth2",
    ]

    public init() {}

    public func problems() -> [SettingProblem] {
        var problems = code.problems()
        for (index, provider) in sso.enumerated() { problems += provider.problems(at: index) }
        var seen: Set<String> = []
        for (index, provider) in sso.enumerated() where !seen.insert(provider.id).inserted {
            problems.append(
                SettingProblem(key: "sso[\(index)].id", message: "'\(provider.id)' is used twice", fix: "give each provider its own id"))
        }
        if !(1...3650).contains(sessionDays) {
            problems.append(SettingProblem(key: "sessionDays", message: "must be from 1 to 3650 days", fix: "use a number of days such as 30"))
        }
        return problems
    }
}
