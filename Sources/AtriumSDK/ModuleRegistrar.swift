import Foundation
import Logging

/// Where a module adds, once at boot, its scenes, JSON endpoints, capabilities, migrations and
/// assets. The host gives each module its own.
///
/// ```swift
/// func register(in registrar: any ModuleRegistrar, configuration: Configuration) async throws {
///     let licenses = try LicenseFile.load(path: configuration.licensesFile)
///     registrar.scene(RegistrationScene.self) { context in
///         RegistrationScene(registration: PilotRegistration(licenses: licenses, registrations: StoredRegistrations(records: context.storage)))
///     }
/// }
/// ```
public protocol ModuleRegistrar: AnyObject {
    /// The module's id, from its manifest.
    var moduleID: String { get }
    /// The host's logger, tagged with the module.
    var logger: Logger { get }
    /// What the host lends the module: HTTP, password hashing, sealed secrets, signed tokens, the
    /// clock, random codes, its counters.
    var services: HostServices { get }
    /// The module's records shared by every visitor (accounts, sandboxes, caches), usable from
    /// capabilities, shared use cases and endpoints once the host has opened its storage (not during
    /// registration itself).
    var sharedRecords: any RecordStore { get }
    /// Where people reach this host (`http.publicURL`, without a trailing slash), for addresses
    /// handed to other sites such as an OpenID provider's redirect URI.
    var publicURL: String { get }

    /// Serves a scene whose states name their pages for the host's page cache with `pageName` (nil:
    /// pages are never kept). Modules call `scene(_:make:)`, whose overloads pick the name from the
    /// state's type where the module calls it: found at run time, each state type cost two
    /// protocol-conformance searches of the whole program at boot (5 % of a boot's work).
    @_spi(AtriumHost)
    func scene<S: Scene>(
        _ type: S.Type, pageName: (@Sendable (S.State) -> any Hashable & Sendable)?, make: @escaping @Sendable (SceneContext) throws -> S)

    /// Adds a JSON endpoint: a wire contract the host serves, such as a remote API's sandbox. It has
    /// no session and no form token; it checks whatever authentication its contract has
    /// (``EndpointRequest/bearerToken``). A body that does not decode answers 400, an error thrown
    /// answers 500, both as `{"error": …}`.
    func endpoint<Parameters: RouteParameters>(
        _ route: Route<Parameters>, contract: EndpointContract?, handle: @escaping @Sendable (EndpointRequest) async throws -> EndpointReply)

    /// Provides a capability other modules may use. Declare it in the manifest's `provides` too:
    /// providing what the manifest does not declare is a problem the host reports at boot.
    func provide<Value>(_ capability: Capability<Value>, _ value: Value)

    /// Signing visitors in and out: only for the module the host lets provide
    /// ``CapabilityName/currentUser`` (the one enabled module whose manifest provides it).
    func userSessions() throws(SettingProblem) -> UserSessions

    /// Adds a change to the module's stored records, run once (in order of registration) before the host serves.
    func migration(_ migration: StorageMigration)

    /// The module's HTTP client for the remote service `id` (declared in the manifest's
    /// `remoteServices`), which is at `address` in this configuration: from then on ``services``'
    /// `http` reaches that address's host, and the hosts its documents point to (requests with a
    /// ``RemoteReach`` whose configured address is this one). Requests to any host the module named
    /// no service at are refused (``RemoteHTTPError/refusedAddress(_:)``). A service the manifest does
    /// not declare, or an address that is no http(s) URL, is a problem the host reports at boot.
    func remoteService(_ id: String, at address: String) -> any RemoteHTTPClient

    /// Merges what a visitor saved in `collection` before signing in into the account's record with
    /// the same id, when the account already has one (without a merge, the account's is kept).
    func mergeAtSignIn<Record: Codable & Sendable>(
        _ type: Record.Type, in collection: String, _ merge: @escaping @Sendable (_ visitor: Record, _ account: Record) -> Record)

    /// Lets the host delete the records of `collection` (every owner's) that nobody has changed for
    /// `unchangedFor`: for records keyed by what visitors send (throttle counts per address or
    /// email, pending flows), which would otherwise pile up for ever. The host looks once an hour.
    func expireRecords(in collection: String, unchangedFor: Duration)

    /// Calls `handler` after every committed change to the module's `collection`, made on this host
    /// or (with several hosts on PostgreSQL) on another, within the change feed's documented delay:
    /// for what the module derives from stored records and keeps (a sandbox's feed, a summary),
    /// which it must forget. The handler runs on the host's feed, off any request: keep it short
    /// (forget, or start a task).
    func watchChanges(in collection: String, _ handler: @escaping @Sendable (RecordChange) -> Void)

    /// Declares that the module publishes `event` and returns its publisher (see
    /// ``EventPublisher``). Every module subscribed to the event's name when it is published gets it.
    func publisher<Event: ModuleEvent>(for event: Event.Type) -> EventPublisher<Event>

    /// Subscribes to an event another module publishes, by its shared contract: `handle` runs after
    /// the publishing write committed, off any request, on whichever host delivers it, inside a
    /// storage transaction of this module's own that also records the delivery as handled, so its
    /// writes happen exactly once. An error it throws undoes them; the delivery is retried with
    /// backoff, and after `events.attempts` tries it is marked failed and holds back the later
    /// events of its aggregate until an operator retries or discards it (`atrium events`). Keep it
    /// to storage writes: a call to elsewhere may run more than once (use ``EventDelivery/eventID``
    /// to make it idempotent there).
    func subscribe<Event: ModuleEvent>(to event: Event.Type, _ handle: @escaping @Sendable (Event, EventDelivery) async throws -> Void)

    /// Serves a file shipped with the module at `/assets/<module id>/<name>`, with cache headers.
    func asset(named name: String, contents: [UInt8], contentType: String)

    /// Runs when the host shuts down, in the reverse of boot order.
    func onShutdown(_ handler: @escaping @Sendable () async -> Void)
}

extension ModuleRegistrar {
    /// Serves a scene: its routes, and `make`, which builds it for each request (with the use cases
    /// it needs; `make` runs again for every request, so keep what lasts longer outside it).
    ///
    /// The host keeps a page it rendered when the scene's state can name it (a `Hashable` state, or
    /// an ``IdentifiedState``), and renders it again only for a state it has not seen.
    public func scene<S: Scene>(_ type: S.Type, make: @escaping @Sendable (SceneContext) throws -> S) {
        scene(type, pageName: nil, make: make)
    }

    /// Serves a scene whose state names its page by itself.
    public func scene<S: Scene>(_ type: S.Type, make: @escaping @Sendable (SceneContext) throws -> S) where S.State: Hashable {
        scene(type, pageName: { $0 }, make: make)
    }

    /// Serves a scene whose state names its page by its ``IdentifiedState/pageIdentity``.
    public func scene<S: Scene>(_ type: S.Type, make: @escaping @Sendable (SceneContext) throws -> S) where S.State: IdentifiedState {
        scene(type, pageName: { $0.pageIdentity }, make: make)
    }

    /// Serves a scene whose state names its page by its ``IdentifiedState/pageIdentity`` (which
    /// wins over the state itself).
    public func scene<S: Scene>(_ type: S.Type, make: @escaping @Sendable (SceneContext) throws -> S)
    where S.State: IdentifiedState & Hashable {
        scene(type, pageName: { $0.pageIdentity }, make: make)
    }

    /// Adds a JSON endpoint at `pattern` (see ``endpoint(_:contract:handle:)``), and returns its route.
    @discardableResult
    public func endpoint<Parameters: RouteParameters>(
        _ method: HTTPMethodName, _ pattern: String, parameters: Parameters.Type = NoParameters.self, contract: EndpointContract? = nil,
        handle: @escaping @Sendable (EndpointRequest) async throws -> EndpointReply
    ) -> Route<Parameters> {
        let route = Route<Parameters>.endpoint(method, pattern)
        endpoint(route, contract: contract, handle: handle)
        return route
    }
}
