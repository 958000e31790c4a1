/// The most a text field may hold, in characters (what people count: extended grapheme clusters)
/// and in UTF-8 bytes (what storage and hashing count), so combining marks cannot stretch one
/// character without end. Checked before any other work on the text.
public struct TextLimit: Sendable, Equatable {
    public var characters: Int
    public var bytes: Int

    /// `bytes` defaults to four per character: any letter of any script fits.
    public init(characters: Int, bytes: Int? = nil) {
        self.characters = characters
        self.bytes = bytes ?? characters * 4
    }

    /// Names: 100 characters.
    public static let name = TextLimit(characters: 100)
    /// Email addresses: 254 bytes, as RFC 5321 allows.
    public static let email = TextLimit(characters: 254, bytes: 254)
    /// Passwords: 128 bytes of UTF-8.
    public static let password = TextLimit(characters: 128, bytes: 128)
    /// A picture's address.
    public static let address = TextLimit(characters: 2048, bytes: 2048)

    /// Whether the text fits. The byte count is known without reading the text, and it bounds the
    /// character count that follows.
    public func allows(_ text: String) -> Bool {
        text.utf8.count <= bytes && text.count <= characters
    }
}
