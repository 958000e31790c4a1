/// Where the current visitor's (or user's) registration is kept.
public protocol RegistrationRepository: Sendable {
    func current() async throws -> RegisteredPilot?
    func save(_ pilot: RegisteredPilot) async throws
    func delete() async throws
}
