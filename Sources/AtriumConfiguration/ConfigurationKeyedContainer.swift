/// A section of keys in the configuration. A value that cannot be decoded (an enum's unknown case,
/// a module's own check) is reported, and its default stands in, so the rest of the section is
/// still read and every problem found in one pass.
struct ConfigurationKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ConfigurationValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    var allKeys: [Key] { decoder.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        let child = decoder.child(key.stringValue)
        // A key the type asks about is a key it knows, even when absent: unknown-key hints list it.
        child.log.read(child.path)
        return child.isPresent
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let child = decoder.child(key.stringValue)
        child.log.read(child.path)
        return !child.isPresent
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let child = decoder.child(key.stringValue)
        do {
            return try T(from: child)
        } catch let error as DecodingError {
            child.log.report(Self.problem(for: error, type, at: child))
            if let fallback = try? T(from: child.fallback) { return fallback }
            throw ConfigurationDecodingLog.Reported()
        }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard contains(key) else { return nil }
        let child = decoder.child(key.stringValue)
        do {
            return try T(from: child)
        } catch let error as DecodingError {
            child.log.report(Self.problem(for: error, type, at: child))
            return try? T(from: child.fallback)
        }
    }

    // Synthesized decoding calls these for optional plain values: each reports and goes on too.
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeOptional(type, forKey: key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeOptional(type, forKey: key) }

    private func decodeOptional<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try decodeIfPresent(type, forKey: key)
    }

    /// The problem, naming the choices when the value is one of a fixed set (an enum's cases).
    static func problem<T>(for error: DecodingError, _ type: T.Type, at child: ConfigurationValueDecoder) -> ConfigurationProblem {
        var problem = ConfigurationDecoder.problem(for: error, at: child.path, source: child.source)
        if let iterable = type as? any CaseIterable.Type {
            let shown =
                child.source.environmentText(at: child.path)?.text
                ?? {
                    if case .scalar(let text) = child.source.tree.subtree(at: child.path) { return text }
                    return ""
                }()
            problem.message =
                "is not one of the choices ('\(ConfigurationValueDecoder.shown(shown))')"
                + ConfigurationDecoder.origin(of: child.path, in: child.source)
            problem.fix = "use one of: " + choices(iterable).joined(separator: ", ")
        }
        return problem
    }

    private static func choices<Choice: CaseIterable>(_ type: Choice.Type) -> [String] {
        Choice.allCases.map { choice in (choice as? any RawRepresentable).map { "\($0.rawValue)" } ?? "\(choice)" }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try decoder.child(key.stringValue).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try decoder.child(key.stringValue).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(key.stringValue) }
}
