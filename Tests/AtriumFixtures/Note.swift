import AtriumSDK
import Foundation

struct Note: Codable, Sendable, Equatable {
    var text: String
}
