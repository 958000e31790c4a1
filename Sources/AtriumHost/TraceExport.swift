import AtriumObservability
import Foundation
import Logging
import OTel
import ServiceLifecycle
import Synchronization

/// Sends the host's spans to an OpenTelemetry collector over OTLP/HTTP (swift-otel's tracer, batch
/// processor and exporter), when `tracing` is on. A request never waits for it: a finished span is
/// queued (at most ``queueSize``), and a collector that is slow or down costs dropped spans, counted
/// on `/metrics` as `atrium_trace_spans_dropped_total`, never a slower page.
///
/// The exporter runs in a service group of its own rather than beside the server: a group stops its
/// services in reverse order, and the exporter must outlive the server's last requests and the
/// modules' shutdown, whose spans it then flushes (see ``stop()``).
final class TraceExport: Sendable {
    /// Spans held for the next export at most; more are dropped (and counted).
    static let queueSize = 2048

    private let group: ServiceGroup
    private let running: Task<Void, any Error>

    private init(service: any Service, logger: Logger) {
        let group = ServiceGroup(
            configuration: .init(services: [.init(service: service, serviceName: "trace export")], gracefulShutdownSignals: [], logger: logger))
        self.group = group
        running = Task { try await group.run() }
    }

    /// Sends what is still queued (within the exporter's timeout) and stops making spans.
    func stop() async {
        HostTracing.install(nil)
        await group.triggerGracefulShutdown()
        _ = try? await running.value
    }

    /// Starts making spans as `settings` say and exporting them; nil when tracing is off.
    static func start(_ settings: TracingSettings, metrics: HostMetrics, logger: Logger) throws -> TraceExport? {
        guard settings.enabled else {
            HostTracing.install(nil)
            return nil
        }
        return try exporting(settings, metrics: metrics, logger: logger)
    }

    /// Tracing on. A function of its own, not inlined: the tracer's type is an opaque one, whose
    /// metadata a function asks the runtime for on entry, and resolving it (its generic arguments'
    /// conformances, looked up by scanning every conformance record) cost every start — tracing on
    /// or off — half a millisecond.
    @inline(never)
    private static func exporting(_ settings: TracingSettings, metrics: HostMetrics, logger: Logger) throws -> TraceExport {
        var configuration = OTel.Configuration.default
        configuration.serviceName = settings.serviceName
        configuration.metrics.enabled = false
        configuration.logs.enabled = false
        configuration.traces.enabled = true
        configuration.traces.exporter = .otlp
        configuration.traces.otlpExporter.endpoint = settings.tracesURL
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        configuration.traces.otlpExporter.timeout = .seconds(10)
        configuration.traces.batchSpanProcessor.maxQueueSize = queueSize
        let (sampler, rootSampling) = Self.sampler(settings)
        configuration.traces.sampler = sampler
        if rootSampling != nil {
            // swift-otel applies the OTEL_* variables over the configuration it is given, and would
            // sample again the roots the host already sampled. The host has read these two (into
            // `settings`) and tracing is not reloaded, so they go: read once, at start, as the
            // others are.
            unsetenv("OTEL_TRACES_SAMPLER")
            unsetenv("OTEL_TRACES_SAMPLER_ARG")
        }
        configuration.propagators = [.traceContext]
        // The exporter's own warnings (a batch it could not send, spans dropped for a full queue)
        // come here: counted, and written to the host's log once per batch.
        configuration.diagnosticLogger = .custom(
            Logger(label: "atrium.tracing") { _ in DropCountingLogHandler(metrics: metrics, forward: logger) })
        configuration.diagnosticLogLevel = .warning
        let (tracer, service) = try OTel.makeTracingBackend(configuration: configuration)
        HostTracing.install(
            tracer, logMetadata: OTel.makeLoggingMetadataProvider(), isSampled: { $0.otelTraceID == nil ? nil : $0.otelIsSampled },
            rootSampling: rootSampling)
        logger.info(
            "tracing", metadata: ["collector": "\(settings.tracesURL)", "sampler": "\(settings.sampler)", "samplerArg": "\(settings.samplerArg)"])
        return TraceExport(service: service, logger: logger)
    }

    /// swift-otel's sampler for `settings`, and the host's decision for spans with no parent where
    /// it makes that itself (a parent-based sampler that leaves roots out: see ``RootSampling``).
    /// Plain `traceidratio` stays swift-otel's: its decision is the trace id's, which other
    /// services of the trace repeat, and only the tracer makes the id.
    static func sampler(_ settings: TracingSettings) -> (OTel.Configuration.TracesConfiguration.SamplerConfiguration, RootSampling?) {
        switch settings.sampler {
        case "always_on": (.alwaysOn, nil)
        case "always_off": (.alwaysOff, RootSampling(ratio: 0))
        case "traceidratio": (.traceIDRatio(ratio: settings.samplerArg) ?? .alwaysOn, nil)
        case "parentbased_always_off": (.parentBasedAlwaysOff, RootSampling(ratio: 0))
        case "parentbased_traceidratio": (.parentBasedAlwaysOn, RootSampling(ratio: settings.samplerArg))
        default: (.parentBasedAlwaysOn, nil)
        }
    }
}
