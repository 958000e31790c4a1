import AtriumClient
import AtriumSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One person using a host's pages in a terminal (`atrium open`): what they typed into the page
/// shown and not yet sent, the page's live updates, and the lines they type.
final class TerminalSession: @unchecked Sendable {
    private let client: AtriumClient
    private let live: Bool
    private let isTerminal = isatty(STDOUT_FILENO) != 0

    /// What the loop waits for: a line typed, or a live update of the page shown.
    private enum Input: Sendable {
        case line(String)
        case update(LiveUpdate, generation: Int)
        case ended
    }

    private let (inputs, input) = AsyncStream<Input>.makeStream()
    private var visit: Visit?
    private var page: TerminalPage?
    private var values: [String: String] = [:]
    private var toggles: [SceneNode.Toggle: Bool] = [:]
    /// The field the next line is typed into, after its number alone.
    private var asking: (field: SceneNode.Field, form: SceneNode.Form)?
    private var note: String?
    private var watching: Task<Void, Never>?
    private var generation = 0
    /// Where the session's cookies are kept (`--store`), if anywhere.
    private let cookies: CookieFile?
    /// The actions waiting to be sent, as last asked.
    private var waiting: [PendingAction] = []

    init(client: AtriumClient, live: Bool, cookies: CookieFile? = nil) {
        self.client = client
        self.live = live
        self.cookies = cookies
    }

    func run(opening path: String) async {
        startReadingLines()
        await show { try await client.open(path) }
        for await input in inputs {
            switch input {
            case .ended:
                watching?.cancel()
                return
            case .line(let line):
                if await handle(line.trimmingCharacters(in: .whitespaces)) == false {
                    watching?.cancel()
                    return
                }
            case .update(let update, let generation):
                guard generation == self.generation else { continue }
                switch update {
                case .scene(let document, _):
                    guard var visit, visit.document != document else { continue }
                    visit.document = document
                    self.visit = visit
                    note = "(updated live)"
                    draw()
                case .redirect(let path):
                    await show { try await client.open(path) }
                }
            }
        }
    }

    /// Reads standard input on a thread of its own (a blocking read must not hold one of the
    /// threads tasks run on).
    private func startReadingLines() {
        let input = self.input
        let reader = Thread {
            while let line = readLine(strippingNewline: true) { input.yield(.line(line)) }
            input.yield(.ended)
        }
        reader.start()
    }

    /// Handles one line; false to quit.
    private func handle(_ line: String) async -> Bool {
        if let asking {
            self.asking = nil
            values[asking.field.name] = line
            draw()
            return true
        }
        let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
        guard let command = parts.first else {
            draw()
            return true
        }
        let rest = parts.count > 1 ? parts[1] : nil
        switch command {
        case "q", "quit", "exit": return false
        case "r": await show { try await client.refresh() }
        case "w":
            waiting = await client.waitingActions()
            note = waiting.isEmpty ? "Nothing waits to be sent." : Self.list(waiting)
            draw()
        case "s":
            note = Self.report(await client.sendWaiting())
            waiting = await client.waitingActions()
            if waiting.isEmpty { await show { try await client.refresh() } } else { draw() }
        case "c":
            let list = await client.waitingActions()
            guard let number = rest.flatMap({ Int($0) }), list.indices.contains(number - 1) else {
                note = "! c needs the number of a waiting action (w lists them)"
                draw()
                return true
            }
            await client.cancel(list[number - 1].id)
            waiting = await client.waitingActions()
            note = "Cancelled: \(list[number - 1].title)"
            draw()
        case "g":
            guard let path = rest else {
                note = "! g needs a path, such as g /pilot"
                draw()
                return true
            }
            await show { try await client.open(path) }
        default:
            guard let number = Int(command), let items = page?.items, items.indices.contains(number - 1) else {
                note = "! '\(line)' is not a number on this page or a command (q to quit)"
                draw()
                return true
            }
            await use(items[number - 1], text: rest)
        }
        return true
    }

    private func use(_ item: TerminalPage.Item, text: String?) async {
        switch item {
        case .target(let target): await show { try await client.follow(target) }
        case .action(let button): await show { try await client.press(button) }
        case .send(let form):
            let (values, toggles) = (self.values, self.toggles)
            let known = form.inputNames
            await show {
                try await client.submit(
                    form, values: values.filter { known.contains($0.key) }, toggles: toggles.filter { form.toggles.contains($0.key) })
            }
        case .field(let field, let form):
            if let text {
                values[field.name] = text
            } else {
                asking = (field, form)
                note = "\(field.label):"
            }
            draw()
        case .picker(let picker, _):
            if let text, let option = picker.options.first(where: { $0.value == text || $0.label == text }) {
                values[picker.name] = option.value
            } else {
                note = "! choose one of: " + picker.options.map { $0.value }.joined(separator: ", ")
            }
            draw()
        case .toggle(let toggle, _):
            toggles[toggle] = !(toggles[toggle] ?? toggle.isOn)
            draw()
        }
    }

    /// Shows what `load` brings, starting to follow the page live when it is one.
    private func show(_ load: () async throws -> Visit) async {
        do {
            let visit = try await load()
            // What was typed stays only while a form comes back refused (its fields say why).
            if visit.outcome != .invalid && visit.outcome != .unauthorized {
                values = [:]
                toggles = [:]
            }
            if visit.document != nil { self.visit = visit }
            note = Self.describe(visit)
            if visit.document != nil, visit.isCurrent, visit.outcome == .shown { follow(visit.address) }
            var sent = await client.takeSentActions()
            // The host answers again: what waited goes now.
            if visit.status != 0, !(await client.waitingActions()).isEmpty { sent += await client.sendWaiting() }
            if let report = Self.report(sent) { note = [note, report].compactMap { $0 }.joined(separator: "\n") }
        } catch {
            note = "! \(error)"
        }
        waiting = await client.waitingActions()
        if let cookies { cookies.write(await client.cookies) }
        draw()
    }

    /// The waiting actions, numbered, with when each was made.
    private static func list(_ actions: [PendingAction]) -> String {
        let format = Date.FormatStyle(date: .omitted, time: .shortened)
        return "Waiting to be sent (c N cancels one, s sends them now):\n"
            + actions.enumerated().map {
                "  \($0.offset + 1). \($0.element.title.isEmpty ? $0.element.address : $0.element.title) "
                    + "(\($0.element.shownOn ?? $0.element.address), \($0.element.madeAt.formatted(format)))"
            }.joined(separator: "\n")
    }

    /// What became of waiting actions sent, one line each; nil for none.
    private static func report(_ sent: [SentAction]) -> String? {
        guard !sent.isEmpty else { return nil }
        return sent.map { sent in
            let title = sent.action.title.isEmpty ? sent.action.address : sent.action.title
            switch sent.result {
            case .done: return "Sent: \(title)"
            case .refused(let visit): return "! Refused (\(visit.status)): \(title)"
            case .changed: return "! Not done, changed since it was made: \(title) (the page shows it now)"
            case .expired: return "! Not sent, too old: \(title)"
            }
        }.joined(separator: "\n")
    }

    private func follow(_ address: String) {
        watching?.cancel()
        generation += 1
        guard live else { return }
        let generation = self.generation
        let updates = client.watch(address)
        let input = self.input
        watching = Task {
            do {
                for try await update in updates { input.yield(.update(update, generation: generation)) }
            } catch {
                // A page with no stream stays as it is.
            }
        }
    }

    private static func describe(_ visit: Visit) -> String? {
        switch visit.outcome {
        case .shown: nil
        case .unauthorized: "! Not signed in, or the sign-in was refused (401)."
        case .forbidden: "! Not allowed (403)."
        case .notFound: "! No such page (404)."
        case .invalid: "! The form was refused: see the fields (\(visit.status))."
        case .changed: "! Not done: what it was made on changed since the page was shown (409); the page shows it now."
        case .throttled(let seconds): "! Too many tries: wait\(seconds.map { " \($0) s" } ?? "") and try again (429)."
        case .unavailable(let seconds):
            visit.isCurrent
                ? "! Out of service just now (503)\(seconds.map { ": try again in \($0) s" } ?? "")."
                : "! Out of service just now (503): this is the page as last seen, not current."
        case .offline: "! The host cannot be reached: this is the page as last seen, not current (r to try again)."
        case .waiting: "The host cannot be reached: this waits, and is sent once when the host answers (w lists what waits)."
        case .leftSite(let url): "This continues on another site; open it in a browser: \(url)"
        case .failed(let status): "! The host answered \(status)."
        }
    }

    /// Draws the page and the note. Every line goes through `TerminalText.visible` here, where
    /// it reaches the terminal, whatever it holds: the page's words and every note, which quote what
    /// the host sent (an address, an error, a marker's kind) and can hold its escapes.
    private func draw() {
        var text = isTerminal ? "\u{1B}[H\u{1B}[2J" : ""
        if let screen = visit?.screen {
            let locale = visit?.document?.locale.map { Locale(identifier: $0) } ?? Locale(identifier: "en_GB")
            let page = TerminalPage(screen, locale: locale, values: values, toggles: toggles)
            self.page = page
            text += page.lines.map(TerminalText.visible).joined(separator: "\n") + "\n"
        }
        if let note {
            text +=
                "\n" + note.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.visible(String($0)) }.joined(separator: "\n")
                + "\n"
        }
        if !waiting.isEmpty { text += "(\(waiting.count) waiting to be sent: w lists them)\n" }
        text += asking == nil ? "> " : "? "
        FileHandle.standardOutput.write(Data(text.utf8))
        note = nil
    }
}
