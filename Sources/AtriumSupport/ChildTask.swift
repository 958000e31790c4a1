/// Work run in a child task of its own. A task keeps every allocator slab its deepest call ever
/// needed until it ends, and a live stream's connection task lasts as long as the stream: the
/// middleware chain's frames, or a session lookup, run in it would stay held by every idle stream
/// (about 30 KB each). A child's slabs are freed when it returns.
package enum ChildTask {
    package static func apart<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        async let value = work()
        return try await value
    }
}
