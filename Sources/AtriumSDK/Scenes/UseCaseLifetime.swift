/// How long a use case built by a factory lives.
public enum UseCaseLifetime: Sendable {
    /// Built anew for every request: may use the request's owner storage.
    case perRequest
    /// Built once, on first use, and shared by every request.
    case shared
}
