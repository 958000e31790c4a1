import Foundation

/// A URL pattern such as `/cookbook/recipes/{id}`: literal segments and parameters, each typed by
/// the route's ``RouteParameters`` (or written `{id:int}`, which must then agree).
@_spi(AtriumHost)
public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    public enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String, RouteParameterType?)
    }

    public let segments: [Segment]

    /// Parses a pattern, or explains what is wrong with it.
    public init(_ text: String) throws(RoutePatternError) {
        guard text.hasPrefix("/") else { throw RoutePatternError(pattern: text, problem: "it must start with /") }
        var segments: [Segment] = []
        var names: Set<String> = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true) {
            if part.hasPrefix("{") && part.hasSuffix("}") {
                let pieces = part.dropFirst().dropLast().split(separator: ":", maxSplits: 1).map(String.init)
                guard let name = pieces.first, !name.isEmpty else {
                    throw RoutePatternError(pattern: text, problem: "a parameter has no name")
                }
                var type: RouteParameterType?
                if pieces.count == 2 {
                    guard let parsed = RouteParameterType(rawValue: pieces[1]) else {
                        let known = RouteParameterType.allCases.map(\.rawValue).joined(separator: ", ")
                        throw RoutePatternError(
                            pattern: text, problem: "parameter '\(name)' has unknown type '\(pieces[1])' (use one of: \(known))")
                    }
                    type = parsed
                }
                guard names.insert(name).inserted else {
                    throw RoutePatternError(pattern: text, problem: "parameter '\(name)' appears twice")
                }
                segments.append(.parameter(name, type))
            } else if part.contains("{") || part.contains("}") {
                throw RoutePatternError(pattern: text, problem: "segment '\(part)' mixes text and a parameter")
            } else {
                segments.append(.literal(String(part)))
            }
        }
        self.segments = segments
    }

    init(segments: [Segment]) { self.segments = segments }

    /// The pattern as written, with parameter types.
    public var description: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name, .none), .parameter(let name, .some(.string)): "{\(name)}"
                case .parameter(let name, .some(let type)): "{\(name):\(type.rawValue)}"
                }
            }.joined(separator: "/")
    }

    /// The pattern with every parameter replaced by `*`: two routes with the same shape would claim
    /// the same URLs.
    public var shape: String {
        "/"
            + segments.map { segment in
                if case .literal(let text) = segment { return text }
                return "*"
            }.joined(separator: "/")
    }

    public var parameterNames: [String] {
        segments.compactMap { segment in
            if case .parameter(let name, _) = segment { return name }
            return nil
        }
    }

    /// Builds a path from parameter values (percent-encoded), or nil when one is missing.
    public func path(with values: [String: String]) -> String? {
        var parts: [String] = []
        for segment in segments {
            switch segment {
            case .literal(let text):
                parts.append(text)
            case .parameter(let name, _):
                guard let value = values[name], !value.isEmpty else { return nil }
                parts.append(value.addingPercentEncoding(withAllowedCharacters: Self.segmentAllowed) ?? value)
            }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Characters that may stand unescaped inside one path segment.
    static let segmentAllowed: CharacterSet = {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return allowed
    }()

    /// The pattern with each parameter's type filled in from the route's parameter fields.
    func typed(by fields: [RouteField]) -> RoutePattern {
        RoutePattern(
            segments: segments.map { segment in
                guard case .parameter(let name, nil) = segment, let field = fields.first(where: { $0.name == name }) else { return segment }
                return .parameter(name, field.type)
            })
    }
}
