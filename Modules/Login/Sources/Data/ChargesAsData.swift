import AtriumSDK
import Foundation

/// Charges stored before they were data, as an English sentence ("E-bike ride, 12 minutes"), get
/// their data beside it (`kind`, `vehicleName`, `minutes`), so they are worded in the reader's
/// language like every charge since. An expand migration: the sentence stays, and a host of a
/// version that reads only the sentence reads them as before. A sentence not in that form stays
/// as it is, shown as stored.
enum ChargesAsData {
    static let migration = StorageMigration.expand("1-charges-as-data") { migrator in
        try await migrator.rewrite(collection: StoredCharges.collection) { _, json in try withData(json) }
    }

    /// The record's JSON with each sentence charge's data added; the same JSON when none has a
    /// sentence in the form a ride's was written.
    static func withData(_ json: Data) throws -> Data {
        guard var record = try JSONSerialization.jsonObject(with: json) as? [String: Any], let latest = record["latest"] as? [Any] else {
            return json
        }
        var changed = false
        record["latest"] = latest.map { element -> Any in
            guard var charge = element as? [String: Any], charge["kind"] == nil, let sentence = charge["what"] as? String,
                let ride = ride(in: sentence)
            else { return element }
            charge["kind"] = "ride"
            charge["vehicleName"] = ride.vehicleName
            charge["minutes"] = ride.minutes
            changed = true
            return charge
        }
        return changed ? try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys]) : json
    }

    /// The vehicle and minutes of "<vehicle> ride, <minutes> minutes", the only sentence charges had.
    static func ride(in sentence: String) -> (vehicleName: String, minutes: Int)? {
        guard sentence.hasSuffix(" minutes"), let comma = sentence.range(of: " ride, ", options: .backwards) else { return nil }
        let vehicleName = String(sentence[..<comma.lowerBound])
        let count = sentence[comma.upperBound...].dropLast(" minutes".count)
        guard !vehicleName.isEmpty, let minutes = Int(count), minutes >= 0 else { return nil }
        return (vehicleName, minutes)
    }
}
