import AtriumSDK

/// The host's caps on connections and live streams, derived so they hold together: connections
/// follow the descriptor limit (less ``DescriptorLimit/reserve`` for the database, remote calls and
/// files); streams stay at most half of the connections (at most 4,096), so however many streams
/// are open, pages and `/health/live` still find connections; one address may hold a quarter of
/// the streams, one visitor (a session or pass) `http.maxStreamsPerVisitor`.
///
/// What each cap does when reached: at the connection cap the host stops accepting and closes the
/// connection that has waited longest for a request (an idle one, or a head still arriving), else
/// the oldest stream of the address holding the most streams; at a stream cap, the oldest stream of
/// that visitor, that address, or (the host's cap) the busiest address is closed to make room. A
/// client told to make room comes back later and resumes with `Last-Event-ID`.
package struct ConnectionLimits: Sendable, Equatable {
    package var connections: Int
    package var streams: StreamCaps

    /// The most streams by default, whatever the connections allow (each idle stream costs about
    /// 16 KB of memory).
    package static let defaultMaxStreams = 4096

    /// The caps of `settings` for a process that may open `descriptors` files. A configured cap the
    /// descriptors cannot hold is lowered (``lowered`` says which, for a log line).
    package init(settings: HTTPSettings, descriptors: Int) {
        connections = DescriptorLimit.connectionCap(configured: settings.maxConnections, descriptors: descriptors)
        let streamRoom = Self.streamRoom(connections: connections)
        let total = min(settings.maxStreams ?? min(Self.defaultMaxStreams, connections / 2), streamRoom)
        let perAddress = min(settings.maxStreamsPerAddress ?? max(settings.maxStreamsPerVisitor, total / 4), total)
        let perVisitor = min(settings.maxStreamsPerVisitor, perAddress)
        streams = StreamCaps(total: max(total, 0), perAddress: max(perAddress, 0), perVisitor: max(perVisitor, 0))
    }

    /// The most streams `connections` can hold while a quarter of them stays for everything else.
    package static func streamRoom(connections: Int) -> Int { connections - max(1, connections / 4) }

    /// The caps `settings` asked for that this process lowered: key, asked, used.
    package func lowered(from settings: HTTPSettings) -> [(key: String, asked: Int, used: Int)] {
        var lowered: [(String, Int, Int)] = []
        if let asked = settings.maxConnections, asked > connections { lowered.append(("http.maxConnections", asked, connections)) }
        if let asked = settings.maxStreams, asked > streams.total { lowered.append(("http.maxStreams", asked, streams.total)) }
        return lowered
    }

    /// Explicit values that cannot hold together, whatever the descriptors: streams that would
    /// leave pages less than a quarter of the connections. (A per-client cap above the one that
    /// contains it is harmless: the smaller binds.)
    static func problems(of settings: HTTPSettings) -> [SettingProblem] {
        var problems: [SettingProblem] = []
        if let connections = settings.maxConnections, connections >= 1, let streams = settings.maxStreams,
            streams > streamRoom(connections: connections)
        {
            problems.append(
                SettingProblem(
                    key: "maxStreams",
                    message: "\(streams) streams would leave pages too few of http.maxConnections (\(connections)): each stream holds a connection",
                    fix: "keep http.maxStreams at most \(streamRoom(connections: connections)), or raise http.maxConnections"))
        }
        return problems
    }
}
