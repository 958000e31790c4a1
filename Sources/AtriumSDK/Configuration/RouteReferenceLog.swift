import Foundation
import Synchronization

/// Collects the route names a configuration section refers to while it is decoded, with the key
/// path of each, so the host can check that every one is bound.
@_spi(AtriumHost)
public final class RouteReferenceLog: Sendable {
    public static let userInfoKey = CodingUserInfoKey(rawValue: "atrium.routeReferences")!

    public struct Reference: Sendable, Equatable {
        public var name: RouteName
        public var keyPath: [String]
    }

    private let storage = Mutex<[Reference]>([])

    public init() {}

    public func record(_ name: RouteName, at keyPath: [String]) {
        storage.withLock { $0.append(Reference(name: name, keyPath: keyPath)) }
    }

    public var references: [Reference] { storage.withLock { $0 } }
}
