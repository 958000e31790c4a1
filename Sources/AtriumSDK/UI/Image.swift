/// An image with its alternative text. A missing source shows a placeholder.
public struct Image: Sendable, Equatable, Codable {
    /// A local path (`/assets/...`) or an http(s) URL; nil shows a placeholder.
    public var source: String?
    public var alt: String

    public init(source: String?, alt: String) {
        self.source = source
        self.alt = alt
    }
}
