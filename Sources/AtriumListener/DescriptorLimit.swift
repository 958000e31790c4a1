#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How many files (sockets included) this process may have open, which bounds the connections it
/// can hold.
package enum DescriptorLimit {
    /// What the connection cap leaves for everything else: the database, remote calls, log and
    /// module files.
    package static let reserve = 256

    /// Raises the soft limit to the hard one (servers commonly start at 1,024 while they may have
    /// far more) and returns the limit now in force.
    package static func raised() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        let ceiling: rlim_t = 1 << 20
        let wanted = min(limit.rlim_max, ceiling)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(min(limit.rlim_cur, ceiling))
    }

    /// The limit in force now (after ``raised()``, the one the host runs with).
    package static func current() -> Int {
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        return Int(min(limit.rlim_cur, 1 << 20))
    }

    /// The connection cap: the configured one, else (and never more than) what the descriptors allow.
    static func connectionCap(configured: Int?, descriptors: Int) -> Int {
        let allowed = max(16, descriptors - reserve)
        return min(configured ?? allowed, allowed)
    }

    #if canImport(Glibc)
        private static let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        private static let resource = RLIMIT_NOFILE
    #endif
}
