#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's environment variables, read straight from the C `environ` array. Foundation's
/// `ProcessInfo.processInfo.environment` reached its dictionary's type through its mangled name
/// on first use, which had the Swift runtime scan every conformance record of this binary: about
/// 0.6 ms of CPU on the path of every start, for a few dozen strings.
package enum ProcessEnvironment {
    /// Each `NAME=value` entry; an entry without `=` is not a variable and is skipped, and of a name
    /// set twice the first is kept, as `getenv` reads it.
    package static func variables() -> [String: String] {
        var variables: [String: String] = [:]
        let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
        guard var entry = start else { return variables }
        while let text = entry.pointee {
            let line = String(cString: text)
            if let equals = line.utf8.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(line[..<equals])
                if variables[name] == nil { variables[name] = String(line[line.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }
}
