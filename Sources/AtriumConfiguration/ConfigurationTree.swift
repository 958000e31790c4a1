import Yams

/// The configuration file's keys and values, with the line of each key: what the host validates
/// and reads (the environment can override any value; see ``ConfigurationSource``).
package indirect enum ConfigurationTree: Sendable, Equatable {
    case mapping([(key: String, line: Int, value: ConfigurationTree)])
    case sequence([ConfigurationTree])
    case scalar(String)
    case null

    /// The most values a file may hold once YAML aliases are expanded: a configuration has dozens;
    /// a "billion laughs" file (aliases of aliases) would expand to billions.
    static let maximumValues = 10_000
    /// The deepest nesting of `[` and `{` accepted (YAML's parser recurses once per level).
    static let maximumFlowDepth = 64

    package static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.mapping(let a), .mapping(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.sequence(let a), .sequence(let b)): a == b
        case (.scalar(let a), .scalar(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// Parses YAML text, or throws a problem naming the line that could not be read. An empty or
    /// comment-only text is an empty mapping.
    package static func parse(yaml text: String) throws(ConfigurationProblem) -> ConfigurationTree {
        if flowDepth(of: text) > maximumFlowDepth {
            throw ConfigurationProblem(
                key: "",
                message: "the file nests lists or sections in brackets more than \(maximumFlowDepth) levels deep",
                fix: "write the configuration as plain keys and values"
            )
        }
        let node: Node?
        do {
            // Only the node tree is read (never Yams's Swift values), so its constructor is left
            // empty: building the default one was a third of reading the file.
            node = try Yams.compose(yaml: text, .basic, Constructor([:], [:], [:]), .utf8)
        } catch let error as YamlError {
            throw ConfigurationProblem(key: "", message: "the file is not valid YAML: \(error)", fix: "fix the syntax on the line named")
        } catch {
            throw ConfigurationProblem(key: "", message: "the file is not valid YAML: \(error)")
        }
        guard let node else { return .mapping([]) }
        var budget = maximumValues
        guard let tree = ConfigurationTree(node, budget: &budget) else {
            throw ConfigurationProblem(
                key: "",
                message: "the file holds more than \(maximumValues) values once its YAML aliases (*name) are expanded",
                fix: "write each value out instead of repeating aliases of aliases"
            )
        }
        if case .null = tree { return .mapping([]) }
        guard case .mapping = tree else {
            throw ConfigurationProblem(
                key: "",
                message: "the file must be a mapping of keys to values at the top level",
                fix: "start with keys such as `http:` and `modules:`"
            )
        }
        return tree
    }

    /// How deep `[` and `{` nest, outside quotes and comments: a cheap bound checked before the
    /// parser sees the text.
    static func flowDepth(of text: String) -> Int {
        var depth = 0
        var deepest = 0
        var quote: UInt8?
        var inComment = false
        for byte in text.utf8 {
            if inComment {
                if byte == UInt8(ascii: "\n") { inComment = false }
                continue
            }
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "#"): inComment = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(depth - 1, 0)
            default: break
            }
        }
        return deepest
    }

    /// The tree of a YAML node, or nil when it holds more values than `budget` allows.
    init?(_ node: Node, budget: inout Int) {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch node {
        case .mapping(let mapping):
            var entries: [(key: String, line: Int, value: ConfigurationTree)] = []
            for pair in mapping {
                guard let value = ConfigurationTree(pair.value, budget: &budget) else { return nil }
                entries.append((key: pair.key.string ?? "\(pair.key)", line: pair.key.mark?.line ?? 0, value: value))
            }
            self = .mapping(entries)
        case .sequence(let sequence):
            var items: [ConfigurationTree] = []
            for item in sequence {
                guard let value = ConfigurationTree(item, budget: &budget) else { return nil }
                items.append(value)
            }
            self = .sequence(items)
        case .scalar(let scalar):
            let isNull = scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
            self = isNull ? .null : .scalar(scalar.string)
        default:
            self = .null
        }
    }

    /// The subtree at a key path, if the file has it.
    package func subtree(at path: [String]) -> ConfigurationTree? {
        guard let first = path.first else { return self }
        switch self {
        case .mapping(let entries):
            guard let entry = entries.first(where: { $0.key == first }) else { return nil }
            return entry.value.subtree(at: Array(path.dropFirst()))
        case .sequence(let items):
            // A list of sections: an item by its index.
            guard let index = Int(first), items.indices.contains(index) else { return nil }
            return items[index].subtree(at: Array(path.dropFirst()))
        case .scalar, .null:
            return nil
        }
    }

    /// The line of the key at a path, if the file has it.
    package func line(at path: [String]) -> Int? {
        guard let last = path.last else { return nil }
        return subtree(at: Array(path.dropLast())).flatMap { parent in
            guard case .mapping(let entries) = parent else { return nil }
            return entries.first(where: { $0.key == last })?.line
        }
    }

    /// The keys of the mapping at a path, with their line numbers.
    package func keys(at path: [String]) -> [(key: String, line: Int)] {
        guard case .mapping(let entries) = subtree(at: path) else { return [] }
        return entries.map { ($0.key, $0.line) }
    }

    /// Every key path below this node that leads to a value (a scalar, a sequence or nothing).
    package func leafPaths(prefix: [String] = []) -> [(path: [String], line: Int)] {
        guard case .mapping(let entries) = self else { return [] }
        return entries.flatMap { entry -> [(path: [String], line: Int)] in
            let path = prefix + [entry.key]
            if case .mapping(let inner) = entry.value, !inner.isEmpty {
                return entry.value.leafPaths(prefix: path)
            }
            // A list of sections: each section's keys, under the item's index.
            if case .sequence(let items) = entry.value, items.contains(where: \.isMapping) {
                return items.enumerated().flatMap { index, item in
                    item.isMapping ? item.leafPaths(prefix: path + [String(index)]) : [(path + [String(index)], entry.line)]
                }
            }
            return [(path, entry.line)]
        }
    }
}
