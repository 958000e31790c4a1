/// An image with its alternative text. A missing source shows a placeholder. An empty `alt` marks
/// the image decorative (text beside it already says what it shows): screen readers skip it.
public struct Image: Sendable, Equatable, Codable {
    /// How the image is framed.
    public enum Shape: String, Sendable, Codable, CaseIterable {
        /// As wide as its container.
        case rectangle
        /// A small circle, for avatars.
        case circle
    }

    /// A local path (`/assets/...`) or an http(s) URL; nil shows a placeholder.
    public var source: String?
    /// What the image shows, for those who cannot see it; empty when text beside it says so.
    public var alt: Wording
    /// What the placeholder shows (initials for an avatar); the first letter of `alt` when nil.
    public var placeholder: String?
    /// How it is framed.
    public var shape: Shape

    /// An image of `source` described by `alt`, showing `placeholder` (an initial, say) while there is none.
    public init(source: String?, alt: Wording, placeholder: String? = nil, shape: Shape = .rectangle) {
        self.source = source
        self.alt = alt
        self.placeholder = placeholder
        self.shape = shape
    }
}
