import AtriumSDK

/// Where a product page's "Add £10" form posts: the product and the form's one-time key.
struct PaymentAddress: RouteParameters {
    var id: Int
    var key: String
}
