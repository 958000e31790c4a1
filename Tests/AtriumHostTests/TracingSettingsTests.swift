import AtriumConfiguration
import AtriumHost
import AtriumObservability
import AtriumSDK
import Testing

/// `tracing.*` and the standard `OTEL_*` variables: off by default, on with a collector's address,
/// the variables winning over the file, and every malformed value named at its key and variable.
@Suite("Tracing settings")
struct TracingSettingsTests {
    @Test func offByDefaultAndOnWithACollectorsAddress() {
        #expect(TracingSettings().applyingEnvironment { _ in nil }.settings.enabled == false)
        let environment = ["OTEL_EXPORTER_OTLP_ENDPOINT": "http://collector:4318", "OTEL_SERVICE_NAME": "eu-1"]
        let (settings, problems) = TracingSettings().applyingEnvironment { environment[$0] }
        #expect(problems.isEmpty)
        #expect(settings.enabled && settings.serviceName == "eu-1")
        #expect(settings.tracesURL == "http://collector:4318/v1/traces", "the general endpoint gets the signal's path")
        let exact = TracingSettings().applyingEnvironment { $0 == "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT" ? "http://c:4318/otlp/spans" : nil }
        #expect(exact.settings.tracesURL == "http://c:4318/otlp/spans", "the traces endpoint is used as given")
    }

    @Test func theVariablesTurnItOffAndWinOverTheFile() {
        var file = TracingSettings()
        file.enabled = true
        file.sampler = "always_on"
        #expect(file.applyingEnvironment { $0 == "OTEL_SDK_DISABLED" ? "true" : nil }.settings.enabled == false)
        #expect(file.applyingEnvironment { $0 == "OTEL_TRACES_EXPORTER" ? "none" : nil }.settings.enabled == false)
        let ratio = ["OTEL_TRACES_SAMPLER": "traceidratio", "OTEL_TRACES_SAMPLER_ARG": "0.01"]
        let settings = file.applyingEnvironment { ratio[$0] }.settings
        #expect(settings.sampler == "traceidratio" && settings.samplerArg == 0.01)
    }

    @Test func malformedValuesAreNamedWithTheVariableThatSetThem() async throws {
        let environment = ["OTEL_TRACES_SAMPLER": "sometimes", "OTEL_TRACES_SAMPLER_ARG": "lots", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"]
        let problems = try await Fixture.problems(
            "modules: [notes]\ntracing:\n  endpoint: collector:4318\n  samplerArg: 2\n", environment: environment
        ).map(\.description)
        #expect(problems.contains { $0.contains("tracing.endpoint") && $0.contains("not an http or https address") }, "\(problems)")
        #expect(problems.contains { $0.contains("tracing.sampler") && $0.contains("OTEL_TRACES_SAMPLER sets it") }, "\(problems)")
        #expect(problems.contains { $0.contains("tracing.samplerArg") && $0.contains("OTEL_TRACES_SAMPLER_ARG") }, "\(problems)")
        #expect(problems.contains { $0.contains("tracing.samplerArg") && $0.contains("from 0 to 1") }, "the file's own value too: \(problems)")
        #expect(problems.contains { $0.contains("tracing.protocol") && $0.contains("grpc is not built in") }, "\(problems)")
        let credentials = try await Fixture.problems("modules: [notes]\ntracing:\n  endpoint: http://user:secret@collector:4318\n")
            .map(\.description)
        #expect(credentials.contains { $0.contains("tracing.endpoint") && $0.contains("must not hold a user or password") }, "\(credentials)")
        #expect(!credentials.joined().contains("secret"), "the password is never echoed")
    }

    @Test func onlyAWellFormedTraceparentIsRead() {
        #expect(HostTracing.isWellFormed(traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"))
        for malformed in [
            "", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7", "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01", "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01", "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra",
        ] {
            #expect(!HostTracing.isWellFormed(traceparent: malformed), "\(malformed)")
        }
    }

    @Test func anErrorIsMarkedByItsKindNeverItsValues() {
        enum Refusal: Error {
            case wrongPassword(String)
            case locked
        }
        struct Outage: Error { var detail: String }
        #expect(HostTracing.errorKind(of: Refusal.wrongPassword("hunter2")) == "Refusal.wrongPassword")
        #expect(HostTracing.errorKind(of: Refusal.locked) == "Refusal")
        #expect(HostTracing.errorKind(of: Outage(detail: "db at 10.0.0.1")) == "Outage")
    }
}
