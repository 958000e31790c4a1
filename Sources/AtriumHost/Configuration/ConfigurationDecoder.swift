import AtriumSDK
import Configuration
import Foundation

/// Decodes a module's `Decodable` configuration section from a ``ConfigurationSource``, so every
/// value can come from the environment as well as the file.
///
/// It is strict: a missing or mistyped value is recorded as a problem (and decoding goes on, to
/// report every problem at once), and after decoding, every key of the section in the file that no
/// property read is reported as unknown.
public struct ConfigurationDecoder {
    public init() {}

    /// Decodes `type` from the section at `sectionKey`, or throws every problem found.
    public func decode<Section: Decodable>(
        _ type: Section.Type,
        section sectionKey: String,
        from source: ConfigurationSource,
        routeReferences: RouteReferenceLog? = nil
    ) throws(ConfigurationError) -> Section {
        let log = ConfigurationDecodingLog()
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        if let routeReferences { userInfo[RouteReferenceLog.userInfoKey] = routeReferences }
        let decoder = ConfigurationValueDecoder(path: [sectionKey], source: source, log: log, userInfo: userInfo)
        var problems: [ConfigurationProblem] = []
        var decoded: Section?
        do {
            decoded = try Section(from: decoder)
        } catch let error as DecodingError {
            problems.append(Self.problem(for: error, section: sectionKey, source: source))
        } catch {
            problems.append(ConfigurationProblem(key: sectionKey, message: "\(error)"))
        }
        problems = log.problems + problems
        if decoded != nil {
            // Missing and mistyped values do not stop decoding, so every key was visited.
            problems += unknownKeys(in: sectionKey, source: source, read: log.readPaths)
        }
        guard problems.isEmpty, let decoded else {
            throw ConfigurationError(source: source.name, problems: problems)
        }
        return decoded
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
                    key: ([section] + leaf.path).joined(separator: "."),
                    message: "unknown key (line \(leaf.line))",
                    fix: fix
                )
            },
            what: "unknown keys"
        )
    }

    /// At most 20 problems of one kind, then one line that says how many more there are.
    static func capped(_ problems: [ConfigurationProblem], what: String) -> [ConfigurationProblem] {
        guard problems.count > 20 else { return problems }
        return Array(problems.prefix(20)) + [
            ConfigurationProblem(key: "", message: "and \(problems.count - 20) more \(what) like these", fix: nil)
        ]
    }

    static func problem(for error: DecodingError, section: String, source: ConfigurationSource) -> ConfigurationProblem {
        func path(_ codingPath: [any CodingKey]) -> [String] { [section] + codingPath.map(\.stringValue) }
        func key(_ codingPath: [any CodingKey]) -> String { path(codingPath).joined(separator: ".") }
        /// Where the value came from, when that is the environment: the file is not to blame.
        func origin(_ codingPath: [any CodingKey]) -> String {
            guard case .environment(let variable) = source.origin(of: path(codingPath)) else { return "" }
            let text = source.environmentText(at: path(codingPath))?.text ?? ""
            return " (the environment sets \(variable)='\(ConfigurationValueDecoder.shown(text))')"
        }
        switch error {
        case .keyNotFound(let missing, let context):
            return ConfigurationProblem(
                key: key(context.codingPath + [missing]),
                message: "is missing",
                fix: "add `\(missing.stringValue): <value>` under `\(key(context.codingPath))`"
            )
        case .typeMismatch(let type, let context):
            return ConfigurationProblem(
                key: key(context.codingPath), message: "must be \(type)\(origin(context.codingPath))", fix: context.debugDescription)
        case .valueNotFound(_, let context):
            return ConfigurationProblem(key: key(context.codingPath), message: "has no value", fix: "give it a value")
        case .dataCorrupted(let context):
            return ConfigurationProblem(
                key: key(context.codingPath), message: "is not valid\(origin(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            return ConfigurationProblem(key: section, message: "\(error)")
        }
    }
}
