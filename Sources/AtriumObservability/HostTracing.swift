import AtriumSupport
import Logging
import Synchronization
import Tracing

/// The host's tracer, when tracing is on (`tracing.*`, or the standard `OTEL_*` variables): the
/// host makes its spans through here — a request, its scene, its rendering, each storage operation
/// and remote call — so that with tracing off (the default) each place costs one relaxed atomic load
/// and nothing else: no task-local context is bound, no span allocated, no clock read.
///
/// Kept apart from swift-distributed-tracing's process-wide `InstrumentationSystem`, which can be
/// bootstrapped once per process: a test process runs many hosts, and only the one that asked for
/// tracing traces.
package enum HostTracing {
    @usableFromInline static let on = Atomic<Bool>(false)
    private static let installed = Mutex<Installed?>(nil)

    private struct Installed: Sendable {
        let tracer: any Tracer
        let logMetadata: Logger.MetadataProvider?
        /// Whether a context's span was sampled; nil when it holds none. Inside a span the sampler
        /// left out, its children are not made at all.
        let isSampled: @Sendable (ServiceContext) -> Bool?
        /// The decision for spans with no parent, when the host makes it (see ``RootSampling``).
        let rootSampling: RootSampling?
    }

    /// Marks the context of work the sampler left out before any span was made: its steps make none.
    private enum LeftOutKey: ServiceContextKey {
        typealias Value = Bool
    }

    private static let leftOut: ServiceContext = {
        var context = ServiceContext.topLevel
        context[LeftOutKey.self] = true
        return context
    }()

    /// Whether spans are being made.
    @inlinable
    package static var isOn: Bool { on.load(ordering: .relaxed) }

    /// The tracer spans go to, while tracing is on.
    package static var tracer: (any Tracer)? {
        guard isOn else { return nil }
        return installed.withLock { $0?.tracer }
    }

    /// Makes spans with `tracer` from now on; `logMetadata` adds the current span's trace and span
    /// ids to every log line; `isSampled` says whether a context's span was sampled (nil: it holds
    /// none), so that nothing is made under a span the sampler left out; `rootSampling`, when
    /// given, decides for spans with no parent before the tracer is asked (the tracer then samples
    /// every root it is given). Nil turns tracing off.
    package static func install(
        _ tracer: (any Tracer)?, logMetadata: Logger.MetadataProvider? = nil,
        isSampled: @escaping @Sendable (ServiceContext) -> Bool? = { _ in nil }, rootSampling: RootSampling? = nil
    ) {
        installed.withLock {
            $0 = tracer.map { Installed(tracer: $0, logMetadata: logMetadata, isSampled: isSampled, rootSampling: rootSampling) }
        }
        on.store(tracer != nil, ordering: .relaxed)
    }

    /// The current span's ids for a log line (`trace_id`, `span_id`), when tracing is on.
    package static func logMetadata() -> Logger.Metadata? {
        guard isOn, let provider = installed.withLock({ $0?.logMetadata }) else { return nil }
        let metadata = provider.get()
        return metadata.isEmpty ? nil : metadata
    }

    /// Runs `body` inside a span named `name` (a child of the current one) when tracing is on; else
    /// runs `body` with no span at all. Marked inlinable, but release profiles (stop 64) show it
    /// called, not inlined, from the host's other modules, with `body` as a closure: a step on every
    /// request checks ``isOn`` itself and calls its work directly when off. A thrown error marks
    /// the span with the error's type only (``errorKind(of:)``): an error's description may quote a
    /// value. `linkedTo`: the W3C `traceparent`s of spans that caused this one
    /// elsewhere (an event's publishing, the writes a live page follows), kept as links.
    @inlinable
    package static func withSpan<Value>(
        _ name: @autoclosure () -> String, ofKind kind: SpanKind = .internal, linkedTo causes: @autoclosure () -> [String] = [],
        isolation: isolated (any Actor)? = #isolation,
        _ body: (_ span: (any Span)?) async throws -> Value
    ) async rethrows -> Value {
        guard isOn else { return try await body(nil) }
        return try await withStartedSpan(name(), ofKind: kind, linkedTo: causes(), isolation: isolation, body)
    }

    /// Runs `body` making no span at all: the host's own frequent background work (looking at the
    /// run-time switches four times a second), which would otherwise start a trace each time.
    package static func untraced<Value: Sendable>(_ body: @Sendable () async throws -> Value) async rethrows -> Value {
        guard isOn else { return try await body() }
        return try await ServiceContext.withValue(leftOut) { try await body() }
    }

    @usableFromInline
    static func withStartedSpan<Value>(
        _ name: String, ofKind kind: SpanKind, linkedTo causes: [String], isolation: isolated (any Actor)?,
        _ body: (_ span: (any Span)?) async throws -> Value
    ) async rethrows -> Value {
        let parent = ServiceContext.current
        // Inside a trace the sampler left out, nothing below it is recorded either: no span at all
        // (asked first: it is most steps at a low ratio).
        if let parent, parent[LeftOutKey.self] != nil { return try await body(nil) }
        guard let installed = installed.withLock({ $0 }) else { return try await body(nil) }
        switch decision(under: parent, installed) {
        case .leftOut: return try await body(nil)
        case .leftOutHere: return try await ServiceContext.withValue(leftOut) { try await body(nil) }
        case .made: break
        }
        let tracer = installed.tracer
        let span = tracer.startAnySpan(name, context: parent ?? .topLevel, ofKind: kind)
        for cause in causes where isWellFormed(traceparent: cause) {
            var context = ServiceContext.topLevel
            tracer.extract(["traceparent": cause], into: &context, using: DictionaryExtractor())
            span.addLink(SpanLink(context: context, attributes: [:]))
        }
        return try await run(span, isolation: isolation, body)
    }

    /// A request's server span as ``startServerSpan(_:traceparent:tracestate:continuesCaller:)``
    /// started it: made, or left out by the sampler before any span was made (then the request runs
    /// in `context`, so that its steps make none).
    package enum ServerSpan {
        case made(any Span)
        case leftOut(ServiceContext)
    }

    /// Starts a request's server span (named `name` until the route is known: set
    /// ``Span/operationName`` then); the caller makes it current and ends it. The span continues the
    /// caller's trace from `traceparent` only when `continuesCaller` (a trusted proxy, or the host's
    /// own in-process call, whose context is already current); a foreign `traceparent` starts a new
    /// trace that keeps the foreign one as a link. Nil, and nothing else done, when tracing is off.
    package static func startServerSpan(_ name: String, traceparent: String?, tracestate: String?, continuesCaller: Bool) -> ServerSpan? {
        guard isOn, let installed = installed.withLock({ $0 }) else { return nil }
        let tracer = installed.tracer
        var parent = ServiceContext.current
        var foreign: ServiceContext?
        if let traceparent, isWellFormed(traceparent: traceparent) {
            var carrier = ["traceparent": traceparent]
            if let tracestate, tracestate.utf8.count <= 512 { carrier["tracestate"] = tracestate }
            var extracted = ServiceContext.topLevel
            tracer.extract(carrier, into: &extracted, using: DictionaryExtractor())
            if continuesCaller { parent = extracted } else { foreign = extracted }
        }
        switch decision(under: parent, installed) {
        case .leftOut: return .leftOut(parent ?? leftOut)
        case .leftOutHere: return .leftOut(leftOut)
        case .made: break
        }
        let span = tracer.startAnySpan(name, context: parent ?? .topLevel, ofKind: .server)
        if let foreign { span.addLink(SpanLink(context: foreign, attributes: [:])) }
        return .made(span)
    }

    private enum Decision {
        /// Under a span (or work) the sampler left out: nothing is made.
        case leftOut
        /// A span with no parent the sampler leaves out here: nothing is made, and what runs inside
        /// must know it.
        case leftOutHere
        /// The tracer makes the span (and its sampler may still leave it unrecorded).
        case made
    }

    private static func decision(under parent: ServiceContext?, _ installed: Installed) -> Decision {
        if let parent {
            if parent[LeftOutKey.self] != nil { return .leftOut }
            if let sampled = installed.isSampled(parent) { return sampled ? .made : .leftOut }
        }
        guard let root = installed.rootSampling else { return .made }
        return root.keepsNext() ? .made : .leftOutHere
    }

    /// Runs `body` with `span` current, ends it, and marks it failed with what `body` throws.
    private static func run<Value>(
        _ span: any Span, isolation: isolated (any Actor)?, _ body: (_ span: (any Span)?) async throws -> Value
    ) async rethrows -> Value {
        defer { span.end() }
        do {
            // An unrecorded span (the sampler left it out) is current for its children, and takes
            // no attributes.
            return try await ServiceContext.withValue(span.context) { try await body(span.isRecording ? span : nil) }
        } catch {
            mark(span, failedWith: error)
            throw error
        }
    }

    /// The headers that carry the current span to a service this host calls (`traceparent`, and
    /// `tracestate` when there is one); empty when tracing is off or no span is current.
    package static func propagationHeaders() -> [String: String] {
        guard let tracer, let context = ServiceContext.current else { return [:] }
        // Work the sampler left out before making a span says so, so that a parent-based sampler
        // there leaves its part out too.
        if context[LeftOutKey.self] != nil { return ["traceparent": unsampledTraceparent()] }
        var headers: [String: String] = [:]
        tracer.inject(context, into: &headers, using: DictionaryInjector())
        return headers
    }

    /// Runs `body` with the span `traceparent` names as the current one (a write another host made,
    /// so what it wakes here can link to it); as it is when tracing is off.
    package static func within(traceparent: String, _ body: () -> Void) {
        guard let tracer, isWellFormed(traceparent: traceparent) else { return body() }
        var context = ServiceContext.topLevel
        tracer.extract(["traceparent": traceparent], into: &context, using: DictionaryExtractor())
        ServiceContext.withValue(context, operation: body)
    }

    /// The current span as a W3C `traceparent`, to be stored with what it caused (an event); nil
    /// when tracing is off or no recorded span is current (a link to a span never sent is no use).
    package static func currentTraceparent() -> String? {
        guard isOn, let context = ServiceContext.current, context[LeftOutKey.self] == nil,
            let traceparent = propagationHeaders()["traceparent"], !traceparent.hasSuffix("-00")
        else { return nil }
        return traceparent
    }

    /// A new trace's `traceparent` with its sampled flag off.
    private static func unsampledTraceparent() -> String {
        // A trace id and a span id, random, neither all zero (a set last bit).
        var ids = (0..<24).map { _ in UInt8.random(in: .min ... .max) }
        ids[15] |= 1
        ids[23] |= 1
        return "00-" + HexDigits.string(of: Array(ids[0..<16]), count: 16) + "-" + HexDigits.string(of: Array(ids[16...]), count: 8) + "-00"
    }

    /// A W3C `traceparent`: version `00`, 32 and 16 lowercase hex digits not all zero, and flags.
    package static func isWellFormed(traceparent: String) -> Bool {
        let parts = traceparent.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == "00", parts[1].utf8.count == 32, parts[2].utf8.count == 16, parts[3].utf8.count == 2 else {
            return false
        }
        let isHex = { (part: Substring) in part.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) } }
        let isZero = { (part: Substring) in part.utf8.allSatisfy { $0 == 0x30 } }
        return parts.dropFirst().allSatisfy(isHex) && !isZero(parts[1]) && !isZero(parts[2])
    }

    private struct DictionaryExtractor: Extractor {
        func extract(key: String, from carrier: [String: String]) -> String? { carrier[key] }
    }

    private struct DictionaryInjector: Injector {
        func inject(_ value: String, forKey key: String, into carrier: inout [String: String]) { carrier[key] = value }
    }

    /// Marks `span` as failed with the kind of `error` (its type's name), never its description.
    package static func mark(_ span: any Span, failedWith error: any Error) {
        span.setStatus(SpanStatus(code: .error))
        span.attributes["error.type"] = errorKind(of: error)
    }

    /// The name of an error's type, and for an enum case with values its case's name: what went
    /// wrong, never a value (an error's description may quote one).
    package static func errorKind(of error: any Error) -> String {
        let type = String(describing: Swift.type(of: error))
        let mirror = Mirror(reflecting: error)
        guard mirror.displayStyle == .enum, let caseName = mirror.children.first?.label else { return type }
        return "\(type).\(caseName)"
    }
}
