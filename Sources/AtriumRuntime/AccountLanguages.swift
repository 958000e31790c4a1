import AtriumLocalization
import AtriumSDK
import AtriumStorage
import Logging

/// A signed-in person's language, kept on their account (a record the host keeps for the user),
/// so every host and device they sign in on agrees: a choice made on the language page while
/// signed in is kept there, and at sign-in the account's language becomes the device's (the
/// language cookie is set with the session's). An account with none yet takes the device's own
/// choice, if it made one. Only an offered language is ever kept or applied.
package struct AccountLanguages: Sendable {
    /// The records' module: not a module id a module can have (a scene's id is `<module>.<scene>`).
    static let module = "host.localization"
    static let collection = "account"
    static let recordID = "language"

    private struct Choice: Codable, Sendable {
        var language: String
    }

    let storage: any HostStorage

    package init(storage: any HostStorage) {
        self.storage = storage
    }

    private func records(of userID: String) -> any RecordStore {
        storage.records(module: Self.module, owner: .user(userID))
    }

    /// The language kept on `userID`'s account, if any.
    package func language(of userID: String) async throws -> String? {
        try await records(of: userID).record(Choice.self, id: Self.recordID, in: Self.collection)?.language
    }

    /// Keeps `language` on `userID`'s account.
    package func keep(_ language: String, for userID: String) async throws {
        try await records(of: userID).save(Choice(language: language), id: Self.recordID, in: Self.collection)
    }

    /// At sign-in: the language the device should take from the account (nil when the account
    /// keeps none, or one no longer offered, or the device has it); an account keeping none takes
    /// `device`'s choice. A storage failure costs the choice, never the sign-in (it is logged).
    package func languageAtSignIn(of userID: String, device: String?, translations: Translations, logger: Logger) async -> String? {
        do {
            guard let kept = try await language(of: userID) else {
                if let device { try await keep(device, for: userID) }
                return nil
            }
            guard let offered = translations.offeredTag(kept), offered != device else { return nil }
            return offered
        } catch {
            logger.warning("The account's language could not be read or kept at sign-in", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
