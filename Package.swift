// swift-tools-version:6.2
import Foundation
import PackageDescription

// Feature modules are discovered from `Modules/<Name>/`: a folder with `Sources/` becomes a library
// target named `<Name>` that may import only the SDK, and a `Tests/` folder beside it becomes the
// test target `<Name>Tests`. The host links every discovered module through `AtriumCatalog`, whose
// source a build plugin generates from this same list, so adding a module needs no edit here.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
let modulesFolder = root.appendingPathComponent("Modules")

func isFolder(_ url: URL) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
}

/// The module folders as `atrium new-module` and `remove-module` last left them: SwiftPM reads a
/// manifest again only when its text changes, so those tools write this list and the next
/// `swift build` sees what they added or removed. Every folder under Modules/ with a Sources/ folder
/// is a module, listed here or not (one added by hand is seen once this text next changes).
let modulesWhenLastWritten = ["Cookbook", "Login", "Mobility", "Moneybox", "Pilot"]

let featureModules: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: modulesFolder.path)) ?? [])
    .filter { isFolder(modulesFolder.appendingPathComponent($0).appendingPathComponent("Sources")) }
    .sorted()

/// A module's `Sources/Resources/` ships beside it (its bundle); each file in `Sources/Embedded/` is
/// compiled into it as bytes (`PackageResources.<file_name>`), read at boot without a file lookup.
/// A module's String Catalog, compiled by StringCatalogPlugin rather than copied (see ModuleTranslations).
let catalogFile = "Localizable.xcstrings"

func hasCatalog(_ name: String) -> Bool {
    FileManager.default.fileExists(atPath: modulesFolder.appendingPathComponent("\(name)/Sources/Resources/\(catalogFile)").path)
}

func moduleResources(_ name: String) -> [Resource]? {
    let sources = modulesFolder.appendingPathComponent("\(name)/Sources")
    let embedded = ((try? FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent("Embedded").path)) ?? [])
        .filter { !$0.hasPrefix(".") }.sorted()
    let resources = (copiesResources(name) ? [Resource.copy("Resources")] : []) + embedded.map { Resource.embedInCode("Embedded/\($0)") }
    return resources.isEmpty ? nil : resources
}

/// Whether a module's Resources folder holds more than the catalog the plugin compiles: then it
/// is copied whole.
func copiesResources(_ name: String) -> Bool {
    let folder = modulesFolder.appendingPathComponent("\(name)/Sources/Resources")
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).contains { !$0.hasPrefix(".") && $0 != catalogFile }
}

/// The catalog, when no Resources folder is copied with it.
func moduleExclusions(_ name: String) -> [String] {
    hasCatalog(name) && !copiesResources(name) ? ["Resources/\(catalogFile)"] : []
}

let featureTargets: [Target] = featureModules.flatMap { name -> [Target] in
    var targets: [Target] = [
        .target(
            name: name,
            dependencies: ["AtriumSDK", "AtriumContracts", .product(name: "Logging", package: "swift-log")],
            path: "Modules/\(name)/Sources",
            exclude: moduleExclusions(name),
            resources: moduleResources(name),
            plugins: hasCatalog(name) ? ["StringCatalogPlugin"] : []
        )
    ]
    if isFolder(modulesFolder.appendingPathComponent(name).appendingPathComponent("Tests")) {
        targets.append(
            .testTarget(
                name: "\(name)Tests",
                // A module's host tests boot hosts through the test kit and read the host's own types.
                dependencies: [
                    .target(name: name), "AtriumSDK", "AtriumContracts", "AtriumTestKit", "AtriumHost", "AtriumRuntime", "AtriumConfiguration",
                    "AtriumServices",
                    .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
                ],
                path: "Modules/\(name)/Tests"
            )
        )
    }
    if isFolder(modulesFolder.appendingPathComponent(name).appendingPathComponent("Benchmarks")) {
        // `swift run -c release <Name>Benchmark` prints the module's speed figures.
        targets.append(.executableTarget(name: "\(name)Benchmark", dependencies: [.target(name: name)], path: "Modules/\(name)/Benchmarks"))
    }
    return targets
}

// The package's own targets, in a few lists (one list of them all is more than the compiler types in time).
let targetsPart1: [Target] = [
    .target(
        name: "AtriumSDK",
        dependencies: [.product(name: "Logging", package: "swift-log")]
    ),
    // What modules share with each other (protocols and value types), beside the SDK's contracts
    // with the host: modules may import it, never each other.
    .target(
        name: "AtriumContracts",
        dependencies: ["AtriumSDK"]
    ),
    // The native client kit: Foundation only, so it builds for iOS as for Linux (.ci/run checks
    // its imports); it knows the host only through the scene documents it answers.
    .target(name: "AtriumClient"),
    // The host, in layers whose dependencies run one way (Documentation/architecture.md; checked by
    // .ci/check-host-layers.py): observability ← storage ← events ← configuration, rendering ←
    // runtime ← HTTP ← live scenes ← the host that assembles them. They share through `package`
    // access; `public` is what module teams use.
    // General utilities any host target may use: hexadecimal digits, a bounded memo, a child
    // task, base64url, a wake-up signal.
    .target(name: "AtriumSupport"),
    // What a stored record is across versions: its JSON merged over what a newer version wrote,
    // the fields its type writes, and decoding with `RecordDefaults`.
    .target(name: "AtriumRecords", dependencies: ["AtriumSDK"]),
    .target(
        name: "AtriumObservability",
        dependencies: [
            "AtriumSDK",
            "AtriumSupport",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Tracing", package: "swift-distributed-tracing"),
        ]
    ),
    .target(
        name: "AtriumStorage",
        dependencies: [
            .product(name: "Tracing", package: "swift-distributed-tracing"),
            "AtriumSDK",
            "AtriumSupport",
            "AtriumRecords",
            "AtriumObservability",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
        ]
    ),
]

let targetsPart2: [Target] = [
    // PostgreSQL storage for several hosts behind one load balancer: records, sessions, the
    // change feed over LISTEN/NOTIFY, on the storage's protocols.
    .target(
        name: "AtriumPostgres",
        dependencies: [
            "AtriumSDK",
            "AtriumRecords",
            "AtriumObservability",
            "AtriumStorage",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "NIOSSL", package: "swift-nio-ssl"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
        ]
    ),
    .target(
        name: "AtriumEvents",
        dependencies: [
            .product(name: "Tracing", package: "swift-distributed-tracing"),
            "AtriumSDK",
            "AtriumObservability",
            "AtriumStorage",
            "AtriumPostgres",
            "AtriumSupport",
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]
    ),
    .target(
        name: "AtriumConfiguration",
        dependencies: [
            "AtriumSDK",
            .product(name: "Configuration", package: "swift-configuration"),
            .product(name: "Yams", package: "Yams"),
        ]
    ),
    // Every language the host speaks: the configuration's languages, the modules' and the host's
    // catalogs (compiled when built), translators, plural rules, and each request's language.
    .target(
        name: "AtriumLocalization",
        dependencies: ["AtriumSDK", "AtriumSupport", "StringCatalogFile"],
        exclude: ["Resources/Localizable.xcstrings"],
        plugins: ["StringCatalogPlugin"]
    ),
    .target(
        name: "AtriumRendering",
        dependencies: ["AtriumSupport", "AtriumSDK", "AtriumLocalization", .product(name: "NIOCore", package: "swift-nio")]
    ),
    // The services the host lends to modules: sealing and signing under the host key (AES-GCM,
    // JWTs, bcrypt), the outbound HTTP client and its address checks, the clock and randomness.
    .target(
        name: "AtriumServices",
        dependencies: [
            "AtriumSDK",
            "AtriumSupport",
            "AtriumObservability",
            "AtriumStorage",
            .product(name: "Tracing", package: "swift-distributed-tracing"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "JWTKit", package: "jwt-kit"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]
    ),
]

let targetsPart3: [Target] = [
    // The HTTP/1.1 server under everything: its settings (`http.*`), the listener and the
    // connection guard (timeouts, the connection and stream caps).
    .target(
        name: "AtriumListener",
        dependencies: [
            "AtriumSDK",
            "AtriumObservability",
            "AtriumConfiguration",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "NIOExtras", package: "swift-nio-extras"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]
    ),
    .target(
        name: "AtriumRuntime",
        dependencies: [
            .product(name: "Tracing", package: "swift-distributed-tracing"),
            "AtriumSDK",
            "AtriumRecords",
            "AtriumObservability",
            "AtriumStorage",
            "AtriumEvents",
            "AtriumConfiguration",
            "AtriumLocalization",
            "AtriumRendering",
            "AtriumSupport",
            "AtriumServices",
            "AtriumListener",
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]
    ),
    // The documents the host publishes about itself, made from its registry: the OpenAPI
    // document and the scene schema's JSON Schema.
    .target(
        name: "AtriumSchemas",
        dependencies: ["AtriumSDK", "AtriumConfiguration", "AtriumRendering", "AtriumRuntime"]
    ),
    // The outcomes of actions sent with an Idempotency-Key, kept on either storage.
    .target(
        name: "AtriumActions",
        dependencies: [
            "AtriumStorage",
            "AtriumPostgres",
            "AtriumSupport",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
        ]
    ),
    // Where a request becomes an answer, with no HTTP framework's types: negotiation, the
    // session and its guard, the language, an action's body and token, running the scene, the
    // kept loads and rendered screens, tags and 304s, the standard screens.
    .target(
        name: "AtriumPages",
        dependencies: [
            "AtriumSDK",
            "AtriumSupport",
            "AtriumObservability",
            "AtriumStorage",
            "AtriumLocalization",
            "AtriumRendering",
            "AtriumServices",
            "AtriumListener",
            "AtriumRuntime",
            "AtriumActions",
            .product(name: "Tracing", package: "swift-distributed-tracing"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]
    ),
    // Live scenes: a client of the pages, streaming a scene's states as they change.
    .target(
        name: "AtriumLive",
        dependencies: [
            "AtriumSDK",
            "AtriumSupport",
            "AtriumObservability",
            "AtriumStorage",
            "AtriumRendering",
            "AtriumListener",
            "AtriumRuntime",
            "AtriumPages",
            .product(name: "Tracing", package: "swift-distributed-tracing"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]
    ),
    .target(
        name: "AtriumHTTP",
        dependencies: [
            .product(name: "Tracing", package: "swift-distributed-tracing"),
            "AtriumSDK",
            "AtriumSupport",
            "AtriumObservability",
            "AtriumStorage",
            "AtriumConfiguration",
            "AtriumLocalization",
            "AtriumRendering",
            "AtriumServices",
            "AtriumListener",
            "AtriumRuntime",
            "AtriumSchemas",
            "AtriumPages",
            "AtriumLive",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
        ],
        // The page's stylesheet and script compiled in as bytes: the host finds no bundle when it starts.
        resources: [
            .embedInCode("Resources/atrium.css"), .embedInCode("Resources/atrium.js"), .embedInCode("Resources/atrium-worker.js"),
            .embedInCode("Resources/atrium-icon.svg"),
        ]
    ),
]

let targetsPart4: [Target] = [
    .target(
        name: "AtriumHost",
        dependencies: [
            "AtriumSDK",
            "AtriumObservability",
            "AtriumStorage",
            "AtriumEvents",
            "AtriumConfiguration",
            "AtriumRendering",
            "AtriumRuntime",
            "AtriumListener",
            "AtriumLocalization",
            "AtriumPostgres",
            "AtriumActions",
            "AtriumPages",
            "AtriumHTTP",
            "AtriumLive",
            "AtriumServices",
            "AtriumSupport",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "OTel", package: "swift-otel"),
            .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            .product(name: "GRDB", package: "GRDB.swift"),
            .product(name: "PostgresNIO", package: "postgres-nio"),
        ]
    ),
    .target(
        name: "AtriumCatalog",
        dependencies: ["AtriumSDK"] + featureModules.map { .target(name: $0) },
        plugins: ["ModuleCatalogPlugin"]
    ),
    .executableTarget(
        name: "ModuleCatalogGenerator"
    ),
    .target(name: "StringCatalogFile"),
    .executableTarget(
        name: "StringCatalogCompiler",
        dependencies: ["StringCatalogFile"]
    ),
    .plugin(
        name: "StringCatalogPlugin",
        capability: .buildTool(),
        dependencies: ["StringCatalogCompiler"],
        path: "Sources/StringCatalogPlugin"
    ),
]

let targetsPart5: [Target] = [
    .plugin(
        name: "ModuleCatalogPlugin",
        capability: .buildTool(),
        dependencies: ["ModuleCatalogGenerator"],
        path: "Sources/ModuleCatalogPlugin"
    ),
    .executableTarget(
        name: "atrium",
        dependencies: [
            "AtriumSupport",
            "AtriumListener",
            "AtriumPostgres",
            "AtriumSDK",
            "AtriumObservability",
            "AtriumStorage",
            "AtriumEvents",
            "AtriumConfiguration",
            "AtriumRuntime",
            "AtriumHTTP",
            "AtriumHost",
            "AtriumCatalog",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
    // The developer tools (`atrium new-module`, `new-scene`, `remove-module` run it), an
    // executable of their own: the server binary carries none of their code.
    .executableTarget(
        name: "atrium-dev",
        dependencies: [
            "AtriumCatalog",
            "AtriumConfiguration",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]
    ),
    // `atrium open`'s terminal client, an executable of its own that `atrium open` runs: linked
    // into `atrium`, the kit's URLSession would bring FoundationNetworking and its curl, TLS and
    // Kerberos libraries into every host's start (5–8 ms to load). Not a dependency of `atrium`
    // either, since SwiftPM links an executable dependency's libraries into its dependent.
    .executableTarget(
        name: "atrium-open",
        dependencies: ["AtriumClient", "AtriumSupport"]
    ),
    .target(
        name: "AtriumTestKit",
        dependencies: [
            "AtriumListener", "AtriumLocalization", "AtriumRecords",
            "AtriumPages",
            "AtriumPostgres",
            "AtriumServices",
            "AtriumSDK",
            "AtriumObservability",
            "AtriumStorage",
            "AtriumEvents",
            "AtriumConfiguration",
            "AtriumRendering",
            "AtriumRuntime",
            "AtriumHTTP",
            "AtriumHost",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            // TestOpenIDProvider signs ID tokens as a provider would, and checks PKCE.
            .product(name: "JWTKit", package: "jwt-kit"),
            .product(name: "Crypto", package: "swift-crypto"),
        ]
    ),
    // Fixture modules that exercise the whole SDK; not modules of the product (not in Modules/).
    .target(
        name: "AtriumFixtures",
        dependencies: ["AtriumSDK", .product(name: "Logging", package: "swift-log")],
        path: "Tests/AtriumFixtures"
    ),
]

let targetsPart6: [Target] = [
    // Serves the fixture modules for the browser tests in Tests/Browser.
    .executableTarget(
        name: "atrium-fixture-host",
        dependencies: [
            "AtriumFixtures", "AtriumConfiguration", "AtriumRuntime", "AtriumHost", "AtriumObservability",
            .product(name: "Logging", package: "swift-log"),
        ],
        path: "Tests/FixtureHost"
    ),
    // The benchmark's bare server: the same bytes from memory (Tests/Benchmarks/run.sh).
    .executableTarget(
        name: "atrium-bare-server",
        dependencies: [.product(name: "Hummingbird", package: "hummingbird"), .product(name: "Logging", package: "swift-log")],
        path: "Tests/Benchmarks/BareServer"
    ),
    // The client kit sending what waited offline, timed against a running host (Tests/Benchmarks/offline.py).
    .executableTarget(
        name: "atrium-kit-bench",
        dependencies: ["AtriumClient"],
        path: "Tests/Benchmarks/KitBench"
    ),
    .testTarget(
        name: "AtriumHostTests",
        dependencies: [
            "AtriumListener", "AtriumLocalization", "AtriumPages", "AtriumPostgres", "AtriumServices", "AtriumSupport", "AtriumActions",
            "AtriumRecords",
            "AtriumSDK",
            "AtriumObservability",
            "AtriumStorage",
            "AtriumEvents",
            "AtriumConfiguration",
            "AtriumRendering",
            "AtriumRuntime",
            "AtriumHTTP",
            "AtriumLive",
            "AtriumHost",
            "AtriumTestKit",
            "AtriumFixtures",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            // The take-over's offer run as a service (HandOverTests).
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            // Every module's translations, for the catalog check.
            "AtriumCatalog",
            // The catalog files' reading and compiling.
            "StringCatalogFile",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
            .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
            .product(name: "PropertyBased", package: "swift-property-based"),
            .product(name: "GRDB", package: "GRDB.swift"),
            // Connections without sockets, for the connection cap's choices.
            .product(name: "NIOEmbedded", package: "swift-nio"),
        ]
    ),
    // The native client kit, against hosts serving every module on a port (and alone, against
    // transports that answer what a test needs).
    .testTarget(
        name: "AtriumClientTests",
        dependencies: ["AtriumClient", "AtriumSDK", "AtriumTestKit", "AtriumCatalog", "AtriumRendering", "AtriumSchemas"],
        // The golden documents are read from the source tree (and recorded there).
        exclude: ["Golden"]
    ),

]

let allTargets: [Target] = [targetsPart1, targetsPart2, targetsPart3, targetsPart4, targetsPart5, targetsPart6, featureTargets].flatMap { $0 }

let package = Package(
    name: "Atrium",
    platforms: [.macOS(.v15), .iOS(.v16)],
    products: [
        .executable(name: "atrium", targets: ["atrium"]),
        .executable(name: "atrium-open", targets: ["atrium-open"]),
        .library(name: "AtriumSDK", targets: ["AtriumSDK"]),
        .library(name: "AtriumTestKit", targets: ["AtriumTestKit"]),
        .library(name: "AtriumContracts", targets: ["AtriumContracts"]),
        .library(name: "AtriumClient", targets: ["AtriumClient"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        // Hummingbird's own; named for the event loop threads the host starts while it boots.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        // Hummingbird's own; the host's connection guard reads the decoded HTTP parts it defines.
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        // Hummingbird's own: the requests' and responses' fields and statuses the host reads and writes.
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        // postgres-nio's own: the TLS settings of a PostgreSQL connection (`storage.url`'s sslmode).
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-configuration.git", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth.git", from: "2.5.0"),
        // Signed tokens (HS256 under the host's key now; OpenID Connect's ID tokens against JWKS).
        .package(url: "https://github.com/vapor/jwt-kit.git", from: "5.7.1"),
        // The host reads the configuration file's key tree itself (with line numbers, a bound on
        // alias expansion, and every problem reported at once); swift-configuration reads the
        // environment.
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        // PostgreSQL storage for several hosts behind one load balancer (`storage.kind: postgres`).
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // GET /metrics: counters and histograms through swift-metrics, in Prometheus's text format.
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        // Traces (`tracing.*`, OTEL_*): the host makes its spans through swift-distributed-tracing's
        // API and swift-otel exports them over OTLP/HTTP. Its gRPC exporter is left out: it would
        // build grpc-swift and its HTTP/2 transport in every CI run for a protocol nobody asked for.
        .package(url: "https://github.com/apple/swift-distributed-tracing.git", from: "1.7.3"),
        .package(url: "https://github.com/swift-otel/swift-otel.git", from: "1.6.0", traits: ["OTLPHTTP"]),
        // `swift package generate-documentation`: the SDK's, the shared contracts' and the test
        // kit's DocC catalogs (a plugin only: nothing of it links into the host).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        // Property-based tests: arbitrary input never traps, never takes more than linear time.
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: allTargets,
    swiftLanguageModes: [.v6]
)
