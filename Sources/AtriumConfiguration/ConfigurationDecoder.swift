@_spi(AtriumHost) import AtriumSDK
import Foundation

/// Decodes a configuration section from a ``ConfigurationSource``, so every value can come from the
/// environment as well as the file, with the section's defaults for what both leave out.
///
/// It is strict and never stops early: a missing or mistyped value is recorded as a problem (and
/// decoding goes on, with the default standing in), every key of the section in the file that no
/// property read is reported as unknown, and a ``ModuleConfiguration``'s own checks run on what
/// decoded. All of them are thrown together.
package struct ConfigurationDecoder {
    package init() {}

    /// Decodes a module's section (or one of the host's), defaults and checks included.
    package func decode<Section: ModuleConfiguration>(
        _ type: Section.Type,
        section sectionKey: String,
        from source: ConfigurationSource,
        routeReferences: RouteReferenceLog? = nil
    ) throws(ConfigurationError) -> Section {
        let defaults = ConfigurationTree.mapping([(key: sectionKey, line: 0, value: ConfigurationDefaults.tree(of: type))])
        var (decoded, problems) = read(type, section: sectionKey, from: source, defaults: defaults, routeReferences: routeReferences)
        // The section's own checks run on what decoded, defaults standing in for refused values, so
        // they are reported with the keys' problems rather than after them are fixed.
        problems += (decoded?.problems() ?? []).map { problem in
            ConfigurationProblem(
                key: problem.key.isEmpty ? sectionKey : "\(sectionKey).\(problem.key)",
                message: problem.message + Self.origin(of: [sectionKey] + problem.key.split(separator: ".").map(String.init), in: source),
                fix: problem.fix)
        }
        guard problems.isEmpty, let decoded else { throw ConfigurationError(source: source.name, problems: problems) }
        return decoded
    }

    /// Decodes any `Decodable` at `sectionKey` (a list such as `modules`), without defaults.
    package func decode<Section: Decodable>(
        _ type: Section.Type,
        section sectionKey: String,
        from source: ConfigurationSource,
        defaults: ConfigurationTree = .mapping([]),
        routeReferences: RouteReferenceLog? = nil
    ) throws(ConfigurationError) -> Section {
        let (decoded, problems) = read(type, section: sectionKey, from: source, defaults: defaults, routeReferences: routeReferences)
        guard problems.isEmpty, let decoded else { throw ConfigurationError(source: source.name, problems: problems) }
        return decoded
    }

    /// What decoded (with defaults standing in for refused values) and every problem met.
    private func read<Section: Decodable>(
        _ type: Section.Type,
        section sectionKey: String,
        from source: ConfigurationSource,
        defaults: ConfigurationTree,
        routeReferences: RouteReferenceLog?
    ) -> (Section?, [ConfigurationProblem]) {
        let log = ConfigurationDecodingLog()
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        if let routeReferences { userInfo[RouteReferenceLog.userInfoKey] = routeReferences }
        let decoder = ConfigurationValueDecoder(path: [sectionKey], source: source, defaults: defaults, log: log, userInfo: userInfo)
        var problems: [ConfigurationProblem] = []
        var decoded: Section?
        do {
            decoded = try Section(from: decoder)
        } catch let error as DecodingError {
            problems.append(Self.problem(for: error, at: [sectionKey], source: source))
        } catch is ConfigurationDecodingLog.Reported {
            // Already in the log.
        } catch {
            problems.append(ConfigurationProblem(key: sectionKey, message: "\(error)"))
        }
        problems = log.problems + problems
        // Missing and mistyped values do not stop decoding, so every key was visited.
        problems += unknownKeys(in: sectionKey, source: source, read: log.readPaths)
        return (decoded, problems)
    }

    private func unknownKeys(in section: String, source: ConfigurationSource, read: Set<[String]>) -> [ConfigurationProblem] {
        guard let subtree = source.tree.subtree(at: [section]) else { return [] }
        let known = read.filter { $0.first == section }.map { Array($0.dropFirst()) }.filter { !$0.isEmpty }
        let knownPaths = Set(known)
        var knownPrefixes = Set<[String]>()
        for path in known {
            for length in 1...path.count { knownPrefixes.insert(Array(path.prefix(length))) }
        }
        let unknown = subtree.leafPaths().filter { leaf in
            // Known when a read path starts with the leaf (a section read key by key) or the leaf
            // starts with a read path (a value read as a whole).
            !knownPrefixes.contains(leaf.path) && !(1...leaf.path.count).contains { knownPaths.contains(Array(leaf.path.prefix($0))) }
        }
        return Self.capped(
            unknown.map { leaf in
                let siblings = Set(known.filter { $0.count == leaf.path.count && $0.dropLast() == leaf.path.dropLast() }.compactMap(\.last))
                let fix =
                    siblings.isEmpty
                    ? "remove it; this section has no such setting"
                    : "remove it or use one of: \(siblings.sorted().joined(separator: ", "))"
                return ConfigurationProblem(
                    key: ConfigurationValueDecoder.dotted([section] + leaf.path),
                    message: "unknown key (line \(leaf.line))",
                    fix: fix
                )
            },
            what: "unknown keys"
        )
    }

    /// At most 20 problems of one kind, then one line that says how many more there are.
    package static func capped(_ problems: [ConfigurationProblem], what: String) -> [ConfigurationProblem] {
        guard problems.count > 20 else { return problems }
        return Array(problems.prefix(20)) + [
            ConfigurationProblem(key: "", message: "and \(problems.count - 20) more \(what) like these", fix: nil)
        ]
    }

    /// Where the value at `path` came from, when that is the environment: the file is not to blame.
    static func origin(of path: [String], in source: ConfigurationSource) -> String {
        guard case .environment(let variable) = source.origin(of: path) else { return "" }
        let text = source.environmentText(at: path)?.text ?? ""
        guard !isSecret(path.last ?? "") else { return " (the environment sets \(variable))" }
        return " (the environment sets \(variable)='\(ConfigurationValueDecoder.shown(withoutPassword(text)))')"
    }

    /// Keys whose values are never repeated in a message: keys, passwords, secrets, tokens.
    static func isSecret(_ key: String) -> Bool {
        let key = key.lowercased()
        return key == "key" || ["password", "secret", "token"].contains { key.contains($0) }
    }

    /// A URL's password replaced by `•••` (`postgres://user:•••@host`), anything else as it is.
    static func withoutPassword(_ text: String) -> String {
        guard let scheme = text.range(of: "://"), let at = text[scheme.upperBound...].firstIndex(of: "@"),
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        else { return text }
        return text[..<text.index(after: colon)] + "•••" + text[at...]
    }

    static func problem(for error: DecodingError, at base: [String], source: ConfigurationSource) -> ConfigurationProblem {
        func path(_ codingPath: [any CodingKey]) -> [String] {
            // Errors thrown inside a value decoder carry the path below the section.
            let below = codingPath.map(\.stringValue)
            return below.starts(with: base.dropFirst()) ? [base[0]] + below : base + below
        }
        func key(_ codingPath: [any CodingKey]) -> String { path(codingPath).joined(separator: ".") }
        switch error {
        case .keyNotFound(let missing, let context):
            return ConfigurationProblem(
                key: key(context.codingPath + [missing]),
                message: "is missing",
                fix: "add `\(missing.stringValue): <value>` under `\(key(context.codingPath))`"
            )
        case .typeMismatch(let type, let context):
            return ConfigurationProblem(
                key: key(context.codingPath), message: "must be \(type)\(origin(of: path(context.codingPath), in: source))",
                fix: context.debugDescription)
        case .valueNotFound(_, let context):
            return ConfigurationProblem(key: key(context.codingPath), message: "has no value", fix: "give it a value")
        case .dataCorrupted(let context):
            return ConfigurationProblem(
                key: key(context.codingPath), message: "is not valid\(origin(of: path(context.codingPath), in: source)): \(context.debugDescription)")
        @unknown default:
            return ConfigurationProblem(key: base.joined(separator: "."), message: "\(error)")
        }
    }
}
