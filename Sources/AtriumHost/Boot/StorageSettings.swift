/// `storage.path`: the SQLite file every module's records and the sessions live in.
public struct StorageSettings: Decodable, Sendable, Equatable {
    public var path: String

    public init(path: String = ".atrium/atrium.sqlite") { self.path = path }

    private enum CodingKeys: String, CodingKey { case path }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decodeIfPresent(String.self, forKey: .path) ?? StorageSettings().path
        guard !path.isEmpty else {
            throw DecodingError.dataCorruptedError(
                forKey: .path,
                in: container,
                debugDescription: "the path is empty; write a file path such as .atrium/atrium.sqlite"
            )
        }
    }
}
