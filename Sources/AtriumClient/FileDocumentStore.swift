import Foundation

/// Keeps documents as files in a folder (an app's caches folder), so they survive the app's
/// restart: one file per address, written atomically. The folder and its files are readable by
/// their owner alone (0700 and 0600): a folder that already exists is tightened when the store opens it.
public actor FileDocumentStore: DocumentStore {
    private let folder: URL

    /// Keeps documents in `folder`, made if needed.
    public init(folder: URL) throws {
        let manager = FileManager.default
        try manager.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: Self.folderPermissions])
        try manager.setAttributes([.posixPermissions: Self.folderPermissions], ofItemAtPath: folder.path)
        self.folder = folder
    }

    static let folderPermissions = 0o700
    static let filePermissions = 0o600

    public func document(for address: String) -> StoredDocument? {
        guard let data = try? Data(contentsOf: file(for: address)) else { return nil }
        guard let document = try? JSONDecoder().decode(StoredDocument.self, from: data), document.address == address else { return nil }
        return document
    }

    public func keep(_ document: StoredDocument) {
        guard let data = try? JSONEncoder().encode(document) else { return }
        // A full disk loses the copy, never the page: the person still sees it now.
        write(data, to: file(for: document.address))
    }

    public func removeAll() {
        let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for file in files where file.pathExtension == "document" || file == ownerFile || file == waitingFile {
            try? FileManager.default.removeItem(at: file)
        }
    }

    public func owner() -> String? {
        (try? Data(contentsOf: ownerFile)).map { String(decoding: $0, as: UTF8.self) }
    }

    public func setOwner(_ owner: String?) {
        guard let owner else {
            try? FileManager.default.removeItem(at: ownerFile)
            return
        }
        write(Data(owner.utf8), to: ownerFile)
    }

    private var ownerFile: URL { folder.appending(path: "owner") }

    /// The actions waiting, in one file written atomically: a kill between two writes keeps one
    /// whole list or the other.
    private var waitingFile: URL { folder.appending(path: "waiting.json") }

    // Declared async, as the protocol is: a synchronous one would lose to the protocol's default.
    public func waitingActions() async -> [PendingAction] {
        guard let data = try? Data(contentsOf: waitingFile) else { return [] }
        return (try? JSONDecoder().decode([PendingAction].self, from: data)) ?? []
    }

    public func keepWaiting(_ actions: [PendingAction]) async {
        guard !actions.isEmpty else {
            try? FileManager.default.removeItem(at: waitingFile)
            return
        }
        guard let data = try? JSONEncoder().encode(actions) else { return }
        write(data, to: waitingFile)
    }

    /// Writes `data` atomically, readable by its owner alone (the folder keeps others out while the
    /// file is being written).
    private func write(_ data: Data, to file: URL) {
        guard (try? data.write(to: file, options: .atomic)) != nil else { return }
        try? FileManager.default.setAttributes([.posixPermissions: Self.filePermissions], ofItemAtPath: file.path)
    }

    /// A file name from the address: its bytes in hexadecimal, so no address can name a file
    /// outside the folder; a long one is cut and told apart by its length and a checksum.
    private func file(for address: String) -> URL {
        let bytes = Array(address.utf8)
        var name = bytes.prefix(100).map { String(format: "%02x", $0) }.joined()
        if bytes.count > 100 { name += "-\(bytes.count)-\(String(FNV1a.digest(bytes), radix: 16))" }
        return folder.appending(path: name + ".document")
    }
}
