import Foundation

/// An account: who the user is, their password hash (bcrypt; never the password), and their profile.
public struct Account: Sendable, Hashable, Codable {
    public var id: String
    /// Trimmed and lowercased: the account's key for signing in.
    public var email: String
    public var fullName: String
    /// The password's slow salted hash, set and read by the repository only.
    public var passwordHash: String
    public var givenName: String
    public var familyName: String
    public var nickname: String
    /// An https address, or empty for the initials avatar.
    public var pictureURL: String
    public var pushNotifications: Bool
    public var newsNotifications: Bool

    public init(id: String, email: String, fullName: String, passwordHash: String = "") {
        self.id = id
        self.email = email
        self.fullName = fullName
        self.passwordHash = passwordHash
        let parts = fullName.split(separator: " ", maxSplits: 1).map(String.init)
        givenName = parts.first ?? ""
        familyName = parts.count > 1 ? parts[1] : ""
        nickname = ""
        pictureURL = ""
        pushNotifications = true
        newsNotifications = false
    }

    /// Changes the profile details; the full name follows the given and family names.
    public mutating func setDetails(givenName: String, familyName: String, nickname: String, pictureURL: String) {
        self.givenName = givenName
        self.familyName = familyName
        self.nickname = nickname
        self.pictureURL = pictureURL
        let name = [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ")
        if !name.isEmpty { fullName = name }
    }

    /// How complete the profile is: the share of given name, family name, nickname, email and
    /// picture that are filled in.
    public var completion: Double {
        let fields = [givenName, familyName, nickname, email, pictureURL]
        return Double(fields.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count) / Double(fields.count)
    }

    /// The name to show: the full name, else the email.
    public var displayName: String { fullName.isEmpty ? email : fullName }

    /// "AL" for Ada Lovelace: the avatar shown when there is no picture.
    public var initials: String {
        let words = fullName.split(separator: " ").prefix(2)
        let letters = words.compactMap(\.first).map { String($0).uppercased() }.joined()
        return letters.isEmpty ? String(email.prefix(1)).uppercased() : letters
    }
}
