import Yams

/// The shape of the configuration file: which keys it has, where, and with what kind of value.
/// Values are read through swift-configuration (so the environment can override them); this tree
/// is what lets the host name keys that nothing reads.
public indirect enum ConfigurationTree: Sendable, Equatable {
    case mapping([(key: String, line: Int, value: ConfigurationTree)])
    case sequence([ConfigurationTree])
    case scalar(String)
    case null

    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.mapping(let a), .mapping(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        case (.sequence(let a), .sequence(let b)): a == b
        case (.scalar(let a), .scalar(let b)): a == b
        case (.null, .null): true
        default: false
        }
    }

    /// Parses YAML text, or throws a problem naming the line that could not be read.
    public static func parse(yaml text: String) throws(ConfigurationProblem) -> ConfigurationTree {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw ConfigurationProblem(key: "", message: "the file is not valid YAML: \(error)", fix: "fix the syntax on the line named")
        } catch {
            throw ConfigurationProblem(key: "", message: "the file is not valid YAML: \(error)")
        }
        guard let node else { return .mapping([]) }
        let tree = ConfigurationTree(node)
        guard case .mapping = tree else {
            throw ConfigurationProblem(
                key: "",
                message: "the file must be a mapping of keys to values at the top level",
                fix: "start with keys such as `http:` and `modules:`"
            )
        }
        return tree
    }

    init(_ node: Node) {
        switch node {
        case .mapping(let mapping):
            self = .mapping(
                mapping.map { pair in
                    (key: pair.key.string ?? "\(pair.key)", line: pair.key.mark?.line ?? 0, value: ConfigurationTree(pair.value))
                }
            )
        case .sequence(let sequence):
            self = .sequence(sequence.map(ConfigurationTree.init))
        case .scalar(let scalar):
            let isNull = scalar.style == .plain && ["", "~", "null", "Null", "NULL"].contains(scalar.string)
            self = isNull ? .null : .scalar(scalar.string)
        default:
            self = .null
        }
    }

    /// The subtree at a key path, if the file has it.
    public func subtree(at path: [String]) -> ConfigurationTree? {
        guard let first = path.first else { return self }
        guard case .mapping(let entries) = self, let entry = entries.first(where: { $0.key == first }) else { return nil }
        return entry.value.subtree(at: Array(path.dropFirst()))
    }

    /// The keys of the mapping at a path, with their line numbers.
    public func keys(at path: [String]) -> [(key: String, line: Int)] {
        guard case .mapping(let entries) = subtree(at: path) else { return [] }
        return entries.map { ($0.key, $0.line) }
    }

    /// Every key path below this node that leads to a value (a scalar, a sequence or nothing).
    public func leafPaths(prefix: [String] = []) -> [(path: [String], line: Int)] {
        guard case .mapping(let entries) = self else { return [] }
        return entries.flatMap { entry -> [(path: [String], line: Int)] in
            let path = prefix + [entry.key]
            if case .mapping(let inner) = entry.value, !inner.isEmpty {
                return entry.value.leafPaths(prefix: path)
            }
            return [(path, entry.line)]
        }
    }
}
