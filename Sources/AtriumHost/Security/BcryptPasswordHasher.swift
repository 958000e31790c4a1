import AtriumSDK
import HummingbirdBcrypt
import NIOPosix

/// bcrypt from hummingbird-auth, run on NIO's blocking thread pool so a slow hash never holds up
/// the async executor that serves other requests.
public struct BcryptPasswordHasher: PasswordHasher {
    /// The work factor: 12 in production; tests may lower it to stay fast.
    public let cost: UInt8

    public init(cost: UInt8 = 12) { self.cost = cost }

    public func hash(_ password: String) async -> String {
        let cost = self.cost
        return (try? await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }) ?? Bcrypt.hash(password, cost: cost)
    }

    public func verify(_ password: String, against hash: String) async -> Bool {
        (try? await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }) ?? false
    }
}
