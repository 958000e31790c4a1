import ServiceLifecycle

/// Ends every scene stream when the host shuts down, before the server waits for its requests to
/// finish (a stream would never finish by itself); clients reconnect to another host.
package struct LiveScenesShutdown: Service {
    let live: LiveScenes

    package func run() async throws {
        try? await gracefulShutdown()
        live.closeAll()
    }

    package init(live: LiveScenes) {
        self.live = live
    }
}
