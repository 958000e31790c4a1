@_spi(AtriumHost) import AtriumSDK

/// What one request's scene read, known to the host after the page was made (by the record stores,
/// without module code): the records and collections, each with its module and owner. What a
/// change to stored records must reach.
public struct SceneReads: Sendable {
    /// `<module id>.<scene id>`.
    public let sceneID: String
    public let method: HTTPMethodName
    /// The path asked for, with its query.
    public let path: String
    public let reads: Set<RecordRead>
}
