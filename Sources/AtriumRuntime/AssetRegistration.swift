import AtriumSDK

/// A static file a module ships (an image), served by the host with cache headers.
package struct AssetRegistration: Sendable {
    package let path: String
    package let contents: [UInt8]
    package let contentType: String
}
