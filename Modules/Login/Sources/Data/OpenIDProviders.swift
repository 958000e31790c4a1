/// The configured providers, in configuration order, each with its client.
struct OpenIDProviders: Sendable {
    struct Entry: Sendable {
        var id: String
        var title: String
        var client: OpenIDClient
    }

    let entries: [Entry]

    func entry(_ id: String) -> Entry? { entries.first { $0.id == id } }
}
