import AtriumObservability
import Logging
import OTel
import ServiceLifecycle
import Synchronization

/// Sends the host's spans to an OpenTelemetry collector over OTLP/HTTP (swift-otel's tracer, batch
/// processor and exporter), when `tracing` is on: a swift-service-lifecycle service that flushes
/// what it holds when the host stops. A request never waits for it: a finished span is queued
/// (at most ``queueSize``), and a collector that is slow or down costs dropped spans, counted on
/// `/metrics` as `atrium_trace_spans_dropped_total`, never a slower page.
enum TraceExport {
    /// Spans held for the next export at most; more are dropped (and counted).
    static let queueSize = 2048

    /// Starts making spans as `settings` say and returns the service that exports them; nil when
    /// tracing is off.
    static func start(_ settings: TracingSettings, metrics: HostMetrics, logger: Logger) throws -> (any Service)? {
        guard settings.enabled else {
            HostTracing.install(nil)
            return nil
        }
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
        configuration.traces.sampler = sampler(settings)
        configuration.propagators = [.traceContext]
        // The exporter's own warnings (a batch it could not send, spans dropped for a full queue)
        // come here: counted, and written to the host's log once per batch.
        configuration.diagnosticLogger = .custom(
            Logger(label: "atrium.tracing") { _ in DropCountingLogHandler(metrics: metrics, forward: logger) })
        configuration.diagnosticLogLevel = .warning
        let (tracer, service) = try OTel.makeTracingBackend(configuration: configuration)
        HostTracing.install(
            tracer, logMetadata: OTel.makeLoggingMetadataProvider(), isUnsampled: { $0.otelTraceID != nil && !$0.otelIsSampled })
        logger.info(
            "tracing", metadata: ["collector": "\(settings.tracesURL)", "sampler": "\(settings.sampler)", "samplerArg": "\(settings.samplerArg)"])
        return service
    }

    private static func sampler(_ settings: TracingSettings) -> OTel.Configuration.TracesConfiguration.SamplerConfiguration {
        switch settings.sampler {
        case "always_on": .alwaysOn
        case "always_off": .alwaysOff
        case "traceidratio": .traceIDRatio(ratio: settings.samplerArg) ?? .alwaysOn
        case "parentbased_always_off": .parentBasedAlwaysOff
        case "parentbased_traceidratio": .parentBasedTraceIDRatio(ratio: settings.samplerArg) ?? .parentBasedAlwaysOn
        default: .parentBasedAlwaysOn
        }
    }
}
