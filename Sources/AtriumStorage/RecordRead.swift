/// One thing a scene read: a record (or, with `id` nil, a whole collection) of one module and
/// owner. The host collects what a request's scene read (``RecordReadLog``) without module code,
/// to know later which changes concern which pages.
package struct RecordRead: Sendable, Hashable {
    package var module: String
    package var collection: String
    /// `shared`, `visitor:<visitor id>` or `user:<user id>`.
    package var owner: String
    package var id: String?

    package init(module: String, collection: String, owner: String, id: String?) {
        self.module = module
        self.collection = collection
        self.owner = owner
        self.id = id
    }
}
