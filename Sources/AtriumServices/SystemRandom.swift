import AtriumSDK
import AtriumSupport
import Foundation

/// Random values from the system's secure generator.
package struct SystemRandom: RandomSource {
    package init() {}

    package func digits(_ count: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<max(count, 0)).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
    }

    package func token(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let data = Data((0..<max(bytes, 0)).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
        return Base64URL.encode(data)
    }
}
