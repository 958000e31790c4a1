import AtriumSDK
import Foundation

/// `tracing`: whether the host makes OpenTelemetry spans and where it sends them (OTLP over
/// HTTP/protobuf). Off by default. The standard `OTEL_*` variables set the same things and win
/// over the file (``applyingEnvironment(_:)``): a collector's address in
/// `OTEL_EXPORTER_OTLP_ENDPOINT` turns tracing on; `OTEL_SDK_DISABLED=true` or
/// `OTEL_TRACES_EXPORTER=none` turns it off.
package struct TracingSettings: ModuleConfiguration, Equatable {
    package var enabled = false
    /// The collector's OTLP/HTTP address; spans go to its `/v1/traces`.
    package var endpoint = "http://localhost:4318"
    /// Only `http/protobuf` is built in (gRPC would cost every build minutes).
    package var `protocol` = "http/protobuf"
    /// Which requests are traced (the OpenTelemetry names).
    package var sampler = "parentbased_always_on"
    /// The share of traces a `traceidratio` sampler keeps, from 0 to 1.
    package var samplerArg = 1.0
    package var serviceName = "atrium"
    /// `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`, which is used as given (no `/v1/traces` added).
    package var exactTracesURL: String?

    enum CodingKeys: String, CodingKey {
        case enabled, endpoint, `protocol`, sampler, samplerArg, serviceName
    }

    /// Where spans are posted: the traces endpoint as given, else `/v1/traces` under the endpoint.
    package var tracesURL: String {
        exactTracesURL ?? (endpoint.hasSuffix("/") ? endpoint + "v1/traces" : endpoint + "/v1/traces")
    }

    package static let samplers = [
        "always_on", "always_off", "traceidratio", "parentbased_always_on", "parentbased_always_off", "parentbased_traceidratio",
    ]

    package static let settingDescriptions = [
        "enabled": "make OpenTelemetry spans and send them to the collector (OTEL_EXPORTER_OTLP_ENDPOINT turns it on too); read at start",
        "endpoint": "the collector's OTLP/HTTP address, e.g. http://collector:4318 (OTEL_EXPORTER_OTLP_ENDPOINT)",
        "protocol": "http/protobuf, the one built in (OTEL_EXPORTER_OTLP_PROTOCOL)",
        "sampler": "always_on, always_off, traceidratio, or parentbased_ with one of those (OTEL_TRACES_SAMPLER)",
        "samplerArg": "the share of traces kept by a traceidratio sampler, 0 to 1, e.g. 0.01 (OTEL_TRACES_SAMPLER_ARG)",
        "serviceName": "the service's name on its spans (OTEL_SERVICE_NAME)",
    ]

    package init() {}

    /// The standard variables this host reads, each with the key it stands for.
    package static let environmentKeys: [(variable: String, key: String)] = [
        ("OTEL_SERVICE_NAME", "serviceName"),
        ("OTEL_EXPORTER_OTLP_ENDPOINT", "endpoint"),
        ("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "endpoint"),
        ("OTEL_EXPORTER_OTLP_PROTOCOL", "protocol"),
        ("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "protocol"),
        ("OTEL_TRACES_SAMPLER", "sampler"),
        ("OTEL_TRACES_SAMPLER_ARG", "samplerArg"),
    ]

    /// These settings with the standard `OTEL_*` variables `environment` gives applied over them,
    /// and what is wrong with the result that the file alone did not have (a problem with a value a
    /// variable set names the variable).
    package func applyingEnvironment(_ environment: (String) -> String?) -> (settings: TracingSettings, problems: [SettingProblem]) {
        let (settings, problems) = applying(environment)
        let own = self.problems()
        let setBy = Dictionary(Self.environmentKeys.filter { environment($0.variable) != nil }.map { ($0.key, $0.variable) }) { _, last in last }
        let added = settings.problems().filter { problem in !own.contains { $0.key == problem.key && $0.message == problem.message } }.map {
            problem in
            SettingProblem(key: problem.key, message: problem.message + (setBy[problem.key].map { " (\($0) sets it)" } ?? ""), fix: problem.fix)
        }
        return (settings, problems + added)
    }

    private func applying(_ environment: (String) -> String?) -> (settings: TracingSettings, problems: [SettingProblem]) {
        var settings = self
        var problems: [SettingProblem] = []
        // A signal's own endpoint is used as given; the general one gets `/v1/traces` added by the
        // exporter, as the specification says. Either turns tracing on.
        if let endpoint = environment("OTEL_EXPORTER_OTLP_ENDPOINT") {
            settings.endpoint = endpoint
            settings.enabled = true
        }
        if let endpoint = environment("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") {
            settings.endpoint = endpoint
            settings.exactTracesURL = endpoint
            settings.enabled = true
        }
        if let name = environment("OTEL_SERVICE_NAME") { settings.serviceName = name }
        if let value = environment("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL") ?? environment("OTEL_EXPORTER_OTLP_PROTOCOL") {
            settings.protocol = value
        }
        if let sampler = environment("OTEL_TRACES_SAMPLER") { settings.sampler = sampler }
        if let text = environment("OTEL_TRACES_SAMPLER_ARG") {
            if let value = Double(text.trimmingCharacters(in: .whitespaces)) {
                settings.samplerArg = value
            } else {
                problems.append(
                    SettingProblem(key: "samplerArg", message: "OTEL_TRACES_SAMPLER_ARG '\(text.prefix(40))' is not a number from 0 to 1"))
            }
        }
        if environment("OTEL_SDK_DISABLED")?.lowercased() == "true" { settings.enabled = false }
        if let exporter = environment("OTEL_TRACES_EXPORTER")?.lowercased() {
            switch exporter {
            case "none": settings.enabled = false
            case "otlp": settings.enabled = true
            default:
                problems.append(
                    SettingProblem(
                        key: "enabled", message: "OTEL_TRACES_EXPORTER '\(exporter.prefix(40))' is not an exporter this host has",
                        fix: "use otlp or none"))
            }
        }
        return (settings, problems)
    }

    package func problems() -> [SettingProblem] {
        var problems: [SettingProblem] = []
        if let url = URL(string: endpoint), url.user != nil || url.password != nil {
            // Not echoed: the value holds a password.
            problems.append(
                SettingProblem(
                    key: "endpoint", message: "must not hold a user or password (the collector's address is written to the log)",
                    fix: "give the address alone; let the collector trust the network it listens on"))
        } else if Self.collectorAddress(endpoint) == nil {
            problems.append(
                SettingProblem(
                    key: "endpoint", message: "'\(endpoint.prefix(80))' is not an http or https address",
                    fix: "give the collector's OTLP/HTTP address, such as http://collector:4318"))
        }
        if `protocol` != "http/protobuf" {
            problems.append(
                SettingProblem(
                    key: "protocol", message: "'\(`protocol`.prefix(40))' is not a protocol this host sends spans with",
                    fix: "use http/protobuf (grpc is not built in)"))
        }
        if !Self.samplers.contains(sampler) {
            problems.append(
                SettingProblem(
                    key: "sampler", message: "'\(sampler.prefix(40))' is not a sampler", fix: "use one of \(Self.samplers.joined(separator: ", "))"))
        }
        if !samplerArg.isFinite || !(0...1).contains(samplerArg) {
            problems.append(SettingProblem(key: "samplerArg", message: "must be from 0 to 1 (the share of traces kept)"))
        }
        if serviceName.isEmpty || serviceName.utf8.count > 128 {
            problems.append(SettingProblem(key: "serviceName", message: "must be 1 to 128 characters"))
        }
        return problems
    }

    /// `text` when it is an http(s) address with a host and no credentials; nil otherwise.
    static func collectorAddress(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = url.host, !host.isEmpty, url.user == nil, url.password == nil
        else { return nil }
        return url
    }
}
