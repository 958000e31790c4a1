import Foundation

/// How an issued code reaches its person (a log line in development, a mail or SMS gateway).
public protocol CodeDelivery: Sendable {
    func deliver(_ message: CodeMessage) async throws
}
