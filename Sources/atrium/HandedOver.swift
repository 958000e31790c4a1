import ArgumentParser
import AtriumHost
import AtriumStorage
import Logging

/// What `atrium serve --take-over` was handed by the host serving the same SQLite database, asked
/// for as soon as the host's own settings are read (before its listener starts): that host's
/// listening socket and lock file, or nothing when no host serves the database (this one then
/// serves as usual).
struct HandedOver {
    #if os(Linux)
        var take: HandOverTake?
    #endif
    /// Why no hand-over could be asked for, thrown once the configuration is read.
    var failure: (any Error)?

    /// Nothing asked for.
    init() {}

    init(storage: StorageSettings, logger: Logger) {
        guard storage.kind == .sqlite else {
            failure = ValidationError(
                "--take-over is for storage.kind: sqlite (one host per database); on postgres, restart hosts one at a time behind a balancer")
            return
        }
        #if os(Linux)
            do {
                take = try HandOverTake.begin(databasePath: storage.path)
                if let take {
                    logger.notice("taking over from the host serving \(storage.path)", metadata: ["process": "\(take.giver)"])
                } else {
                    logger.notice("no host serves \(storage.path): serving as usual")
                }
            } catch {
                failure = ValidationError("the host serving \(storage.path) cannot be taken over: \(error)")
            }
        #else
            failure = ValidationError("--take-over works on Linux only")
        #endif
    }

    /// The listening socket handed over, if one was.
    var socket: CInt? {
        #if os(Linux)
            take?.socket
        #else
            nil
        #endif
    }

    func check() throws {
        if let failure { throw failure }
    }
}
