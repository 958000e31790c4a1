import Foundation

/// Pictures for the embedded data: a small SVG tile per name (a colour from the name and its
/// initial), served by the host from /assets/cookbook/art/ with cache headers.
struct EmbeddedArtwork: ImageLookup {
    /// Every name's picture, worked out once per data load and handed out whole.
    let pictures: Pictures

    init(names: [String]) {
        pictures = Pictures(
            byName: Dictionary(names.map { ($0, "/assets/cookbook/art/\(Self.slug($0)).svg") }, uniquingKeysWith: { first, _ in first }))
    }

    func images(for names: [String]) async -> Pictures { pictures }

    /// The asset file name for a name: lowercase letters and digits joined by dashes.
    static func slug(_ name: String) -> String {
        // Letters, marks and digits (Foundation's `alphanumerics`), read from the scalars' own
        // properties (CharacterSet lookups were a tenth of the Cookbook's boot), in one pass.
        var slug = String.UnicodeScalarView()
        var dashBeforeNext = false
        for scalar in name.lowercased().unicodeScalars {
            guard Self.isAlphanumeric(scalar) else {
                dashBeforeNext = !slug.isEmpty
                continue
            }
            if dashBeforeNext { slug.append("-") }
            dashBeforeNext = false
            slug.append(scalar)
        }
        return String(slug)
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark, .spacingMark,
            .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default: return false
        }
    }

    /// The SVG for a name. The name only appears as its initial, escaped by construction (one
    /// letter or digit, else "?").
    static func svg(for name: String) -> String {
        let hue = name.unicodeScalars.reduce(UInt32(7)) { ($0 &* 31 &+ $1.value) % 360 }
        let initial = name.first.map { $0.isLetter || $0.isNumber ? String($0).uppercased() : "?" } ?? "?"
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 90" role="img">\
            <rect width="120" height="90" rx="12" fill="hsl(\(hue), 55%, 82%)"/>\
            <circle cx="60" cy="45" r="30" fill="hsl(\(hue), 60%, 62%)"/>\
            <text x="60" y="56" font-family="sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#fff">\(initial)</text>\
            </svg>
            """
    }
}
