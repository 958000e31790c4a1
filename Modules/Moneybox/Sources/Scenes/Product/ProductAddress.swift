import AtriumSDK

/// A product's page: its id, and the one-time key of a payment just sent from it (the page then says
/// how it went).
struct ProductAddress: RouteParameters {
    var id: Int
    var paid: String?
}
