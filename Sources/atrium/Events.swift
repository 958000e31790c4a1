import ArgumentParser
import AtriumEvents
import AtriumHost
import AtriumStorage
import Foundation

/// `atrium events`: the module events waiting for a subscriber (pending, retrying, failed, or held
/// behind a failed one of their aggregate), and retrying or discarding one.
struct Events: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List the module events not yet handled by their subscribers; retry or discard one.",
        subcommands: [List.self, Retry.self, Discard.self],
        defaultSubcommand: List.self
    )

    /// Opens the configuration's storage (as `render` does: beside a serving host is fine).
    static func withStorage<Value>(_ options: ConfigurationOptions, _ body: (any HostStorage) async throws -> Value) async throws -> Value {
        let (_, storage) = try await options.openStorage(logger: Console.logger(level: .warning))
        defer { try? storage.close() }
        do {
            return try await body(storage)
        } catch {
            // The server's own words (PostgresNIO describes its errors generically).
            throw DescribedStorageError(error)
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List pending and failed deliveries, oldest first, with what each waits for.")

        @OptionGroup var options: ConfigurationOptions

        @Flag(name: .long, help: "Print JSON.")
        var json = false

        @Option(help: "At most this many deliveries.")
        var limit = 1000

        func run() async throws {
            let (deliveries, hosts) = try await Events.withStorage(options) {
                (try await EventOutboxes.outbox(on: $0).deliveries(limit: limit), try await HostFleet.live(on: $0))
            }
            // With hosts serving, a delivery none of them reads waits for one that does.
            let readers = hosts.isEmpty ? nil : hosts.flatMap { $0.subscriptions.compactMap(EventReader.init(text:)) }
            let now = Date().timeIntervalSince1970
            if json {
                try Console.printJSON(EventsReport.objects(deliveries, now: now, readers: readers))
            } else {
                for line in EventsReport.lines(deliveries, now: now, readers: readers) { Console.show(line) }
            }
        }
    }

    struct Retry: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "retry", abstract: "Deliver a pending or failed delivery again now, with its tries counted afresh.")

        @OptionGroup var options: ConfigurationOptions

        @Argument(help: "The delivery's number, as `atrium events` lists it (#42 or 42).")
        var number: String

        func run() async throws {
            try await Events.act(
                on: number, options: options, done: "is due now: a delivering host takes it within events.sweepSeconds, at once on PostgreSQL"
            ) {
                try await $0.retry(number: $1, at: Date().timeIntervalSince1970)
            }
        }
    }

    struct Discard: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "discard", abstract: "Delete a delivery without handling it; the later events of its aggregate go on.")

        @OptionGroup var options: ConfigurationOptions

        @Argument(help: "The delivery's number, as `atrium events` lists it (#42 or 42).")
        var number: String

        func run() async throws {
            try await Events.act(on: number, options: options, done: "is discarded: its subscriber will not handle it") {
                try await $0.discard(number: $1)
            }
        }
    }

    /// Does `action` to the delivery `text` names, and says `done` of it, or that there is no such one.
    static func act(
        on text: String, options: ConfigurationOptions, done: String, _ action: @escaping (any EventOutbox, Int64) async throws -> Bool
    ) async throws {
        let number = try number(text)
        guard try await withStorage(options, { try await action(EventOutboxes.outbox(on: $0), number) }) else {
            FileHandle.standardError.write(Data("There is no delivery #\(number) waiting (atrium events lists them).\n".utf8))
            throw ExitCode(1)
        }
        print("Delivery #\(number) \(done).")
    }

    static func number(_ text: String) throws -> Int64 {
        guard let number = Int64(text.hasPrefix("#") ? String(text.dropFirst()) : text), number > 0 else {
            throw ValidationError("'\(text)' is not a delivery number: write one that atrium events lists, such as 42")
        }
        return number
    }
}
