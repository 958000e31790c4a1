import Foundation

/// Keeps documents as files in a folder (an app's caches folder), so they survive the app's
/// restart: one file per address, written atomically.
public actor FileDocumentStore: DocumentStore {
    private let folder: URL

    /// Keeps documents in `folder`, made if needed.
    public init(folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        self.folder = folder
    }

    public func document(for address: String) -> StoredDocument? {
        guard let data = try? Data(contentsOf: file(for: address)) else { return nil }
        guard let document = try? JSONDecoder().decode(StoredDocument.self, from: data), document.address == address else { return nil }
        return document
    }

    public func keep(_ document: StoredDocument) {
        guard let data = try? JSONEncoder().encode(document) else { return }
        // A full disk loses the copy, never the page: the person still sees it now.
        try? data.write(to: file(for: document.address), options: .atomic)
    }

    public func removeAll() {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for file in files where file.pathExtension == "document" { try? FileManager.default.removeItem(at: file) }
    }

    /// A file name from the address: its bytes in hexadecimal, so no address can name a file
    /// outside the folder; a long one is cut and told apart by its length and a checksum.
    private func file(for address: String) -> URL {
        let bytes = Array(address.utf8)
        var name = bytes.prefix(100).map { String(format: "%02x", $0) }.joined()
        if bytes.count > 100 {
            var sum: UInt64 = 14_695_981_039_346_656_037
            for byte in bytes { sum = (sum ^ UInt64(byte)) &* 1_099_511_628_211 }
            name += "-\(bytes.count)-\(String(sum, radix: 16))"
        }
        return folder.appending(path: name + ".document")
    }
}
