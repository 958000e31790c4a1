import AtriumSDK

/// Orders modules so that each boots after the modules providing what it requires.
enum BootOrder {
    /// A cycle, as the ids along it, first id repeated at the end.
    struct Cycle: Error, Equatable {
        var path: [String]
    }

    /// Modules in an order where providers come first; ties keep the configuration's order.
    static func sorted(_ manifests: [ModuleManifest]) throws(Cycle) -> [ModuleManifest] {
        let byID = Dictionary(manifests.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        func providers(of manifest: ModuleManifest) -> [String] {
            manifest.requires.flatMap { capability in
                manifests.filter { $0.id != manifest.id && $0.provides.contains(capability) }.map(\.id)
            }
        }
        var order: [ModuleManifest] = []
        var done: Set<String> = []
        var visiting: [String] = []

        func visit(_ id: String) throws(Cycle) {
            if done.contains(id) { return }
            if let start = visiting.firstIndex(of: id) {
                throw Cycle(path: Array(visiting[start...]) + [id])
            }
            guard let manifest = byID[id] else { return }
            visiting.append(id)
            for provider in providers(of: manifest) { try visit(provider) }
            visiting.removeLast()
            done.insert(id)
            order.append(manifest)
        }
        for manifest in manifests { try visit(manifest.id) }
        return order
    }
}
