/// The 64-bit FNV-1a hash: a short, stable name for bytes (a long address's file, a session's
/// documents), not a secret.
enum FNV1a {
    static func digest(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var sum: UInt64 = 14_695_981_039_346_656_037
        for byte in bytes { sum = (sum ^ UInt64(byte)) &* 1_099_511_628_211 }
        return sum
    }
}
