import Foundation

/// The licenses file in the original format: `{"pilot-licenses": [{"type", "aircrafts"}]}`.
struct LicenseFile: Decodable {
    struct Entry: Decodable {
        var type: String
        var aircrafts: [String]
    }

    var licenses: [Entry]

    enum CodingKeys: String, CodingKey { case licenses = "pilot-licenses" }

    /// Reads and checks the file, or throws a message that names the file and the problem.
    /// The largest licenses file read: a list of licenses is a few kilobytes.
    static let maximumSize = 1024 * 1024

    static func load(path: String) throws(LicenseFileError) -> [PilotLicense] {
        // Read up to one byte past the limit (no size asked first: the file's attributes come as
        // `Any`, whose cast cost every start a quarter of a millisecond in the runtime's lookups).
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LicenseFileError(path: path, problem: "the file cannot be read (does it exist?)")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumSize + 1) ?? Data()
        } catch {
            throw LicenseFileError(path: path, problem: "the file cannot be read: \(error.localizedDescription)")
        }
        if data.count > maximumSize {
            throw LicenseFileError(path: path, problem: "the file is more than \(maximumSize / 1024) KiB; at most \(maximumSize / 1024) KiB is read")
        }
        let file: LicenseFile
        do {
            file = try JSONDecoder().decode(LicenseFile.self, from: data)
        } catch let error as DecodingError {
            throw LicenseFileError(path: path, problem: describe(error))
        } catch {
            throw LicenseFileError(path: path, problem: "it is not valid JSON")
        }
        if file.licenses.isEmpty {
            throw LicenseFileError(path: path, problem: "\"pilot-licenses\" is empty")
        }
        var seen: Set<String> = []
        for (index, entry) in file.licenses.enumerated() {
            if entry.type.trimmingCharacters(in: .whitespaces).isEmpty {
                throw LicenseFileError(path: path, problem: "license \(index + 1) has an empty type")
            }
            if entry.aircrafts.isEmpty {
                throw LicenseFileError(path: path, problem: "license \(entry.type) has no aircraft")
            }
            if !seen.insert(entry.type).inserted {
                throw LicenseFileError(path: path, problem: "license \(entry.type) appears twice")
            }
        }
        return file.licenses.map { PilotLicense(type: $0.type, aircrafts: $0.aircrafts) }
    }

    private static func describe(_ error: DecodingError) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(place(context.codingPath)).\(key.stringValue) is missing"
                + (context.codingPath.isEmpty ? " (the file must be {\"pilot-licenses\": [...]})" : "")
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(place(context.codingPath)) has the wrong type"
        case .dataCorrupted:
            return "it is not valid JSON"
        @unknown default:
            return "it cannot be read"
        }
    }
}
