import AtriumHost
import Synchronization

/// A test host's beats while it is in the fleet list (``TestHost/joinFleet()``): one every
/// ``HostFleet/beat``, until it leaves or is torn down.
final class FleetBeats: Sendable {
    private let task = Mutex<Task<Void, Never>?>(nil)

    func start(_ beat: @escaping @Sendable () async -> Void) {
        let beating = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: HostFleet.beat)
                if Task.isCancelled { return }
                await beat()
            }
        }
        task.withLock {
            $0?.cancel(); $0 = beating
        }
    }

    func stop() {
        task.withLock {
            $0?.cancel(); $0 = nil
        }
    }
}
