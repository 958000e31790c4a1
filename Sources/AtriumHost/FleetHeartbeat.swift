import AtriumListener
import AtriumStorage
import AtriumSupport
import Foundation
import Logging
import ServiceLifecycle

/// A serving host's place in the fleet (``HostFleet``, whose table the host made when it opened its
/// storage): recorded when it starts, renewed every
/// beat (with the module versions of the configuration it serves now), marked `draining` as soon as
/// it drains, and removed when it stops. A beat that cannot be written is logged and tried at the
/// next one: the list is for operators, never in a request's way.
package struct FleetHeartbeat: Service {
    let storage: any HostStorage
    let member: FleetMember
    /// The modules served now (a reload may change them), by id, with their versions, and the
    /// migrations they declare (``FleetMember/migrations``).
    let modules: @Sendable () -> (versions: [String: String], migrations: [String])
    let drain: HostDrain
    let logger: Logger

    package init(
        storage: any HostStorage, member: FleetMember, drain: HostDrain, logger: Logger,
        modules: @escaping @Sendable () -> (versions: [String: String], migrations: [String])
    ) {
        self.storage = storage
        self.member = member
        self.modules = modules
        self.drain = drain
        self.logger = logger
    }

    package func run() async throws {
        let wake = WakeSignal()
        drain.whenDraining { wake.signal() }
        await withGracefulShutdownHandler {
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                await beat()
                _ = await wake.wait(upTo: HostFleet.beat)
            }
        } onGracefulShutdown: {
            wake.signal()
        }
        do {
            try await HostFleet.leave(member.id, on: storage)
        } catch {
            logger.notice("this host could not leave the fleet list; it drops out after a while", metadata: ["error": "\(error)"])
        }
    }

    private func beat() async {
        var now = member
        (now.modules, now.migrations) = modules()
        now.state = drain.isLeaving ? "draining" : "serving"
        now.lastSeen = Date().timeIntervalSince1970
        do {
            try await HostFleet.record(now, on: storage)
        } catch {
            logger.warning("this host could not renew its place in the fleet list", metadata: ["error": "\(StorageErrorText.describe(error))"])
        }
    }
}
