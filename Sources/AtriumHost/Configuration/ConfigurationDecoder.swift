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
            problems.append(Self.problem(for: error, section: sectionKey))
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
        return subtree.leafPaths().compactMap { leaf -> ConfigurationProblem? in
            let isRead = known.contains { readPath in
                readPath.starts(with: leaf.path) || leaf.path.starts(with: readPath)
            }
            guard !isRead else { return nil }
            let siblings = Set(known.filter { $0.count == leaf.path.count && $0.dropLast() == leaf.path.dropLast() }.map { $0.last! })
            let fix =
                siblings.isEmpty
                ? "remove it; this section has no such setting"
                : "remove it or use one of: \(siblings.sorted().joined(separator: ", "))"
            return ConfigurationProblem(
                key: ([section] + leaf.path).joined(separator: "."),
                message: "unknown key (line \(leaf.line))",
                fix: fix
            )
        }
    }

    static func problem(for error: DecodingError, section: String) -> ConfigurationProblem {
        func key(_ path: [any CodingKey]) -> String {
            ([section] + path.map(\.stringValue)).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let missing, let context):
            return ConfigurationProblem(
                key: key(context.codingPath + [missing]),
                message: "is missing",
                fix: "add `\(missing.stringValue): <value>` under `\(key(context.codingPath))`"
            )
        case .typeMismatch(let type, let context):
            return ConfigurationProblem(key: key(context.codingPath), message: "must be \(type)", fix: context.debugDescription)
        case .valueNotFound(_, let context):
            return ConfigurationProblem(key: key(context.codingPath), message: "has no value", fix: "give it a value")
        case .dataCorrupted(let context):
            return ConfigurationProblem(key: key(context.codingPath), message: "is not valid: \(context.debugDescription)")
        @unknown default:
            return ConfigurationProblem(key: section, message: "\(error)")
        }
    }
}
