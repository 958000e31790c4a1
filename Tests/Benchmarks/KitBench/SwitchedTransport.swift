import AtriumClient
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Real HTTP, or no network at all while cut.
final class SwitchedTransport: ClientTransport {
    let isCut = Mutex(false)
    private let network = URLSessionTransport()

    func open(_ request: URLRequest) async throws -> (HTTPURLResponse, AsyncThrowingStream<Data, any Error>) {
        if isCut.withLock({ $0 }) { throw URLError(.notConnectedToInternet) }
        return try await network.open(request)
    }
}
