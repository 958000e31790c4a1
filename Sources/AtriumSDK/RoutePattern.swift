/// A URL pattern such as `/cookbook/recipes/{id:int}`: literal segments and typed parameters.
///
/// Parameters are written `{name}` (any text) or `{name:type}` with a ``RouteParameterType``. A value
/// that does not fit its type makes the route not match, so the visitor gets the not-found page.
public struct RoutePattern: Hashable, Sendable, CustomStringConvertible {
    public enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String, RouteParameterType)
    }

    public let segments: [Segment]

    /// Parses a pattern, or explains what is wrong with it.
    public init(_ text: String) throws(RoutePatternError) {
        guard text.hasPrefix("/") else { throw RoutePatternError(pattern: text, problem: "it must start with /") }
        var segments: [Segment] = []
        var names: Set<String> = []
        for part in text.split(separator: "/", omittingEmptySubsequences: true) {
            if part.hasPrefix("{") && part.hasSuffix("}") {
                let inner = part.dropFirst().dropLast()
                let pieces = inner.split(separator: ":", maxSplits: 1).map(String.init)
                guard let name = pieces.first, !name.isEmpty else {
                    throw RoutePatternError(pattern: text, problem: "a parameter has no name")
                }
                let type: RouteParameterType
                if pieces.count == 2 {
                    guard let parsed = RouteParameterType(rawValue: pieces[1]) else {
                        let known = RouteParameterType.allCases.map(\.rawValue).joined(separator: ", ")
                        throw RoutePatternError(
                            pattern: text,
                            problem: "parameter '\(name)' has unknown type '\(pieces[1])' (use one of: \(known))"
                        )
                    }
                    type = parsed
                } else {
                    type = .string
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

    /// The pattern as written, with parameter types.
    public var description: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name, .string): "{\(name)}"
                case .parameter(let name, let type): "{\(name):\(type.rawValue)}"
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

    public var parameters: [(name: String, type: RouteParameterType)] {
        segments.compactMap { segment in
            if case .parameter(let name, let type) = segment { return (name, type) }
            return nil
        }
    }

    /// Builds a path from parameter values, or nil when one is missing or does not fit its type.
    public func path(with values: [String: String]) -> String? {
        var parts: [String] = []
        for segment in segments {
            switch segment {
            case .literal(let text):
                parts.append(text)
            case .parameter(let name, let type):
                guard let value = values[name], type.accepts(value) else { return nil }
                parts.append(value.addingPercentEncoding(withAllowedCharacters: .urlPathSegmentAllowed) ?? value)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
