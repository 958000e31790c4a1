/// Reads Swift source as code, skipping comments and string literals (plain, raw and multi-line,
/// with their interpolations read as code): enough to find where a call or a body ends, so
/// `new-scene` can add a line to a module file without parsing Swift.
struct SwiftSourceScanner {
    let text: [UInt8]
    /// For each byte, whether it is code (not a comment or inside a string literal).
    let isCode: [Bool]

    init(_ text: [UInt8]) {
        self.text = text
        isCode = Self.classify(text)
    }

    /// Where `needle` occurs in code.
    func codeRanges(of needle: String) -> [Range<Int>] {
        let bytes = Array(needle.utf8)
        guard !bytes.isEmpty, text.count >= bytes.count else { return [] }
        return (0...(text.count - bytes.count)).compactMap { start in
            guard isCode[start], text[start..<(start + bytes.count)].elementsEqual(bytes) else { return nil }
            return start..<(start + bytes.count)
        }
    }

    /// The index of the bracket closing the one at `open` (`(`, `[` or `{`), counting only code.
    func closing(from open: Int) -> Int? {
        var depth = 0
        for index in open..<text.count where isCode[index] {
            switch text[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
        }
        return nil
    }

    private static func classify(_ text: [UInt8]) -> [Bool] {
        var classifier = Classifier(text: text)
        while classifier.index < text.count {
            if let literal = classifier.literals.last, literal.interpolationDepth == nil {
                classifier.readString(literal)
            } else {
                classifier.readCode()
            }
        }
        return classifier.isCode
    }

    /// Marks each byte of Swift source as code or not (a comment, a string's contents), reading it
    /// once from the start.
    private struct Classifier {
        /// A string being read: its opening hashes, whether multi-line, and the interpolations'
        /// parenthesis depth when inside one.
        struct Literal {
            var hashes: Int
            var multiline: Bool
            var interpolationDepth: Int?
        }

        let text: [UInt8]
        var isCode: [Bool]
        var literals: [Literal] = []
        var index = 0

        init(text: [UInt8]) {
            self.text = text
            isCode = [Bool](repeating: true, count: text.count)
        }

        func at(_ offset: Int) -> UInt8? { index + offset < text.count ? text[index + offset] : nil }

        func run(of byte: UInt8, from start: Int) -> Int {
            var count = 0
            while start + count < text.count, text[start + count] == byte { count += 1 }
            return count
        }

        /// One step inside `literal`: an escape, an interpolation's start, the string's end, or a byte of it.
        mutating func readString(_ literal: Literal) {
            var literal = literal
            isCode[index] = false
            let byte = text[index]
            if byte == UInt8(ascii: "\\"), run(of: UInt8(ascii: "#"), from: index + 1) == literal.hashes {
                let after = index + 1 + literal.hashes
                if after < text.count, text[after] == UInt8(ascii: "(") {
                    for skipped in index...after { isCode[skipped] = false }
                    literal.interpolationDepth = 1
                    literals[literals.count - 1] = literal
                }
                index = after + 1
                return
            }
            let quotes = literal.multiline ? 3 : 1
            if byte == UInt8(ascii: "\""), run(of: UInt8(ascii: "\""), from: index) >= quotes,
                run(of: UInt8(ascii: "#"), from: index + quotes) >= literal.hashes
            {
                let end = index + quotes + literal.hashes
                for skipped in index..<min(end, text.count) { isCode[skipped] = false }
                literals.removeLast()
                index = end
                return
            }
            index += 1
        }

        /// One step of code (perhaps inside an interpolation): a comment, a string's start, or a byte.
        mutating func readCode() {
            let byte = text[index]
            if byte == UInt8(ascii: "/"), at(1) == UInt8(ascii: "/") { return skipLineComment() }
            if byte == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") { return skipBlockComment() }
            if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "\""), openString() { return }
            if var literal = literals.last, let depth = literal.interpolationDepth {
                if byte == UInt8(ascii: "(") {
                    literal.interpolationDepth = depth + 1
                } else if byte == UInt8(ascii: ")") {
                    literal.interpolationDepth = depth == 1 ? nil : depth - 1
                    if depth == 1 { isCode[index] = false }
                }
                literals[literals.count - 1] = literal
            }
            index += 1
        }

        mutating func skipLineComment() {
            while index < text.count, text[index] != UInt8(ascii: "\n") {
                isCode[index] = false
                index += 1
            }
        }

        mutating func skipBlockComment() {
            var depth = 0
            repeat {
                if text[index] == UInt8(ascii: "/"), at(1) == UInt8(ascii: "*") {
                    depth += 1
                    isCode[index] = false
                    index += 1
                } else if text[index] == UInt8(ascii: "*"), at(1) == UInt8(ascii: "/") {
                    depth -= 1
                    isCode[index] = false
                    index += 1
                }
                isCode[index] = false
                index += 1
            } while depth > 0 && index < text.count
        }

        /// Starts a string when one opens here (its hashes, then its quotes); false when none does.
        mutating func openString() -> Bool {
            let hashes = run(of: UInt8(ascii: "#"), from: index)
            let quoteStart = index + hashes
            guard quoteStart < text.count, text[quoteStart] == UInt8(ascii: "\"") else { return false }
            let multiline = run(of: UInt8(ascii: "\""), from: quoteStart) >= 3
            let end = quoteStart + (multiline ? 3 : 1)
            for skipped in index..<min(end, text.count) { isCode[skipped] = false }
            literals.append(Literal(hashes: hashes, multiline: multiline, interpolationDepth: nil))
            index = end
            return true
        }
    }
}
