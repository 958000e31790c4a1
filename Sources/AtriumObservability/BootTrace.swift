import Foundation
import Synchronization

/// Where boot time goes: with `ATRIUM_BOOT_TRACE` set in the environment, each step of `atrium
/// serve`'s boot writes `boot-trace <step> <CLOCK_MONOTONIC nanoseconds>` to standard error the first
/// time it is passed (the benchmark prints the median of each). Without it, a step costs one check.
package enum BootTrace {
    static let isOn = getenv("ATRIUM_BOOT_TRACE") != nil
    private static let passed = Mutex<Set<String>>([])

    /// Notes that boot has reached `step` (a word, no spaces).
    package static func mark(_ step: String) {
        guard isOn, passed.withLock({ $0.insert(step).inserted }) else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        // Straight to the file descriptor: Foundation's FileHandle would add its own start-up to the step.
        var line = "boot-trace \(step) \(Int(now.tv_sec) * 1_000_000_000 + now.tv_nsec)\n"
        line.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}
