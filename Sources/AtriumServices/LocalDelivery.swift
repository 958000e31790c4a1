import AtriumSDK
import Synchronization

/// Answers requests to ``HostServices/localURL(_:)`` addresses in-process, with whatever the page
/// target connects once the host serves (`LocalAnswers`): a module's client reaches the module's
/// sandbox through the same routes and endpoint code as a request from the network, with no port.
package final class LocalDelivery: Sendable {
    package typealias Deliver = @Sendable (RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse

    private let deliver = Mutex<Deliver?>(nil)

    package init() {}

    /// Answers local requests with `deliver` from now on.
    package func connect(_ deliver: @escaping Deliver) {
        self.deliver.withLock { $0 = deliver }
    }

    func send(_ request: RemoteRequest) async throws(RemoteHTTPError) -> RemoteResponse {
        guard let deliver = deliver.withLock({ $0 }) else { throw .notConnected("this host is not serving yet") }
        return try await deliver(request)
    }
}
