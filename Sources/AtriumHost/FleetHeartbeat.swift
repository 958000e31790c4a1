import AtriumEvents
import AtriumListener
import AtriumPostgres
import AtriumRuntime
import AtriumStorage
import AtriumSupport
import Foundation
import Logging
import ServiceLifecycle

/// A serving host's place in the fleet (``HostFleet``, whose table the host made when it opened its
/// storage): recorded when it starts, renewed every beat (with the module versions, migrations and
/// event subscriptions of the configuration it serves now), marked `draining` as soon as it
/// drains, and removed when it stops. At each beat it also reads the live hosts' subscriptions,
/// for which its modules' events are stored (``EventRouter/knowElsewhere(_:)``), and counts the
/// deliveries none of them reads (`atrium_events_unreadable`). A beat that cannot be written is
/// logged and tried at the next one: the list is never in a request's way.
package struct FleetHeartbeat: Service {
    let storage: any HostStorage
    let member: FleetMember
    /// The configuration served now (a reload may change it).
    let serving: @Sendable () -> HostPlan
    let drain: HostDrain
    let logger: Logger

    package init(storage: any HostStorage, member: FleetMember, drain: HostDrain, logger: Logger, serving: @escaping @Sendable () -> HostPlan) {
        self.storage = storage
        self.member = member
        self.serving = serving
        self.drain = drain
        self.logger = logger
    }

    /// The change feed's wake-up a joining host sends (``announce()``): every host beats at once.
    static let joining = StorageChange.wake("fleet")

    package func run() async throws {
        let wake = WakeSignal()
        drain.whenDraining { wake.signal() }
        let joins = storage.changes.subscribe { changes in
            if changes.contains(Self.joining) { wake.signal() }
        }
        defer { storage.changes.unsubscribe(joins) }
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

    /// Before the host serves: records it in the fleet list, and when it subscribes to events no
    /// other live host reads (a new version's subscription), wakes the others (on PostgreSQL, the
    /// change feed's notification: each beats at once, in milliseconds) and waits until each has
    /// beaten since, and so stores what it publishes for them too: an event published once this
    /// host serves, by any host, reaches its new subscriptions. At most a beat and a second (a
    /// host that stopped without leaving never beats again; on SQLite the other process of a
    /// take-over beats within 5 s, and serves meanwhile).
    package func announce() async {
        let began = Date().timeIntervalSince1970
        do {
            // Recorded, and the live hosts' subscriptions learnt; the deliveries none of them reads
            // are counted at the first beat, once the host serves.
            let others = try await renew().members.filter { $0.id != member.id }
            let known = Set(others.flatMap(\.subscriptions))
            let new = serving().events.readers.map(\.text).filter { !known.contains($0) }
            guard !new.isEmpty, !others.isEmpty else { return }
            logger.info(
                "waiting for the other hosts to learn this host's new subscriptions",
                metadata: ["subscriptions": "\(new.joined(separator: ", "))", "hosts": "\(others.count)"])
            if let postgres = storage as? PostgresStorage { try await postgres.wakeOtherHosts("fleet") }
            let deadline = ContinuousClock.now + HostFleet.beat + .seconds(1)
            while ContinuousClock.now < deadline {
                let waiting = try await HostFleet.live(on: storage).filter { $0.id != member.id && $0.lastSeen <= began }
                if waiting.isEmpty { return }
                try await Task.sleep(for: .milliseconds(20))
            }
            logger.notice("a host did not beat in time; an event it publishes meanwhile may miss this host's new subscriptions")
        } catch {
            logger.warning("this host could not join the fleet list", metadata: ["error": "\(StorageErrorText.describe(error))"])
        }
    }

    /// Renews this host's place and reads the others' subscriptions once (what `run` does every beat).
    package func beat() async {
        do {
            let (plan, live) = try await renew()
            let readers = live.flatMap { $0.subscriptions.compactMap(EventReader.init(text:)) }
            let unread = try await EventOutboxes.outbox(on: storage).pendingKinds()
                .filter { kind in !readers.contains { $0.reads(subscriber: kind.subscriber, name: kind.name, version: kind.version) } }
            plan.metrics.recordUnreadableEvents(unread.reduce(0) { $0 + $1.count })
        } catch {
            logger.warning("this host could not renew its place in the fleet list", metadata: ["error": "\(StorageErrorText.describe(error))"])
        }
    }

    /// Records this host as it serves now, then reads the live hosts and has the configuration
    /// served store its events for their subscriptions (``EventRouter/knowElsewhere(_:)``).
    private func renew() async throws -> (plan: HostPlan, members: [FleetMember]) {
        let plan = serving()
        var now = member
        now.modules = HostRuntime.versions(of: plan)
        now.migrations = ModuleMigrations.known(by: plan.registry.modules)
        now.subscriptions = plan.events.readers.map(\.text)
        now.switches = plan.switches.generation
        now.state = drain.isLeaving ? "draining" : "serving"
        now.lastSeen = Date().timeIntervalSince1970
        try await HostFleet.record(now, on: storage)
        let live = try await HostFleet.live(on: storage)
        plan.events.knowElsewhere(live.flatMap { $0.subscriptions.compactMap(EventReader.init(text:)) })
        return (plan, live)
    }
}
