/// Checks that an address is a path on this site, so a return-to address cannot send a visitor to
/// another site (`//evil.example`, `https://…`, `/\evil.example`, `javascript:` are all refused).
@_spi(AtriumHost)
public enum LocalPath {
    /// The path itself when it is local, else nil.
    public static func validated(_ candidate: String?) -> String? {
        guard let candidate, candidate.utf8.count <= 2048, candidate.hasPrefix("/") else { return nil }
        if candidate.hasPrefix("//") || candidate.utf8.contains(UInt8(ascii: "\\")) { return nil }
        // A control character (Unicode's Cc: U+0000–U+001F, U+007F–U+009F) or a space: compared
        // by value, not looked up in Unicode's tables (every link of every page passes here).
        if candidate.unicodeScalars.contains(where: { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) }) { return nil }
        return candidate
    }
}
