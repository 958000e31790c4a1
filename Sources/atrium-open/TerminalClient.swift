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
        var arguments = Array(CommandLine.arguments.dropFirst())
        let live = !arguments.contains("--no-live")
        arguments.removeAll { $0 == "--no-live" }
        var folder: URL?
        if let index = arguments.firstIndex(of: "--store"), index + 1 < arguments.count {
            folder = URL(fileURLWithPath: arguments[index + 1])
            arguments.removeSubrange(index...(index + 1))
        }
        guard arguments.count == 1, let (base, path) = split(arguments[0]) else {
            FileHandle.standardError.write(Data("usage: atrium open URL [--no-live] [--store FOLDER] (see atrium open --help)\n".utf8))
            exit(64)
        }
        let client: AtriumClient
        var cookies: CookieFile?
        if let folder {
            do {
                let store = try FileDocumentStore(folder: folder)
                client = AtriumClient(base: base, store: store)
                cookies = CookieFile(url: folder.appending(path: "cookies.json"))
                if let kept = cookies?.read() { await client.restoreCookies(kept) }
            } catch {
                FileHandle.standardError.write(Data("atrium open: cannot keep pages in '\(folder.path)': \(error.localizedDescription)\n".utf8))
                exit(73)
            }
        } else {
            client = AtriumClient(base: base)
        }
        await TerminalSession(client: client, live: live, cookies: cookies).run(opening: path)
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
