/// What code sign-in counts, each kept in storage so a restart (or another host) keeps it.
public struct CodeCounters: Sendable {
    /// Wrong codes per client address.
    public var guessesByAddress: any CodeAttemptRepository
    /// Wrong codes per email, across every code sent to it.
    public var guessesByEmail: any CodeAttemptRepository
    /// Codes asked for per client address.
    public var requestsByAddress: any CodeAttemptRepository
    /// Codes sent per email.
    public var sendsByEmail: any CodeAttemptRepository

    public init(
        guessesByAddress: any CodeAttemptRepository, guessesByEmail: any CodeAttemptRepository, requestsByAddress: any CodeAttemptRepository,
        sendsByEmail: any CodeAttemptRepository
    ) {
        self.guessesByAddress = guessesByAddress
        self.guessesByEmail = guessesByEmail
        self.requestsByAddress = requestsByAddress
        self.sendsByEmail = sendsByEmail
    }
}
