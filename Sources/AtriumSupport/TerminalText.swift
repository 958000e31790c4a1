/// Text as a terminal may show it, for everything Atrium writes to one (`atrium render`'s text
/// pages, `atrium open`): control characters (an escape sequence that would recolour the terminal,
/// move its cursor or set its title; a line break inside a value) and the marks that reorder text
/// right to left are written as `\u{1B}`, so no text from a page, a visitor or a host can act on
/// the terminal.
package enum TerminalText {
    package static func visible(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
    }
}
