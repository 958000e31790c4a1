import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An executable built beside `atrium` that a command runs in its own place (`atrium open` runs
/// `atrium-open`; `atrium new-module` runs `atrium-dev`): what the host's executable would
/// otherwise link and load on every start.
enum SiblingTool {
    /// Runs the executable `name` from `atrium`'s own folder with `arguments`, in this process's
    /// place; says how to build it when it is missing.
    static func exec(_ name: String, _ arguments: [String], missing: String) -> Never {
        let tool = path(of: name)
        guard access(tool, X_OK) == 0 else { fail("\(tool) is missing: \(missing)") }
        var pointers = ([tool] + arguments).map { strdup($0) } + [nil]
        execv(tool, &pointers)
        fail("could not run \(tool): \(String(cString: strerror(errno)))")
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data(("atrium: " + message + "\n").utf8))
        Foundation.exit(1)
    }

    /// `name` in the folder of the running executable (`/proc/self/exe`, whatever the name it was
    /// started by).
    static func path(of name: String) -> String {
        #if os(Linux)
            let executable =
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        #else
            let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]
        #endif
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent(name).path
    }
}
