import ArgumentParser
import Foundation

/// `atrium open URL`: a terminal client of a running host, built on the native client kit alone.
///
/// The client is the executable `atrium-open`, built beside this one (`swift build` builds both),
/// which this command reads the arguments for and then runs in its own place. The host's
/// executable does not link the kit: on Linux the kit's `URLSession` brings FoundationNetworking
/// and with it curl, TLS and Kerberos libraries, which took 5–8 ms of every host's start to load.
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
              w            list the actions waiting to be sent
              s            send the waiting actions now
              c N          cancel waiting action N
              q            quit (end of input too)
            A live page is updated in place when what it shows changes. A form sent or a button
            pressed while the host cannot be reached waits, and is sent once (with its key) when the
            host answers again. With --store the pages seen, the actions waiting and the session
            survive a restart of the terminal client.
            """
    )

    @Argument(help: "The page to open, such as http://127.0.0.1:8080/pilot.")
    var url: String

    @Flag(help: "Do not follow the page's live updates.")
    var noLive = false

    @Option(help: "A folder to keep the pages seen, the actions waiting and the session in (made readable by you alone).")
    var store: String?

    func validate() throws {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(), scheme == "http" || scheme == "https", parsed.host != nil
        else {
            throw ValidationError("'\(url)' is not an http(s) address, such as http://127.0.0.1:8080/pilot.")
        }
    }

    func run() async throws {
        SiblingTool.exec(
            "atrium-open", [url] + (noLive ? ["--no-live"] : []) + (store.map { ["--store", $0] } ?? []),
            missing:
                "`swift build` (or `swift build --product atrium-open`) builds the terminal client beside atrium; it is an executable of its own so that a host does not load the network libraries it needs"
        )
    }
}
