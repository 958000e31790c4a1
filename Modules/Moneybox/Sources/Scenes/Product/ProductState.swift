import AtriumSDK

/// One product's page: its figures, the one-time key of its "Add £10" form, and how the last
/// payment went. Never kept by the host's page cache: every page carries a fresh key.
struct ProductState: Sendable {
    var product: Product
    var paymentKey: String
    var message: Message?
}
