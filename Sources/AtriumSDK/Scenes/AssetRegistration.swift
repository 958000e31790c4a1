/// A static file a module ships (an image), served by the host with cache headers.
@_spi(AtriumHost)
public struct AssetRegistration: Sendable {
    public let path: String
    public let contents: [UInt8]
    public let contentType: String
}
