/// The licenses file is missing or malformed.
struct LicenseFileError: Error, CustomStringConvertible {
    var path: String
    var problem: String

    var description: String { "\(path): \(problem)" }
}
