/// One value in the configuration: a string, a whole or decimal number, or a boolean (`true`,
/// `false`, and YAML's `yes`/`no`/`on`/`off`), read the same way from the file and the environment.
struct ConfigurationScalarContainer: SingleValueDecodingContainer {
    let decoder: ConfigurationValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        decoder.log.read(decoder.path)
        return !decoder.isPresent
    }

    func decode(_ type: String.Type) throws -> String {
        decoder.scalar(expected: "text", example: "value", placeholder: "") { $0 }
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        decoder.scalar(expected: "true or false", example: "true", placeholder: false) { text in
            switch text.lowercased() {
            case "true", "yes", "on": true
            case "false", "no", "off": false
            default: nil
            }
        }
    }

    func decode(_ type: Int.Type) throws -> Int {
        decoder.scalar(expected: "a whole number", example: "10", placeholder: 0) { Int($0) }
    }

    func decode(_ type: Double.Type) throws -> Double {
        decoder.scalar(expected: "a number", example: "1.5", placeholder: 0) { text in
            Double(text).flatMap { $0.isFinite ? $0 : nil }
        }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try narrow(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try narrow(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: decoder) }

    private func narrow<Narrow: FixedWidthInteger>(_ type: Narrow.Type) throws -> Narrow {
        let value = try decode(Int.self)
        guard let narrowed = Narrow(exactly: value) else {
            throw DecodingError.dataCorruptedError(
                in: self,
                debugDescription: "\(value) is out of range (\(Narrow.min) to \(Narrow.max))"
            )
        }
        return narrowed
    }
}
