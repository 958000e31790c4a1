import ArgumentParser
import AtriumClient
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `atrium open URL`: a terminal client of a running host, built on the native client kit alone.
struct Open: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Use a running host's pages in the terminal, as a native app does (through the AtriumClient kit).",
        discussion: """
            Shows a page as text with its links, fields, toggles and buttons numbered. Type:
              N            follow link N or press button N (a form's button sends the form)
              N text       type text into field N, or choose option text of picker N
              N            on a field: asks for its value; on a toggle: switches it
              g /path      open another page of the host
              r            load the page again
              q            quit (end of input too)
            A live page is updated in place when what it shows changes.
            """
    )

    @Argument(help: "The page to open, such as http://127.0.0.1:8080/pilot.")
    var url: String

    @Flag(help: "Do not follow the page's live updates.")
    var noLive = false

    func validate() throws {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https", parsed.host != nil
        else {
            throw ValidationError("'\(url)' is not an http(s) address, such as http://127.0.0.1:8080/pilot.")
        }
    }

    func run() async throws {
        guard let parsed = URL(string: url), var components = URLComponents(url: parsed, resolvingAgainstBaseURL: false) else { return }
        let path =
            (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + (components.percentEncodedQuery.map { "?" + $0 } ?? "")
        components.path = ""
        components.query = nil
        components.fragment = nil
        guard let base = components.url else { return }
        let session = TerminalSession(client: AtriumClient(base: base), live: !noLive)
        await session.run(opening: path)
    }
}
