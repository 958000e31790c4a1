import AtriumRendering

/// A plan with the operators' run-time switches over its configuration file.
extension HostPlan {
    /// This plan with `switches` applied: a flag a switch sets takes its value; a module switched
    /// off, and each module that requires what only modules off provide, is off (``modulesOff``):
    /// its deliveries wait (``EventRouter/pause(_:)``) until a plan with it on serves.
    package func applying(_ switches: HostSwitches) -> HostPlan {
        var plan = self
        plan.switches = switches
        plan.flags = flags.overriding(switches.flags.compactMapValues { try? HostSwitches.rollout($0.value).get() })
        plan.modulesOff = switches.modulesOff(among: registry.modules.map(\.manifest))
        events.pause(Set(plan.modulesOff.keys))
        return plan
    }

    /// The home page's and the navigation's ways in: those of the modules that are on.
    package var homeEntries: [HomeEntry] {
        modulesOff.isEmpty ? registry.entries : registry.entries.filter { modulesOff[$0.moduleID] == nil }
    }
}
