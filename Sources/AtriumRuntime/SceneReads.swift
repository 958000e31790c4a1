import AtriumSDK
import AtriumStorage

/// What one request's scene read, known to the host after the page was made (by the record stores,
/// without module code): the records and collections, each with its module and owner. What a
/// change to stored records must reach.
package struct SceneReads: Sendable {
    /// `<module id>.<scene id>`.
    package let sceneID: String
    package let method: HTTPMethodName
    /// The path asked for, with its query.
    package let path: String
    package let reads: Set<RecordRead>

    package init(sceneID: String, method: HTTPMethodName, path: String, reads: Set<RecordRead>) {
        self.sceneID = sceneID
        self.method = method
        self.path = path
        self.reads = reads
    }
}
