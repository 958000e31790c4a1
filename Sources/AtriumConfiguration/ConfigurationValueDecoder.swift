import Foundation

/// The `Decoder` behind ``ConfigurationDecoder``: one per key path. A value comes from the
/// environment first, then the file, then the section's defaults.
struct ConfigurationValueDecoder: Decoder {
    let path: [String]
    let source: ConfigurationSource
    /// The section's defaults, rooted like the file (the section's key first).
    let defaults: ConfigurationTree
    let log: ConfigurationDecodingLog
    let sendableUserInfo: [CodingUserInfoKey: any Sendable]
    /// True when reading only the defaults: after a value from the file or the environment was
    /// refused, the default stands in so decoding goes on.
    let defaultsOnly: Bool

    init(
        path: [String], source: ConfigurationSource, defaults: ConfigurationTree, log: ConfigurationDecodingLog,
        userInfo: [CodingUserInfoKey: any Sendable], defaultsOnly: Bool = false
    ) {
        self.path = path
        self.source = source
        self.defaults = defaults
        self.log = log
        self.sendableUserInfo = userInfo
        self.defaultsOnly = defaultsOnly
    }

    var userInfo: [CodingUserInfoKey: Any] { sendableUserInfo }

    /// The coding path below the section, as Swift's decoding errors expect it.
    var codingPath: [any CodingKey] { path.dropFirst().map { ConfigurationKey(stringValue: $0) } }

    /// `login.sso[0].issuer`: keys joined with dots, list items by index.
    var dottedPath: String { Self.dotted(path) }

    static func dotted(_ path: [String]) -> String {
        path.enumerated().map { index, part in
            index > 0 && Int(part) != nil ? "[\(part)]" : (index > 0 ? "." : "") + part
        }.joined()
    }

    func child(_ key: String) -> ConfigurationValueDecoder {
        ConfigurationValueDecoder(
            path: path + [key], source: source, defaults: defaults, log: log, userInfo: sendableUserInfo, defaultsOnly: defaultsOnly)
    }

    /// This decoder reading the defaults only.
    var fallback: ConfigurationValueDecoder {
        ConfigurationValueDecoder(path: path, source: source, defaults: defaults, log: log, userInfo: sendableUserInfo, defaultsOnly: true)
    }

    private var fileValue: ConfigurationTree? { defaultsOnly ? nil : source.tree.subtree(at: path) }
    private var environmentValue: (variable: String, text: String)? { defaultsOnly ? nil : source.environmentText(at: path) }
    private var defaultValue: ConfigurationTree? { defaults.subtree(at: path) }

    /// Whether a value is set at this path, in the environment, the file or the defaults.
    var isPresent: Bool {
        if !defaultsOnly && source.isPresent(path) { return true }
        switch defaultValue {
        case .none, .some(.null): return false
        case .some: return true
        }
    }

    /// The keys of the section at this path: the file's and the defaults'.
    var keys: [String] {
        var keys = defaultsOnly ? [] : source.tree.keys(at: path).map(\.key)
        for (key, _) in defaults.keys(at: path) where !keys.contains(key) { keys.append(key) }
        return keys
    }

    /// A value as it may be shown in a message: at most 40 characters.
    static func shown(_ text: String) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : text
    }

    private var lineNote: String { source.tree.line(at: path).map { " (line \($0))" } ?? "" }

    private func report(_ message: String, fix: String?) {
        log.report(ConfigurationProblem(key: dottedPath, message: message, fix: fix))
    }

    /// Reads a scalar. A missing or mistyped value is reported (naming the variable or the line it
    /// came from) and the default, else a placeholder, returned, so that decoding goes on and every
    /// problem is found in one pass.
    func scalar<Value>(expected: String, example: String, placeholder: Value, parse: (String) -> Value?) -> Value {
        log.read(path)
        let key = path.last ?? ""
        // The default, when there is one, is the best example of what to write.
        var example = example
        if case .scalar(let text) = defaultValue, parse(text) != nil { example = text }
        var fallback: Value {
            if case .scalar(let text) = defaultValue, let value = parse(text) { return value }
            return placeholder
        }
        if let (variable, text) = environmentValue {
            if let value = parse(text) { return value }
            report(
                "must be \(expected), but the environment sets \(variable)='\(Self.shown(text))'",
                fix: "set \(variable) to \(expected) such as \(example), or unset it")
            return fallback
        }
        switch fileValue {
        case .scalar(let text):
            if let value = parse(text) { return value }
            report("must be \(expected), not '\(Self.shown(text))'\(lineNote)", fix: "write for example `\(key): \(example)`")
            return fallback
        case .mapping:
            report("must be \(expected), not a section\(lineNote)", fix: "write for example `\(key): \(example)`")
            return fallback
        case .sequence:
            report("must be \(expected), not a list\(lineNote)", fix: "write for example `\(key): \(example)`")
            return fallback
        case .null, .none:
            if case .scalar(let text) = defaultValue, let value = parse(text) { return value }
            let parent = path.dropLast().joined(separator: ".")
            report(
                "is missing",
                fix: "add `\(key): \(example)` under `\(parent)`, or set \(source.variableName(for: path)) in the environment")
            return placeholder
        }
    }

    /// Reads a list of plain values: `[a, b]` in the file, `a,b` in the environment.
    func list() -> [String] {
        log.read(path)
        let key = path.last ?? ""
        if let (variable, text) = environmentValue {
            let items = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            if items.contains(where: \.isEmpty) && text.trimmingCharacters(in: .whitespaces) != "" {
                report(
                    "has empty items: the environment sets \(variable)='\(Self.shown(text))'",
                    fix: "separate the items with single commas, as in \(variable)=a,b")
            }
            return items.filter { !$0.isEmpty }
        }
        switch fileValue ?? defaultValue {
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
        // Not marked as read as a whole: a section is read key by key, so a key nothing reads in it
        // is reported as unknown.
        switch fileValue {
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
        if environmentValue == nil, case .sequence(let items) = fileValue ?? defaultValue, items.contains(where: \.isMapping) {
            // Not marked as read as a whole: each item's keys are, so an unknown one is reported.
            return ConfigurationSectionListContainer(decoder: self, count: items.count)
        }
        return ConfigurationListContainer(decoder: self, values: list())
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

    var isMapping: Bool {
        if case .mapping = self { return true }
        return false
    }
}
