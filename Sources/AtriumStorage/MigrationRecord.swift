import AtriumSDK
import Foundation

/// A module migration as the database records it: begun, stopped by a failure, or applied, and how
/// far it has come (``MigrationProgress``).
package struct MigrationRecord: Sendable, Equatable {
    package enum State: String, Sendable {
        /// Begun and not finished: running now, or stopped by a crash (it resumes).
        case running
        /// Stopped by an error (recorded): it resumes at the next try.
        case failed
        case applied
    }

    package let module: String
    package let id: String
    package let kind: StorageMigration.Kind
    package let state: State
    package let progress: MigrationProgress
    /// What stopped it, when it failed.
    package let error: String?
    /// When it began, or when it was applied (seconds since 1970).
    package let changedAt: Double

    package init(
        module: String, id: String, kind: String, state: String, progress: String, error: String?, changedAt: Double
    ) {
        self.module = module
        self.id = id
        // A kind or state this build does not know is read as the stricter one.
        self.kind = StorageMigration.Kind(rawValue: kind) ?? .contract
        self.state = State(rawValue: state) ?? .running
        self.progress = MigrationProgress(json: progress)
        self.error = error
        self.changedAt = changedAt
    }

    /// The longest error text kept (a module's error could be long).
    package static func errorText(_ error: any Error) -> String {
        String(String(describing: error).prefix(500))
    }
}

/// How far a migration's rewrites have come, collection by collection: kept in the migration's row
/// and advanced in the transaction of each batch, so a migration resumes after the last batch that
/// committed.
package struct MigrationProgress: Codable, Sendable, Equatable {
    package struct Collection: Codable, Sendable, Equatable {
        /// Records rewritten or deleted so far.
        package var done = 0
        /// The records the collection held when the rewrite began.
        package var total = 0
        /// The last record reached: its owner and key, as the backend orders them.
        package var after: [String]?
        package var finished = false

        package init() {}
    }

    package var collections: [String: Collection] = [:]

    package init() {}

    package init(json: String) {
        self = (try? JSONDecoder().decode(Self.self, from: Data(json.utf8))) ?? Self()
    }

    package var json: String {
        String(decoding: (try? JSONEncoder().encode(self)) ?? Data("{}".utf8), as: UTF8.self)
    }

    /// Records done, of the total, across the collections begun.
    package var done: Int { collections.values.reduce(0) { $0 + $1.done } }
    package var total: Int { collections.values.reduce(0) { $0 + max($1.total, $1.done) } }

    /// Records a rewrite reaches in one transaction.
    package static let batch = 250
}
