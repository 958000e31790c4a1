import AtriumRuntime
import AtriumServices
import AtriumStorage
import Foundation

/// What `atrium keys` says of each listed host key: which one signs and seals, and what still needs
/// each of the others before it can be removed — the values still sealed under it (counted in the
/// storage by the mark and key id they begin with; each is sealed again under the first key when
/// its module next reads it), and the visitor passes and tokens it signed, which cannot be moved:
/// a pass is issued again under the first key at its next visit, and an unused one lapses after the
/// session lifetime, so an old key is free once nothing is sealed under it and that long has passed
/// since the last host signing with it stopped.
package struct KeysReport: Sendable {
    package struct Key: Sendable {
        /// The key's id (8 hex digits): the 4 bytes a value sealed under it begins with, after the mark.
        package var id: String
        package var signs: Bool
        /// The records still holding a value sealed under it, by module and collection.
        package var sealed: [(module: String, collection: String, count: Int)]

        package var sealedCount: Int { sealed.reduce(0) { $0 + $1.count } }
    }

    package var keys: [Key]
    /// The longest a pass or token an old key signed stays good unused.
    package var signedLifetime: Duration = SessionStore.defaultLifetime

    /// The keys `hostKey` lists, with what `storage` still holds sealed under the older ones.
    package static func make(hostKey: HostKey, storage: any HostStorage) async throws -> KeysReport {
        let ids = try hostKey.ids()
        var keys: [Key] = []
        for (index, id) in ids.enumerated() {
            let sealed = index == 0 ? [] : try await sealedCounts(of: id, in: storage)
            keys.append(Key(id: id.map { String(format: "%02x", $0) }.joined(), signs: index == 0, sealed: sealed))
        }
        return KeysReport(keys: keys)
    }

    /// How a value sealed under the key `id` begins in a record: a JSON string's quote, then the
    /// base64 of the mark and the id (6 bytes: exactly 8 characters, whatever follows).
    static func sealedPrefix(of id: [UInt8]) -> String {
        "\"" + Data(AESGCMSecretSealer.mark + id).base64EncodedString()
    }

    /// The records holding a value sealed under `id`, by module and collection. Base64 may hold a
    /// `/`, which a JSON encoder may write as `\/`: both spellings are looked for.
    static func sealedCounts(of id: [UInt8], in storage: any HostStorage) async throws -> [(module: String, collection: String, count: Int)] {
        let prefix = sealedPrefix(of: id)
        var counts = try await storage.recordsHolding(Data(prefix.utf8))
        if prefix.contains("/") {
            for found in try await storage.recordsHolding(Data(prefix.replacingOccurrences(of: "/", with: "\\/").utf8)) {
                if let index = counts.firstIndex(where: { $0.module == found.module && $0.collection == found.collection }) {
                    counts[index].count += found.count
                } else {
                    counts.append(found)
                }
            }
        }
        return counts.sorted { ($0.module, $0.collection) < ($1.module, $1.collection) }
    }

    private var days: Int { Int(signedLifetime.components.seconds / 86400) }

    /// The report as lines for a terminal.
    package var lines: [String] {
        var lines: [String] = []
        for (index, key) in keys.enumerated() {
            let place = "key \(index + 1) of \(keys.count)  id \(key.id)"
            if key.signs {
                lines.append("\(place)  signs and seals (the first listed)")
                continue
            }
            lines.append("\(place)  verifies and opens only")
            if key.sealed.isEmpty {
                lines.append("  sealed values still under it: none")
            } else {
                let parts = key.sealed.map { "\($0.module)/\($0.collection) \($0.count)" }.joined(separator: ", ")
                lines.append(
                    "  sealed values still under it: \(key.sealedCount) (\(parts)); each is sealed again under key 1 when its module next reads it")
            }
            lines.append(
                "  visitor passes and tokens it signed: issued again under key 1 at their next visit; an unused one lapses \(days) days after the last host signing with this key stopped"
            )
            lines.append(
                key.sealed.isEmpty
                    ? "  remove it once every host has listed key 1 first for \(days) days"
                    : "  keep it: removing it now would sign people out of what is sealed under it")
        }
        return lines
    }

    /// The report as JSON objects.
    package var objects: [[String: Any]] {
        keys.map { key in
            [
                "id": key.id, "signs": key.signs, "sealedCount": key.sealedCount,
                "sealed": key.sealed.map { ["module": $0.module, "collection": $0.collection, "count": $0.count] },
                "signedLifetimeSeconds": key.signs ? 0 : Int(signedLifetime.components.seconds),
            ]
        }
    }
}
