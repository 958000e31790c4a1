import Foundation

/// The account a provider identity signs in: the one linked to it; on its first sign-in, the
/// account with its email when the provider vouches for that email, else a new account made from
/// its claims (which the user can edit afterwards).
public struct IdentitySignIn: Sendable {
    let accounts: any AccountRepository
    let links: any IdentityLinkRepository
    /// A password nobody knows, for accounts made here (they sign in through their provider).
    let makeUnknownPassword: @Sendable () -> String

    public init(accounts: any AccountRepository, links: any IdentityLinkRepository, makeUnknownPassword: @escaping @Sendable () -> String) {
        self.accounts = accounts
        self.links = links
        self.makeUnknownPassword = makeUnknownPassword
    }

    public func account(for identity: ProviderIdentity, provider: String) async throws -> Result<Account, IdentitySignInError> {
        if let linked = try await links.accountID(issuer: identity.issuer, subject: identity.subject),
            let account = try await accounts.account(id: linked)
        {
            return .success(account)
        }
        guard let rawEmail = identity.email, TextLimit.email.allows(rawEmail), EmailAddress.isPlausible(EmailAddress.normalized(rawEmail)) else {
            return .failure(.noEmail(provider: provider))
        }
        let email = EmailAddress.normalized(rawEmail)
        if let existing = try await accounts.account(email: email) {
            guard identity.emailVerified else { return .failure(.emailNotVerified(provider: provider)) }
            try await links.link(issuer: identity.issuer, subject: identity.subject, to: existing.id)
            return .success(existing)
        }
        // Made with its details, and linked to the identity in the same transaction: a crash
        // between would leave an account its identity cannot reach when the provider does not
        // vouch for the email.
        var made = Account(id: UUID().uuidString, email: email, fullName: Self.fullName(of: identity, email: email))
        let details = Self.details(of: identity)
        made.setDetails(
            givenName: details.givenName.isEmpty ? made.givenName : details.givenName,
            familyName: details.familyName.isEmpty ? made.familyName : details.familyName, nickname: details.nickname,
            pictureURL: details.picture)
        if let name = details.name { made.fullName = name }
        let links = self.links
        do {
            let account = try await accounts.create(made, password: makeUnknownPassword()) { account in
                try await links.link(issuer: identity.issuer, subject: identity.subject, to: account.id)
            }
            return .success(account)
        } catch LoginError.emailTaken {
            // Another first sign-in with this email won the race: start again, it links or refuses.
            return try await self.account(for: identity, provider: provider)
        }
    }

    /// The claims cut to what accounts hold: names within their limits, pictures only as https.
    static func details(of identity: ProviderIdentity) -> (name: String?, givenName: String, familyName: String, nickname: String, picture: String) {
        func clean(_ text: String?) -> String {
            let trimmed = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            return TextLimit.name.allows(trimmed) ? trimmed : String(trimmed.prefix(TextLimit.name.characters))
        }
        let picture = (identity.picture ?? "").trimmingCharacters(in: .whitespaces)
        let safePicture = picture.hasPrefix("https://") && TextLimit.address.allows(picture) && URL(string: picture)?.host != nil ? picture : ""
        let name = clean(identity.name)
        return (name.isEmpty ? nil : name, clean(identity.givenName), clean(identity.familyName), clean(identity.nickname), safePicture)
    }

    static func fullName(of identity: ProviderIdentity, email: String) -> String {
        let details = details(of: identity)
        if let name = details.name { return name }
        let joined = [details.givenName, details.familyName].filter { !$0.isEmpty }.joined(separator: " ")
        return joined.isEmpty ? String(email.prefix { $0 != "@" }) : joined
    }
}
