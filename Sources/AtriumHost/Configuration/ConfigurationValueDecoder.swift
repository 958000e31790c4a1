import Foundation

/// The `Decoder` behind ``ConfigurationDecoder``: one per key path.
struct ConfigurationValueDecoder: Decoder {
    let path: [String]
    let source: ConfigurationSource
    let log: ConfigurationDecodingLog
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]

    init(path: [String], source: ConfigurationSource, log: ConfigurationDecodingLog, userInfo: [CodingUserInfoKey: any Sendable]) {
        self.path = path
        self.source = source
        self.log = log
        self.sendableUserInfo = userInfo
    }

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    /// The coding path below the section, as Swift's decoding errors expect it.
    var codingPath: [any CodingKey] { path.dropFirst().map { ConfigurationKey(stringValue: $0) } }

    var dottedPath: String { path.joined(separator: ".") }

    func child(_ key: String) -> ConfigurationValueDecoder {
        ConfigurationValueDecoder(path: path + [key], source: source, log: log, userInfo: sendableUserInfo)
    }

    /// Whether a value is set at this path, in the environment or the file.
    var isPresent: Bool { source.isPresent(path) }

    /// A value as it may be shown in a message: at most 40 characters.
    static func shown(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    private var lineNote: String { source.tree.line(at: path).map { " (line \($0))" } ?? "" }

    private func report(_ message: String, fix: String?) {
        log.report(ConfigurationProblem(key: dottedPath, message: message, fix: fix))
    }

    /// Reads a scalar, from the environment first, then the file. A missing or mistyped value is
    /// reported (naming the variable or the line it came from) and a placeholder returned, so that
    /// decoding goes on and every problem is found in one pass.
    func scalar<Value>(expected: String, example: String, placeholder: Value, parse: (String) -> Value?) -> Value {
        log.read(path)
        let key = path.last ?? ""
        if let (variable, text) = source.environmentText(at: path) {
            if let value = parse(text) { return value }
            report(
                "must be \(expected), but the environment sets \(variable)='\(Self.shown(text))'",
                fix: "set \(variable) to \(expected) such as \(example), or unset it")
            return placeholder
        }
        switch source.tree.subtree(at: path) {
        case .scalar(let text):
            if let value = parse(text) { return value }
            report("must be \(expected), not '\(Self.shown(text))'\(lineNote)", fix: "write for example `\(key): \(example)`")
        case .mapping:
            report("must be \(expected), not a section\(lineNote)", fix: "write for example `\(key): \(example)`")
        case .sequence:
            report("must be \(expected), not a list\(lineNote)", fix: "write for example `\(key): \(example)`")
        case .null, .none:
            let parent = path.dropLast().joined(separator: ".")
            report(
                "is missing",
                fix: "add `\(key): \(example)` under `\(parent)`, or set \(source.variableName(for: path)) in the environment")
        }
        return placeholder
    }

    /// Reads a list of plain values: `[a, b]` in the file, `a,b` in the environment.
    func list() -> [String] {
        log.read(path)
        let key = path.last ?? ""
        if let (variable, text) = source.environmentText(at: path) {
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if items.contains(where: \.isEmpty) && text.trimmingCharacters(in: .whitespaces) != "" {
                report(
                    "has empty items: the environment sets \(variable)='\(Self.shown(text))'",
                    fix: "separate the items with single commas, as in \(variable)=a,b")
            }
            return items.filter { !$0.isEmpty }
        }
        switch source.tree.subtree(at: path) {
        case .sequence(let items):
            var values: [String] = []
            for (index, item) in items.enumerated() {
                switch item {
                case .scalar(let text): values.append(text)
                case .null: report("item \(index + 1) is empty\(lineNote)", fix: "remove it, or give it a value")
                case .sequence, .mapping:
                    report(
                        "item \(index + 1) is a \(item.isSequence ? "list" : "section")\(lineNote); this list holds plain values",
                        fix: "write for example `\(key): [a, b]`")
                }
            }
            return values
        case .null:
            return []
        case .scalar(let text):
            report("must be a list, not '\(Self.shown(text))'\(lineNote)", fix: "write for example `\(key): [\(Self.shown(text))]`")
        case .mapping:
            report("must be a list, not a section\(lineNote)", fix: "write for example `\(key): [a, b]`")
        case .none:
            report("is missing", fix: "add `\(key): [a, b]` under `\(path.dropLast().joined(separator: "."))`")
        }
        return []
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        log.read(path)
        switch source.tree.subtree(at: path) {
        case .scalar(let value):
            throw DecodingError.typeMismatch(
                [String: Any].self,
                .init(codingPath: codingPath, debugDescription: "a section of keys is expected here, found '\(Self.shown(value))'")
            )
        case .sequence:
            throw DecodingError.typeMismatch(
                [String: Any].self, .init(codingPath: codingPath, debugDescription: "a section of keys is expected here, found a list"))
        default:
            return KeyedDecodingContainer(ConfigurationKeyedContainer<Key>(decoder: self))
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        ConfigurationListContainer(decoder: self, values: list())
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        ConfigurationScalarContainer(decoder: self)
    }
}

extension ConfigurationTree {
    var isSequence: Bool {
        if case .sequence = self { return true }
        return false
    }
}
