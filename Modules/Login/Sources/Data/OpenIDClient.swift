import AtriumSDK
import Foundation
import Synchronization

/// The relying party's side of one provider: its discovery document and keys (fetched on first use,
/// kept as long as `Cache-Control` allows, keys fetched again for a token naming an unknown key),
/// the authorization request, the code exchange and the ID token's checks. Each document is fetched
/// by one request at a time for everyone, and no more often than every few seconds, whatever its
/// `Cache-Control` or the tokens' key ids say (``SharedLoad``). The addresses the discovery
/// document names reach only what the configured issuer may (``RemoteReach``).
final class OpenIDClient: IdentityProvider {
    struct TokenAnswer: Decodable {
        var idToken: String?
        var error: String?

        enum CodingKeys: String, CodingKey {
            case idToken = "id_token"
            case error
        }
    }

    static let defaultLifetime: Duration = .seconds(3600)
    static let longestLifetime: Duration = .seconds(24 * 3600)

    let settings: SSOProviderSettings
    let redirectURI: String
    let http: any RemoteHTTPClient
    let tokens: any OpenIDTokens
    let clock: any WallClock
    let timeout: Duration
    private let configuration: SharedLoad<OpenIDConfiguration>
    private let keys: SharedLoad<Data>

    init(
        settings: SSOProviderSettings, redirectURI: String, http: any RemoteHTTPClient, tokens: any OpenIDTokens, clock: any WallClock,
        timeout: Duration
    ) {
        self.settings = settings
        self.redirectURI = redirectURI
        self.http = http
        self.tokens = tokens
        self.clock = clock
        self.timeout = timeout
        configuration = SharedLoad(clock: clock)
        keys = SharedLoad(clock: clock)
    }

    /// Where the documents the discovery document names may be: wherever the issuer could reach.
    private var reach: RemoteReach { RemoteReach(configured: settings.issuer) }

    /// The provider's discovery document, from the cache while it is fresh.
    func discovery() async throws(IdentityProviderError) -> OpenIDConfiguration {
        do {
            return try await configuration.value { try await self.fetchDiscovery() }
        } catch let error as IdentityProviderError {
            throw error
        } catch {
            throw .unreachable("\(error)")
        }
    }

    private func fetchDiscovery() async throws(IdentityProviderError) -> (value: OpenIDConfiguration, freshUntil: Date) {
        let now = clock.now
        let issuer = settings.issuer.hasSuffix("/") ? String(settings.issuer.dropLast()) : settings.issuer
        let response = try await fetch(issuer + "/.well-known/openid-configuration", reach: nil)
        guard let document = try? JSONDecoder().decode(OpenIDConfiguration.self, from: response.body) else {
            throw .misconfigured("the document lacks issuer, authorization_endpoint, token_endpoint or jwks_uri")
        }
        guard document.issuer == settings.issuer else {
            throw .misconfigured("it names the issuer '\(document.issuer)', not '\(settings.issuer)'")
        }
        return (document, now.addingTimeInterval(Self.lifetime(of: response)))
    }

    /// Where the browser goes to sign in.
    func authorizationURL(state: String, nonce: String, verifier: String) async throws(IdentityProviderError) -> String {
        let document = try await discovery()
        var items: [(String, String)] = [
            ("response_type", "code"), ("client_id", settings.clientID), ("redirect_uri", redirectURI), ("scope", settings.scopes),
            ("state", state), ("nonce", nonce), ("code_challenge", tokens.codeChallenge(for: verifier)), ("code_challenge_method", "S256"),
        ]
        items += (settings.parameters ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        guard var components = URLComponents(string: document.authorizationEndpoint) else {
            throw .misconfigured("authorization_endpoint is not a URL")
        }
        let existing = components.percentEncodedQuery.map { [$0] } ?? []
        components.percentEncodedQuery = (existing + items.map { "\(Self.formEncoded($0.0))=\(Self.formEncoded($0.1))" }).joined(separator: "&")
        guard let url = components.url?.absoluteString else { throw .misconfigured("authorization_endpoint is not a URL") }
        return url
    }

    /// Exchanges the callback's code for tokens and checks the ID token.
    func finish(code: String, verifier: String, nonce: String) async throws(IdentityProviderError) -> (identity: ProviderIdentity, idToken: String) {
        let document = try await discovery()
        var form: [(String, String)] = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI), ("code_verifier", verifier),
        ]
        var headers = ["Content-Type": "application/x-www-form-urlencoded", "Accept": "application/json"]
        let methods = document.tokenEndpointAuthMethodsSupported ?? ["client_secret_basic"]
        if let secret = settings.effectiveSecret {
            if methods.contains("client_secret_basic") || !methods.contains("client_secret_post") {
                let pair = "\(Self.formEncoded(settings.clientID)):\(Self.formEncoded(secret))"
                headers["Authorization"] = "Basic " + Data(pair.utf8).base64EncodedString()
            } else {
                form += [("client_id", settings.clientID), ("client_secret", secret)]
            }
        } else {
            form.append(("client_id", settings.clientID))
        }
        let body = form.map { "\(Self.formEncoded($0.0))=\(Self.formEncoded($0.1))" }.joined(separator: "&")
        let response: RemoteResponse
        do {
            response = try await http.send(
                RemoteRequest(method: "POST", url: document.tokenEndpoint, headers: headers, body: Data(body.utf8), timeout: timeout, reach: reach))
        } catch {
            throw .unreachable("\(error)")
        }
        let answer = try? JSONDecoder().decode(TokenAnswer.self, from: response.body)
        guard response.isSuccess, let idToken = answer?.idToken else {
            throw .exchangeFailed("status \(response.status)\(answer?.error.map { ", \($0)" } ?? "")")
        }
        let expectations = IDTokenExpectations(issuer: settings.issuer, clientID: settings.clientID, nonce: nonce, now: clock.now)
        let claims: IDTokenClaims
        do {
            claims = try await verify(idToken, expecting: expectations, refreshingKeys: false)
        } catch .unknownKey {
            // The provider may have rotated its keys: fetch them again, once.
            do {
                claims = try await verify(idToken, expecting: expectations, refreshingKeys: true)
            } catch {
                throw .rejectedToken(error.description)
            }
        } catch {
            throw .rejectedToken(error.description)
        }
        return (
            identity: ProviderIdentity(
                issuer: settings.issuer, subject: claims.subject, email: claims.email, emailVerified: claims.emailVerified == true,
                name: claims.name, givenName: claims.givenName, familyName: claims.familyName, nickname: claims.nickname, picture: claims.picture),
            idToken: idToken
        )
    }

    /// Where sign-out continues at the provider, when it has an end-session endpoint.
    func endSessionURL(idToken: String, returnTo: String) async -> String? {
        guard let endpoint = try? await discovery().endSessionEndpoint, var components = URLComponents(string: endpoint) else { return nil }
        components.queryItems =
            (components.queryItems ?? []) + [
                URLQueryItem(name: "id_token_hint", value: idToken), URLQueryItem(name: "post_logout_redirect_uri", value: returnTo),
                URLQueryItem(name: "client_id", value: settings.clientID),
            ]
        return components.url?.absoluteString
    }

    private func verify(_ idToken: String, expecting: IDTokenExpectations, refreshingKeys: Bool) async throws(IDTokenError) -> IDTokenClaims {
        let document: Data
        do {
            document = try await keyDocument(refresh: refreshingKeys)
        } catch {
            throw .unknownKey("the provider's keys could not be fetched")
        }
        return try await tokens.verifyIDToken(idToken, keys: document, expecting: expecting)
    }

    private func keyDocument(refresh: Bool) async throws(IdentityProviderError) -> Data {
        if refresh { keys.expire() }
        do {
            return try await keys.value {
                let now = self.clock.now
                let response = try await self.fetch(try await self.discovery().jwksURI, reach: self.reach)
                return (response.body, now.addingTimeInterval(Self.lifetime(of: response)))
            }
        } catch let error as IdentityProviderError {
            throw error
        } catch {
            throw .unreachable("\(error)")
        }
    }

    private func fetch(_ url: String, reach: RemoteReach?) async throws(IdentityProviderError) -> RemoteResponse {
        let response: RemoteResponse
        do {
            response = try await http.send(RemoteRequest(url: url, headers: ["Accept": "application/json"], timeout: timeout, reach: reach))
        } catch {
            throw .unreachable("\(error)")
        }
        guard response.isSuccess else { throw .unreachable("\(url) answered \(response.status)") }
        return response
    }

    /// Seconds an answer may be kept: its `max-age`, else an hour; at most a day.
    static func lifetime(of response: RemoteResponse) -> TimeInterval {
        let lifetime = min(response.maxAge ?? defaultLifetime, longestLifetime)
        return TimeInterval(lifetime.components.seconds)
    }

    /// `application/x-www-form-urlencoded` spelling of one name or value.
    static func formEncoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// RFC 3986's unreserved characters, ASCII only.
    static let unreserved: CharacterSet = {
        var allowed = CharacterSet()
        allowed.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return allowed
    }()
}
