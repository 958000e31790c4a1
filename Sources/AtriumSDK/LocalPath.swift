/// Checks that an address is a path on this site, so a return-to address cannot send a visitor to
/// another site (`//evil.example`, `https://…`, `/\evil.example`, `javascript:` are all refused).
@_spi(AtriumHost)
public enum LocalPath {
    /// The path itself when it is local, else nil.
    public static func validated(_ candidate: String?) -> String? {
        guard let candidate, candidate.utf8.count <= 2048, candidate.hasPrefix("/") else { return nil }
        if candidate.hasPrefix("//") || candidate.contains("\\") { return nil }
        if candidate.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0 == " " }) { return nil }
        return candidate
    }
}
