import AtriumClient
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal client behind `atrium open URL [--no-live]`, built on the native client kit alone.
///
/// It is an executable of its own, which `atrium open` runs in its place, so that the host's
/// executable does not link the kit: on Linux the kit's `URLSession` comes from
/// FoundationNetworking, whose curl and TLS libraries took 5–8 ms of every host's start to load.
/// `atrium open` reads and checks the arguments (and gives the help); this reads them again as it
/// hands them on.
@main
enum TerminalClient {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let live = !arguments.contains("--no-live")
        let addresses = arguments.filter { $0 != "--no-live" }
        guard addresses.count == 1, let (base, path) = split(addresses[0]) else {
            FileHandle.standardError.write(Data("usage: atrium open URL [--no-live] (see atrium open --help)\n".utf8))
            exit(64)
        }
        await TerminalSession(client: AtriumClient(base: base), live: live).run(opening: path)
    }

    /// The host's address and the page's path (with its query) in `address`, an http(s) address;
    /// nil for anything else.
    static func split(_ address: String) -> (base: URL, path: String)? {
        guard let parsed = URL(string: address), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https",
            parsed.host != nil, var components = URLComponents(url: parsed, resolvingAgainstBaseURL: false)
        else { return nil }
        let path =
            (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        components.path = ""
        components.query = nil
        components.fragment = nil
        guard let base = components.url else { return nil }
        return (base, path)
    }
}
