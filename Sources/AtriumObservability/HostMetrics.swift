@_spi(AtriumHost) import AtriumSDK
import AtriumSupport
import CoreMetrics
import Metrics
import Prometheus
import Synchronization

/// One host's metrics, through swift-metrics into its own Prometheus registry (not the process's
/// global one, so every host a test boots counts only its own), served at `/metrics`: requests by
/// method, route pattern and status with their durations, sessions created, each module's boot
/// time, remote calls by module and outcome with their durations, and the modules' own counters.
/// Labels name route patterns, methods, statuses and modules, never a raw path or a user's data.
package final class HostMetrics: Sendable {
    private struct RequestKey: Hashable {
        var method: String
        var route: String
        var status: Int
    }

    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    /// Made once per method, route and status: a request then costs a lock and two atomic adds.
    private let requestMetrics = Mutex<[RequestKey: (CoreMetrics.Counter, CoreMetrics.Timer)]>([:])
    private let sessionsCreated: CoreMetrics.Counter

    package init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .milliseconds(1), .milliseconds(2), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50),
            .milliseconds(100), .milliseconds(250), .milliseconds(500), .seconds(1), .seconds(2.5), .seconds(5),
        ]
        self.factory = factory
        sessionsCreated = CoreMetrics.Counter(label: "atrium_sessions_created_total", factory: factory)
        // Which build serves: one series of value 1, labelled with the build's id.
        let build = MetricNameDescriptor(namespace: "atrium", metricName: "build", unitName: "info", helpText: "The build serving: its id as a label")
        registry.makeGauge(descriptor: build, labels: [("build", BuildID.current)]).set(1.0)
    }

    /// Counts a request under its route pattern (`/cookbook/recipes/{id}`; `unmatched` when no route
    /// took it) and records how long it took.
    package func recordRequest(method: String, route: String, status: Int, duration: Duration) {
        let key = RequestKey(method: method, route: route, status: status)
        let (counter, timer) = requestMetrics.withLock { metrics in
            if let made = metrics[key] { return made }
            let dimensions = [("method", method), ("route", route), ("status", String(status))]
            let made = (
                CoreMetrics.Counter(label: "atrium_http_requests_total", dimensions: dimensions, factory: factory),
                CoreMetrics.Timer(
                    label: "atrium_http_request_duration_seconds", dimensions: [("method", method), ("route", route)], factory: factory)
            )
            metrics[key] = made
            return made
        }
        counter.increment()
        timer.record(duration: duration)
    }

    /// Spans the trace exporter lost: a batch the collector did not take, or spans its full queue
    /// turned away.
    package func recordSpansDropped(_ count: Int) {
        CoreMetrics.Counter(label: "atrium_trace_spans_dropped_total", factory: factory).increment(by: Int64(count))
    }

    /// A session row was written: a sign-in, a sign-up, or a visitor who saved something.
    package func recordSessionCreated() { sessionsCreated.increment() }

    /// How long a module took to register (its configuration read, its use cases and routes made).
    package func recordBoot(module: String, duration: Duration) {
        CoreMetrics.Gauge(label: "atrium_module_boot_seconds", dimensions: [("module", module)], factory: factory)
            .record(Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18)
    }

    /// A remote call of a module: `outcome` is the status class (`2xx` … `5xx`) or what went wrong
    /// (`timeout`, `unreachable`, `too_large`, `invalid_url`, `error`).
    package func recordRemoteCall(module: String, outcome: String, duration: Duration) {
        CoreMetrics.Counter(label: "atrium_remote_requests_total", dimensions: [("module", module), ("outcome", outcome)], factory: factory)
            .increment()
        CoreMetrics.Timer(label: "atrium_remote_request_duration_seconds", dimensions: [("module", module)], factory: factory)
            .record(duration: duration)
    }

    /// What happened to a module event: published (stored for its subscribers), delivered (a
    /// subscriber handled it), retried (a handler failed and will be tried again), failed (its tries
    /// ran out).
    package enum EventOutcome: String {
        case published, delivered, retried, failed
    }

    /// Counts an event's outcome, as `atrium_events_<outcome>_total{event, module}` (the publisher
    /// for `published`, else the subscriber).
    package func recordEvent(_ outcome: EventOutcome, name: String, module: String) {
        CoreMetrics.Counter(label: "atrium_events_\(outcome.rawValue)_total", dimensions: [("event", name), ("module", module)], factory: factory)
            .increment()
    }

    /// How long a handled event waited from its publishing to its handling.
    package func recordEventDelay(name: String, seconds: Double) {
        CoreMetrics.Timer(label: "atrium_event_delay_seconds", dimensions: [("event", name)], factory: factory)
            .record(duration: .nanoseconds(Int64(max(0, seconds) * 1e9)))
    }

    /// The age of the oldest event not yet handled by a subscriber here (pending or failed; 0 when
    /// there is none), as of the deliverer's last look.
    package func recordEventBacklog(oldestSeconds: Double) {
        CoreMetrics.Gauge(label: "atrium_events_oldest_pending_seconds", factory: factory).record(oldestSeconds)
    }

    /// How many stored deliveries no live host reads (their event's version, or their subscription,
    /// left with the last host that had it: a rollback), as of this host's last fleet beat.
    package func recordUnreadableEvents(_ count: Int) {
        CoreMetrics.Gauge(label: "atrium_events_unreadable", factory: factory).record(Double(count))
    }

    /// How many record reads went to the database since the host started (the record cache's loads).
    package func recordLoads(_ loads: Int) {
        CoreMetrics.Gauge(label: "atrium_record_loads", factory: factory).record(Double(loads))
    }

    /// Live scene streams: how many are open and how many groups share their renders, and (since the
    /// host started) how many renders the streams cost and how many events and bytes they wrote, and
    /// how many were closed to make room for newer ones (at a cap).
    package func recordLive(streams: Int, groups: Int, figures: (renders: Int, events: Int, bytes: Int), evictions: Int) {
        CoreMetrics.Gauge(label: "atrium_live_evictions", factory: factory).record(Double(evictions))
        CoreMetrics.Gauge(label: "atrium_live_streams", factory: factory).record(Double(streams))
        CoreMetrics.Gauge(label: "atrium_live_groups", factory: factory).record(Double(groups))
        CoreMetrics.Gauge(label: "atrium_live_renders", factory: factory).record(Double(figures.renders))
        CoreMetrics.Gauge(label: "atrium_live_events", factory: factory).record(Double(figures.events))
        CoreMetrics.Gauge(label: "atrium_live_bytes", factory: factory).record(Double(figures.bytes))
    }

    /// The counters a module makes for itself, named `atrium_<module>_<name>_total`.
    package func moduleMetrics(module: String) -> ModuleMetrics {
        let factory = self.factory
        let prefix = "atrium_" + module.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "_" }.joined()
        return ModuleMetrics { name in
            let counter = CoreMetrics.Counter(label: "\(prefix)_\(name)_total", factory: factory)
            return ModuleCounter { counter.increment(by: $0) }
        }
    }

    /// The registry in Prometheus's text format.
    package func exposition() -> [UInt8] { registry.emitToBuffer() }
}
