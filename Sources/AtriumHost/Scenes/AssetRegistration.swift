@_spi(AtriumHost) import AtriumSDK

/// A static file a module ships (an image), served by the host with cache headers.
public struct AssetRegistration: Sendable {
    public let path: String
    public let contents: [UInt8]
    public let contentType: String
}
