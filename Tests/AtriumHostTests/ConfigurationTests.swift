import AtriumHost
import AtriumSDK
import Testing

@testable import AtriumFixtures

@Suite("Configuration validation")
struct ConfigurationTests {
    @Test func aValidConfigurationBootsItsModules() async throws {
        let host = try await Fixture.host()
        defer { host.tearDown() }
        #expect(host.plan.registry.modules.map(\.manifest.id) == ["notes", "accounts"])
        #expect(host.plan.settings.http.port == 8080)
    }

    @Test func environmentOverridesTheFile() async throws {
        let host = try await Fixture.host(
            Fixture.notesAndAccounts + "\nhttp:\n  port: 9000\n",
            environment: ["HTTP_PORT": "9123", "NOTES_GREETING": "Hi from env", "NOTES_LIMIT": "3"]
        )
        defer { host.tearDown() }
        #expect(host.plan.settings.http.port == 9123)
        let page = try await host.run { try await $0.get("/notes") }
        #expect(page.body.contains("Hi from env"))
    }

    @Test func anUnknownModuleIdListsTheAvailableOnes() async throws {
        let problems = try await Fixture.problems("modules: [notes, accounts, nope]\nnotes:\n  greeting: Hi\n")
        #expect(problems.count == 1)
        #expect(problems[0].key == "modules")
        #expect(problems[0].description.contains("unknown module 'nope'"))
        #expect(problems[0].description.contains("available: notes, accounts"))
    }

    @Test func anUnknownKeyInASectionIsNamedWithItsLine() async throws {
        let problems = try await Fixture.problems("modules: [notes, accounts]\nnotes:\n  greeting: Hi\n  greting: typo\n")
        #expect(problems.map(\.key) == ["notes.greting"])
        #expect(problems[0].description.contains("line 4"))
        #expect(problems[0].description.contains("greeting"))
    }

    @Test func aMissingKeySaysWhatToAdd() async throws {
        let problems = try await Fixture.problems("modules: [notes, accounts]\nnotes:\n  limit: 3\n")
        #expect(problems.map(\.key) == ["notes.greeting"])
        #expect(problems[0].description.contains("is missing"))
        #expect(problems[0].description.contains("add `greeting:"))
    }

    @Test func aMistypedKeySaysWhatTypeItNeeds() async throws {
        let problems = try await Fixture.problems("modules: [notes, accounts]\nnotes:\n  greeting: Hi\n  limit: many\n  showsTips: perhaps\n")
        #expect(Set(problems.map(\.key)) == ["notes.limit", "notes.showsTips"])
        #expect(problems.contains { $0.description.contains("must be a whole number, not 'many' (line 4)") })
        #expect(problems.contains { $0.description.contains("must be true or false, not 'perhaps' (line 5)") })
    }

    @Test func aRequirementNoEnabledModuleProvidesNamesTheProvider() async throws {
        let problems = try await Fixture.problems("modules: [maps]\n")
        #expect(problems.count == 1)
        #expect(problems[0].description.contains("module 'maps' requires 'places'"))
        #expect(problems[0].description.contains("add 'places' to modules"))
    }

    @Test func aRouteNameNothingBindsIsReportedAtItsKey() async throws {
        let problems = try await Fixture.problems("modules: [notes, accounts]\nnotes:\n  greeting: Hi\n  settingsRoute: preferences\n")
        #expect(problems.map(\.key) == ["notes.settingsRoute"])
        #expect(problems[0].description.contains("no enabled module binds the route name 'preferences'"))
        #expect(problems[0].description.contains("page route names: notes, sign-in"))
    }

    @Test func twoModulesClaimingTheSameURLsAreReported() async throws {
        let problems = try await Fixture.problems("modules: [notes, accounts, clash]\nnotes:\n  greeting: Hi\n")
        #expect(problems.count == 1)
        #expect(problems[0].description.contains("GET /notes/items/{id:int} (module 'notes')"))
        #expect(problems[0].description.contains("GET /notes/items/{number:int} (module 'clash')"))
    }

    @Test func aGuardWithoutSignInIsReported() async throws {
        let problems = try await Fixture.problems("modules: [vault]\n")
        #expect(problems.contains { $0.description.contains("no enabled module binds the route name 'sign-in'") })
        #expect(problems.contains { $0.description.contains("no enabled module provides 'current-user'") })
    }

    @Test func hostKeysAreCheckedToo() async throws {
        let problems = try await Fixture.problems("modules: []\nhttp:\n  port: 70000\n  hots: x\nlog:\n  level: loud\nextra: 1\n")
        #expect(Set(problems.map(\.key)) == ["http.port", "http.hots", "log.level", "extra"], "a bad value hides no unknown key")
        #expect(problems.contains { $0.description.contains("log.level: is not one of the choices ('loud') — use one of: trace, debug, info") })
        let typo = try await Fixture.problems("modules: []\nhttp:\n  hots: x\n")
        #expect(
            typo.map(\.description) == [
                "http.hots: unknown key (line 3) — remove it or use one of: behindTLS, bodyTimeoutSeconds, drainSeconds, headTimeoutSeconds, host, idleTimeoutSeconds, maxConnections, maxStreams, maxStreamsPerAddress, maxStreamsPerVisitor, metrics, port, publicURL, requestTimeoutSeconds, trustedProxies"
            ]
        )
    }

    @Test func aTrustedProxyMustBeAnAddress() async throws {
        let problems = try await Fixture.problems("modules: []\nhttp:\n  trustedProxies: [10.0.0.2, proxy.local]\n")
        #expect(problems.map(\.key) == ["http.trustedProxies[1]"])
        #expect(try await Fixture.problems("modules: []\nhttp:\n  trustedProxies: [10.0.0.2, \"::1\"]\n").isEmpty)
    }

    @Test func badYAMLNamesTheLine() async throws {
        let problems = try await Fixture.problems("modules: [notes\nnotes:\n  greeting: Hi\n")
        #expect(problems.count == 1)
        #expect(problems[0].description.contains("not valid YAML"))
    }

    @Test func fiveMistakesGiveFiveMessagesAtOnce() async throws {
        let yaml = """
            modules: [notes, accounts, maps, nope]
            http:
              port: eighty
            notes:
              greting: Hi
            """
        let problems = try await Fixture.problems(yaml)
        #expect(problems.count == 5)
        #expect(problems.contains { $0.description.contains("unknown module 'nope'") })
        #expect(problems.contains { $0.description.contains("module 'maps' requires 'places'") })
        #expect(problems.contains { $0.key == "http.port" })
        #expect(problems.contains { $0.key == "notes.greeting" && $0.description.contains("is missing") })
        #expect(problems.contains { $0.key == "notes.greting" && $0.description.contains("unknown key") })
    }
}
