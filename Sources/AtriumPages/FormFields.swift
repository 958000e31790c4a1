/// A form's fields (`application/x-www-form-urlencoded`), read once: names and values
/// percent-decoded (a value's `+` is a space), `name[]` gathered into a list and `name[key]` into a
/// group, as HTML forms and the host's forms write them. Reading finds every syntax problem before
/// anything acts on the form: a field sent twice, a broken escape, a name that cannot be read, a
/// list and a single value under one name.
///
/// Written here rather than taken from the HTTP framework: the page target runs actions without HTTP
/// (the scene test kit, a module calling its own host, a live page), and this is the one shape they
/// post. Decoding into a module's fields is ``FormDecoder``'s.
package struct FormFields: Sendable, Equatable {
    /// One field's value: text, a list, or a group of named fields.
    package indirect enum Value: Sendable, Equatable {
        case text(String)
        case list([Value])
        case group([String: Value])
    }

    /// Why a form cannot be read, and the name or text it is about.
    package struct Problem: Error, Sendable, Equatable {
        package enum Kind: Sendable, Equatable { case sentTwice, brokenEscape, unreadableName, listAndValue }
        package let kind: Kind
        package let text: String

        /// The problem in a visitor's words.
        package var description: String {
            let value = text.count > 40 ? text.prefix(40) + "…" : Substring(text)
            switch kind {
            case .sentTwice: return "the field '\(value)' was sent more than once"
            case .brokenEscape: return "'\(value)' is not correctly percent-encoded"
            case .unreadableName: return "the field name '\(value)' cannot be read"
            case .listAndValue: return "the field '\(value)' mixes a list and a single value"
            }
        }
    }

    package private(set) var fields: [String: Value] = [:]

    /// How many parts a field's name may have (`a[b][c]` has three).
    static let deepestName = 8

    /// The fields of `body`; throws the first ``Problem`` it has.
    package init(body: String) throws(Problem) {
        var pairs: [(path: ArraySlice<Step>, value: String, name: String)] = []
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            // A part with no `=` names no field (browsers never send one).
            guard let equals = pair.firstIndex(of: "=") else { continue }
            guard let name = QueryFields.decoded(pair[..<equals], plusIsSpace: false) else {
                throw Problem(kind: .brokenEscape, text: String(pair[..<equals]))
            }
            let encodedValue = pair[pair.index(after: equals)...]
            guard let value = QueryFields.decoded(encodedValue) else { throw Problem(kind: .brokenEscape, text: String(encodedValue)) }
            // A field with no name is none the form asks for: ignored, as any other it does not know.
            if name.isEmpty { continue }
            guard let path = Self.path(of: name) else { throw Problem(kind: .unreadableName, text: name) }
            pairs.append((path[...], value, name))
        }
        fields = try Self.group(pairs)
    }

    package init(fields: [String: Value]) { self.fields = fields }

    /// The text of the field `name`, if it is a single value.
    package subscript(text name: String) -> String? {
        if case .text(let text) = fields[name] { return text }
        return nil
    }

    /// A name's parts: `a[b][]` is `a`, then the group key `b`, then a list.
    private enum Step: Equatable {
        case key(String)
        case append
    }

    private static func path(of name: String) -> [Step]? {
        guard let open = name.firstIndex(of: "[") else { return name.isEmpty ? nil : [.key(name)] }
        let base = name[..<open]
        guard !base.isEmpty else { return nil }
        var steps: [Step] = [.key(String(base))]
        var rest = name[open...]
        while !rest.isEmpty {
            guard steps.count <= deepestName, rest.first == "[", let close = rest.firstIndex(of: "]") else { return nil }
            let inside = rest[rest.index(after: rest.startIndex)..<close]
            guard !inside.contains("[") else { return nil }
            steps.append(inside.isEmpty ? .append : .key(String(inside)))
            rest = rest[rest.index(after: close)...]
        }
        // A list holds values, not groups of their own: `a[][b]` is not a shape forms post; nor is
        // a name nested deeper than any form's.
        if let append = steps.firstIndex(of: .append), append != steps.count - 1 { return nil }
        return steps.count <= Self.deepestName ? steps : nil
    }

    /// The fields `pairs` make, gathered by their names' first parts (each level once, in one
    /// pass over its pairs: a long list is gathered in linear time).
    private static func group(_ pairs: [(path: ArraySlice<Step>, value: String, name: String)]) throws(Problem) -> [String: Value] {
        var byKey: [String: [(path: ArraySlice<Step>, value: String, name: String)]] = [:]
        var order: [String] = []
        for pair in pairs {
            guard case .key(let key) = pair.path.first else { throw Problem(kind: .unreadableName, text: pair.name) }
            if byKey[key] == nil { order.append(key) }
            byKey[key, default: []].append((pair.path.dropFirst(), pair.value, pair.name))
        }
        var fields: [String: Value] = [:]
        for key in order {
            let rest = byKey[key]!
            let kinds = Set(rest.map { $0.path.first.map { $0 == .append ? 1 : 2 } ?? 0 })
            guard kinds.count == 1, let kind = kinds.first else { throw Problem(kind: .listAndValue, text: key) }
            switch kind {
            case 0:
                guard rest.count == 1 else { throw Problem(kind: .sentTwice, text: key) }
                fields[key] = .text(rest[0].value)
            case 1:
                fields[key] = .list(rest.map { .text($0.value) })
            default:
                fields[key] = .group(try group(rest))
            }
        }
        return fields
    }
}
