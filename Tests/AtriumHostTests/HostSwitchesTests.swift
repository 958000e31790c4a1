import AtriumSDK
import Testing

@testable import AtriumRuntime

/// What a run-time switch means before any host applies it: the values a flag takes, and which
/// modules a module switched off takes along.
@Suite("Run-time switches")
struct HostSwitchesTests {
    @Test func aFlagsValueIsOnOffAShareOrSomeUsersAndNothingElse() throws {
        #expect(try HostSwitches.rollout("on").get() == .on)
        #expect(try HostSwitches.rollout(" OFF ").get() == .off)
        #expect(try HostSwitches.rollout("25%").get() == .percent(25))
        #expect(try HostSwitches.rollout("users: Ada@Example.com, bob@example.com").get() == .users(["ada@example.com", "bob@example.com"]))
        for wrong in ["maybe", "101%", "-1%", "users:", "users:nobody", "", "%"] {
            #expect(throws: SwitchProblem.self, "\(wrong)") { try HostSwitches.rollout(wrong).get() }
        }
        let addresses = (1...HostSwitches.maximumUsers).map { "t\($0)@example.com" }
        #expect(try HostSwitches.rollout("users:" + addresses.joined(separator: ",")).get() == .users(Set(addresses)))
        #expect(throws: SwitchProblem.self) { try HostSwitches.rollout("users:" + (addresses + ["one@more.com"]).joined(separator: ",")).get() }
    }

    @Test func aModuleOffTakesAlongWhatRequiresOnlyWhatItProvides() {
        let login = ModuleManifest(id: "login", title: "Login", version: "1", provides: [.currentUser])
        let rides = ModuleManifest(id: "rides", title: "Rides", version: "1", requires: [.currentUser], provides: ["rides"])
        let bills = ModuleManifest(id: "bills", title: "Bills", version: "1", requires: ["rides"])
        let shop = ModuleManifest(id: "shop", title: "Shop", version: "1")
        var switches = HostSwitches()
        switches.modules["login"] = .init(isOn: false, change: .init(at: 0, by: "ada", reason: "maintenance", what: "login off", generation: 1))
        let off = switches.modulesOff(among: [login, rides, bills, shop])
        #expect(
            off == [
                "login": "switched off", "rides": "requires current-user, which login provides", "bills": "requires rides, which rides provides",
            ])
        // Another provider of the user keeps the others on; a module the plan lacks is ignored.
        let other = ModuleManifest(id: "sso", title: "SSO", version: "1", provides: [.currentUser])
        #expect(switches.modulesOff(among: [login, other, rides]) == ["login": "switched off"])
        switches.modules["gone"] = .init(isOn: false, change: switches.modules["login"]!.change)
        switches.modules["login"]?.isOn = true
        #expect(switches.modulesOff(among: [login, rides]).isEmpty)
        // What a disable would take along, asked before it is made: the switches themselves unchanged.
        #expect(
            switches.modulesOff(among: [login, rides, shop], adding: ["login"])
                == ["login": "switched off", "rides": "requires current-user, which login provides"])
        #expect(switches.modulesOff(among: [login, rides, shop]).isEmpty)
    }
}
